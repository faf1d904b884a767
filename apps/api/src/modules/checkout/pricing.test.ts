import type { ShippingRule } from '@shop/contracts/shipping';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiscountRule } from '../discounts/index.ts';
import { discountCents, type PricingInput, priceOrder, refundOfLines, totalsOf } from './pricing.ts';

const rate = fc.integer({ min: 0, max: 10_000 });
const line = fc.record({
  unitPriceCents: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 999 }),
  taxRateBasisPoints: fc.oneof(rate, fc.constantFrom(0, 700, 1900, 2000, 625, 825)),
});
const rule: fc.Arbitrary<DiscountRule | null> = fc.option(
  fc.oneof(
    fc.record({
      kind: fc.constant('percent' as const),
      value: fc.integer({ min: 1, max: 100 }),
      minSubtotalCents: fc.integer({ min: 0, max: 20_000 }),
    }),
    fc.record({
      kind: fc.constant('fixed' as const),
      value: fc.integer({ min: 1, max: 1_000_000 }),
      minSubtotalCents: fc.integer({ min: 0, max: 20_000 }),
    }),
  ),
);
/** A flat rate, free from a threshold after the discount: the rules by weight and subtotal are contracts' shipping.test.ts. */
const flat = (priceCents: number, freeOverCents: number | null): ShippingRule => ({
  rate: { kind: 'flat', priceCents },
  freeOverCents,
  afterDiscount: true,
});
const shipping = fc
  .record({
    priceCents: fc.integer({ min: 0, max: 5_000 }),
    freeOverCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
  })
  .map(({ priceCents, freeOverCents }) => flat(priceCents, freeOverCents));
const priceOf = (rule: ShippingRule) => (rule.rate.kind === 'flat' ? rule.rate.priceCents : Number.NaN);
const input: fc.Arbitrary<PricingInput> = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 20 }),
  discount: rule,
  shipping,
  weightGrams: fc.integer({ min: 0, max: 100_000 }),
  shippingTaxRateBasisPoints: rate,
  pricesIncludeTax: fc.boolean(),
});
/** Today's store: one rate on every line and on shipping, added on top. */
const oneRateExclusive: fc.Arbitrary<PricingInput> = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 20 }),
    discount: rule,
    shipping,
    rate: fc.integer({ min: 0, max: 5_000 }),
  })
  .map(({ rate: r, ...i }) => ({
    ...i,
    lines: i.lines.map((l) => ({ ...l, taxRateBasisPoints: r })),
    weightGrams: 0,
    shippingTaxRateBasisPoints: r,
    pricesIncludeTax: false,
  }));

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

/** |a − b| ≤ 0.5, and exactly b rounded up when b is halfway. */
function expectRoundedHalfUp(actual: number, exact: number) {
  expect(Math.abs(actual - exact)).toBeLessThanOrEqual(0.5);
  if (exact - Math.floor(exact) === 0.5) expect(actual).toBe(Math.ceil(exact));
}

