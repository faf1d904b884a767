import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availability } from './availability.ts';
import { shortLine } from './changes.ts';

const stock = fc.option(fc.nat({ max: 10_000 }), { nil: null });
const requested = fc.integer({ min: 1, max: 10_000 });

describe('availability', () => {
  it('is unavailable when not for sale, short below the quantity asked for, in stock from it on', () => {
    expect(availability(null, 1)).toBe('unavailable');
    expect(availability(0, 1)).toBe('insufficient_stock');
    expect(availability(2, 3)).toBe('insufficient_stock');
    expect(availability(3, 3)).toBe('in_stock');
  });

  it('follows the stock: more stock never makes a line less available', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), fc.nat({ max: 10_000 }), requested, (a, more, q) => {
        const rank = { unavailable: 0, insufficient_stock: 1, in_stock: 2 } as const;
        expect(rank[availability(a + more, q)]).toBeGreaterThanOrEqual(rank[availability(a, q)]);
        expect(availability(a, q) === 'in_stock').toBe(a >= q);
      }),
    );
  });
});

describe('shortLine', () => {
  const line = { productId: 'p', variantId: 'v', name: 'Tee', requested: 3 };

  it('says what the shopper can have instead: the price now, and the stock (0 when not for sale)', () => {
    expect(shortLine(line, { stock: 3, priceCents: 1000 })).toBeUndefined();
    expect(shortLine(line, { stock: 2, priceCents: 1000 })).toEqual({
      product_id: 'p',
      variant_id: 'v',
      name: 'Tee',
      reason: 'insufficient_stock',
      expected_price: null,
      current_price: 10,
      requested: 3,
      available: 2,
    });
    expect(shortLine({ ...line, variantId: null, name: null }, { stock: null, priceCents: null })).toEqual({
      product_id: 'p',
      variant_id: null,
      name: 'Unknown product',
      reason: 'unavailable',
      expected_price: null,
      current_price: null,
      requested: 3,
      available: 0,
    });
  });

  it('is a line exactly when availability says the quantity cannot be had, with that reason', () => {
    fc.assert(
      fc.property(stock, requested, (s, q) => {
        const got = shortLine({ ...line, requested: q }, { stock: s, priceCents: 500 });
        const reason = availability(s, q);
        if (reason === 'in_stock') expect(got).toBeUndefined();
        else expect(got).toMatchObject({ reason, requested: q, available: s ?? 0 });
      }),
    );
  });
});
