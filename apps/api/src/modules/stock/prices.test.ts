import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectivePrices } from './prices.ts';

const cents = fc.nat({ max: 100_000_000 });
const own = fc.option(cents, { nil: null });

describe('effectivePrices', () => {
  it('a variant sells at its own prices, else at its product’s sale and regular price', () => {
    const product = { salePriceCents: 1500, regularPriceCents: 2000 };
    expect(effectivePrices({ priceCents: null, compareAtCents: null }, product)).toEqual({
      priceCents: 1500,
      compareAtCents: 2000,
    });
    expect(effectivePrices({ priceCents: 1200, compareAtCents: null }, product)).toEqual({
      priceCents: 1200,
      compareAtCents: 2000,
    });
    expect(effectivePrices({ priceCents: 0, compareAtCents: 0 }, product)).toEqual({
      priceCents: 0,
      compareAtCents: 0,
    });
  });

  it('each price is the variant’s own whenever it has one, else the product’s, independently of the other', () => {
    fc.assert(
      fc.property(own, own, cents, cents, (price, compareAt, sale, regular) => {
        const got = effectivePrices(
          { priceCents: price, compareAtCents: compareAt },
          { salePriceCents: sale, regularPriceCents: regular },
        );
        expect(got.priceCents).toBe(price === null ? sale : price);
        expect(got.compareAtCents).toBe(compareAt === null ? regular : compareAt);
      }),
    );
  });
});