describe('priceOrder', () => {
  it('total = Σ line × qty − discount + shipping (+ tax when added on top), every part a non-negative whole number of cents', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = priceOrder(i);
        const subtotal = sum(i.lines.map((l) => l.unitPriceCents * l.quantity));
        expect(t.subtotalCents).toBe(subtotal);
        expect(t.taxIncluded).toBe(i.pricesIncludeTax);
        const beforeTax = t.subtotalCents - t.discountCents + t.shippingCents;
        if (i.pricesIncludeTax) {
          expect(t.totalCents).toBe(beforeTax);
          expect(t.taxCents).toBeLessThanOrEqual(t.totalCents);
        } else expect(t.totalCents).toBe(beforeTax + t.taxCents);
        for (const v of Object.values(totalsOf(t))) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
      }),
      { numRuns: 500 },
    );
  });

  it('the lines’ shares add up to the totals: discount, tax, tax lines, and line totals + shipping = total', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = priceOrder(i);
        expect(t.lines).toHaveLength(i.lines.length);
        expect(sum(t.lines.map((l) => l.subtotalCents))).toBe(t.subtotalCents);
        expect(sum(t.lines.map((l) => l.discountCents))).toBe(t.discountCents);
        expect(sum(t.lines.map((l) => l.taxCents)) + t.shipping.taxCents).toBe(t.taxCents);
        expect(sum(t.taxLines.map((l) => l.taxCents))).toBe(t.taxCents);
        expect(t.shipping.cents).toBe(t.shippingCents);
        const shippingPaid = t.shipping.cents + (t.taxIncluded ? 0 : t.shipping.taxCents);
        expect(sum(t.lines.map((l) => l.totalCents)) + shippingPaid).toBe(t.totalCents);
        for (const l of t.lines) {
          expect(l.discountCents).toBeGreaterThanOrEqual(0);
          expect(l.discountCents).toBeLessThanOrEqual(l.subtotalCents);
          expect(l.totalCents).toBe(l.subtotalCents - l.discountCents + (t.taxIncluded ? 0 : l.taxCents));
        }
        const rates = t.taxLines.map((l) => l.rateBasisPoints);
        expect(rates).toEqual([...new Set(rates)].sort((a, b) => a - b));
        for (const l of t.taxLines) expect(l.taxCents > 0 || l.taxableCents > 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('spreads the discount by subtotal: each share its exact part rounded down or up, ties to the earlier line', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = priceOrder(i);
        for (const l of t.lines) {
          const exact = t.subtotalCents === 0 ? 0 : (t.discountCents * l.subtotalCents) / t.subtotalCents;
          expect(Math.abs(l.discountCents - exact)).toBeLessThan(1);
        }
      }),
      { numRuns: 500 },
    );
    const twoEqual = priceOrder({
      lines: [
        { unitPriceCents: 1000, quantity: 1, taxRateBasisPoints: 0 },
        { unitPriceCents: 1000, quantity: 1, taxRateBasisPoints: 0 },
      ],
      discount: { kind: 'fixed', value: 1, minSubtotalCents: 0 },
      shipping: flat(0, null),
      weightGrams: 0,
      shippingTaxRateBasisPoints: 0,
      pricesIncludeTax: false,
    });
    expect(twoEqual.lines.map((l) => l.discountCents)).toEqual([1, 0]);
  });

  it('taxes each line after its discount share, and shipping, each rounded half up at its own rate', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = priceOrder(i);
        const share = (amount: number, r: number) =>
          i.pricesIncludeTax ? (amount * r) / (10_000 + r) : (amount * r) / 10_000;
        for (const [n, l] of t.lines.entries()) {
          expectRoundedHalfUp(
            l.taxCents,
            share(l.subtotalCents - l.discountCents, i.lines[n]?.taxRateBasisPoints ?? 0),
          );
        }
        expectRoundedHalfUp(t.shipping.taxCents, share(t.shippingCents, i.shippingTaxRateBasisPoints));
      }),
      { numRuns: 500 },
    );
  });

  it('one rate added on top: tax within half a cent per line (and shipping) of rate × (subtotal − discount + shipping)', () => {
    fc.assert(
      fc.property(oneRateExclusive, (i) => {
        const t = priceOrder(i);
        const exact = ((t.subtotalCents - t.discountCents + t.shippingCents) * i.shippingTaxRateBasisPoints) / 10_000;
        expect(Math.abs(t.taxCents - exact)).toBeLessThanOrEqual((i.lines.length + 1) / 2);
        if (i.lines.length === 1 && t.shippingCents === 0) expectRoundedHalfUp(t.taxCents, exact);
      }),
      { numRuns: 500 },
    );
  });

  it('prices include tax, no discount, free shipping: the shopper pays exactly Σ shelf price × quantity', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), rate, (lines, shippingRate) => {
        const t = priceOrder({
          lines,
          discount: null,
          shipping: flat(499, 0),
          weightGrams: 0,
          shippingTaxRateBasisPoints: shippingRate,
          pricesIncludeTax: true,
        });
        expect(t.totalCents).toBe(sum(lines.map((l) => l.unitPriceCents * l.quantity)));
        expect(t.shippingCents).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('ships free exactly when the subtotal after discount reaches the threshold', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = priceOrder(i);
        const free = i.shipping.freeOverCents !== null && t.subtotalCents - t.discountCents >= i.shipping.freeOverCents;
        expect(t.shippingCents).toBe(free ? 0 : priceOf(i.shipping));
      }),
      { numRuns: 500 },
    );
  });

  it('the same inputs give the same result, so a quote and its order agree', () => {
    fc.assert(
      fc.property(input, (i) => {
        expect(priceOrder(structuredClone(i))).toEqual(priceOrder(i));
      }),
      { numRuns: 200 },
    );
  });

  it('discounts: percent rounded half up, fixed capped at the subtotal, nothing below the minimum', () => {
    fc.assert(
      fc.property(rule, fc.integer({ min: 0, max: 10_000_000 }), (r, subtotal) => {
        const d = discountCents(r, subtotal);
        if (!r || subtotal < r.minSubtotalCents) expect(d).toBe(0);
        else if (r.kind === 'fixed') expect(d).toBe(Math.min(r.value, subtotal));
        else expect(Math.abs(d - (subtotal * r.value) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('prices a known cart', () => {
    // 2 × $19.99 + $12.00 = $51.98; 10 % off → $5.20 (5.198 rounded), $4.00 and $1.20 of it on the lines;
    // $46.78 < $50 → shipping $5.99; tax 8 % of $35.98, $10.80 and $5.99 = $2.88 + $0.86 + $0.48 = $4.22;
    // total $56.99.
    const t = priceOrder({
      lines: [
        { unitPriceCents: 1999, quantity: 2, taxRateBasisPoints: 800 },
        { unitPriceCents: 1200, quantity: 1, taxRateBasisPoints: 800 },
      ],
      discount: { kind: 'percent', value: 10, minSubtotalCents: 0 },
      shipping: flat(599, 5000),
      weightGrams: 0,
      shippingTaxRateBasisPoints: 800,
      pricesIncludeTax: false,
    });
    expect(totalsOf(t)).toEqual({
      subtotalCents: 5198,
      discountCents: 520,
      shippingCents: 599,
      taxCents: 422,
      totalCents: 5699,
    });
    expect(t.lines).toEqual([
      { subtotalCents: 3998, discountCents: 400, taxCents: 288, totalCents: 3886 },
      { subtotalCents: 1200, discountCents: 120, taxCents: 86, totalCents: 1166 },
    ]);
    expect(t.shipping).toEqual({ cents: 599, taxCents: 48 });
    expect(t.taxLines).toEqual([{ rateBasisPoints: 800, taxableCents: 5277, taxCents: 422 }]);
  });

  it('known rates: DE 19 % and 7 % included, US 6.25 % added, a currency without minor digits', () => {
    const one = (unitPriceCents: number, taxRateBasisPoints: number, pricesIncludeTax: boolean) =>
      priceOrder({
        lines: [{ unitPriceCents, quantity: 1, taxRateBasisPoints }],
        discount: null,
        shipping: flat(0, null),
        weightGrams: 0,
        shippingTaxRateBasisPoints: taxRateBasisPoints,
        pricesIncludeTax,
      });
    expect(totalsOf(one(11_900, 1900, true))).toMatchObject({ taxCents: 1900, totalCents: 11_900 });
    expect(totalsOf(one(1070, 700, true))).toMatchObject({ taxCents: 70, totalCents: 1070 });
    expect(totalsOf(one(10_000, 625, false))).toMatchObject({ taxCents: 625, totalCents: 10_625 });
    // Yen: 1200 at 10 % included holds 1200 × 10/110 = 109.09 → 109; at 8 % added, 96 on top.
    expect(totalsOf(one(1200, 1000, true))).toMatchObject({ taxCents: 109, totalCents: 1200 });
    expect(totalsOf(one(1200, 800, false))).toMatchObject({ taxCents: 96, totalCents: 1296 });

    // A German basket: a 119.00 item at 19 %, a 10.70 book at 7 %, 4.90 shipping at 19 % (holds 0.78).
    const de = priceOrder({
      lines: [
        { unitPriceCents: 11_900, quantity: 1, taxRateBasisPoints: 1900 },
        { unitPriceCents: 1070, quantity: 1, taxRateBasisPoints: 700 },
      ],
      discount: null,
      shipping: flat(490, null),
      weightGrams: 0,
      shippingTaxRateBasisPoints: 1900,
      pricesIncludeTax: true,
    });
    expect(totalsOf(de)).toEqual({
      subtotalCents: 12_970,
      discountCents: 0,
      shippingCents: 490,
      taxCents: 2048,
      totalCents: 13_460,
    });
    expect(de.taxLines).toEqual([
      { rateBasisPoints: 700, taxableCents: 1000, taxCents: 70 },
      { rateBasisPoints: 1900, taxableCents: 10_412, taxCents: 1978 },
    ]);
  });

  it('refuses amounts that are not whole cents, and rates outside 0–100 %, rather than pricing them', () => {
    const base = {
      discount: null,
      shipping: flat(0, null),
      weightGrams: 0,
      shippingTaxRateBasisPoints: 0,
      pricesIncludeTax: false,
    };
    const refused = [
      { unitPriceCents: 1.5, quantity: 1, taxRateBasisPoints: 0 },
      { unitPriceCents: 100, quantity: 0, taxRateBasisPoints: 0 },
      { unitPriceCents: -1, quantity: 1, taxRateBasisPoints: 0 },
      { unitPriceCents: 100, quantity: 1, taxRateBasisPoints: 10_001 },
      { unitPriceCents: 100, quantity: 1, taxRateBasisPoints: 8.5 },
    ];
    for (const l of refused) expect(() => priceOrder({ ...base, lines: [l] })).toThrow(RangeError);
    const fine = [{ unitPriceCents: 100, quantity: 1, taxRateBasisPoints: 0 }];
    expect(() => priceOrder({ ...base, lines: fine, shippingTaxRateBasisPoints: -1 })).toThrow(RangeError);
  });
});

describe('refundOfLines', () => {
  it('every line with shipping gives back exactly the total paid, tax included', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = priceOrder(i);
        expect(refundOfLines(t, [...t.lines.keys()], { withShipping: true })).toBe(t.totalCents);
      }),
      { numRuns: 500 },
    );
  });

  it('any split of the lines into two refunds, shipping with either, adds up to the total', () => {
    fc.assert(
      fc.property(
        input.chain((i) =>
          fc.record({
            i: fc.constant(i),
            inFirst: fc.array(fc.boolean(), { minLength: i.lines.length, maxLength: i.lines.length }),
            shippingWithFirst: fc.boolean(),
          }),
        ),
        ({ i, inFirst, shippingWithFirst }) => {
          const t = priceOrder(i);
          const first = [...t.lines.keys()].filter((n) => inFirst[n]);
          const second = [...t.lines.keys()].filter((n) => !inFirst[n]);
          const a = refundOfLines(t, first, { withShipping: shippingWithFirst });
          const b = refundOfLines(t, second, { withShipping: !shippingWithFirst });
          expect(a + b).toBe(t.totalCents);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a line the order does not have, or the same line twice', () => {
    const t = priceOrder({
      lines: [{ unitPriceCents: 1000, quantity: 1, taxRateBasisPoints: 800 }],
      discount: null,
      shipping: flat(0, null),
      weightGrams: 0,
      shippingTaxRateBasisPoints: 800,
      pricesIncludeTax: false,
    });
    expect(refundOfLines(t, [0], { withShipping: false })).toBe(1080);
    expect(() => refundOfLines(t, [1], { withShipping: false })).toThrow(RangeError);
    expect(() => refundOfLines(t, [0, 0], { withShipping: false })).toThrow(RangeError);
  });
});
