import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiscountRule } from '../discounts/index.ts';
import { discountCents, type PricingInput, priceOrder } from './pricing.ts';

const line = fc.record({
  unitPriceCents: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 999 }),
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
const input: fc.Arbitrary<PricingInput> = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 20 }),
  discount: rule,
  shipping: fc.record({
    priceCents: fc.integer({ min: 0, max: 5_000 }),
    freeOverCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
  }),
  taxRateBasisPoints: fc.integer({ min: 0, max: 5_000 }),
});

describe('priceOrder', () => {
  it('total = Σ line × qty − discount + shipping + tax, every part a non-negative whole number of cents', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = priceOrder(i);
        const subtotal = i.lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
        expect(t.subtotalCents).toBe(subtotal);
        expect(t.totalCents).toBe(t.subtotalCents - t.discountCents + t.shippingCents + t.taxCents);
        for (const v of Object.values(t)) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
      }),
      { numRuns: 500 },
    );
  });

  it('tax is the rate × (subtotal − discount + shipping), rounded half up to the cent', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = priceOrder(i);
        const exact = ((t.subtotalCents - t.discountCents + t.shippingCents) * i.taxRateBasisPoints) / 10_000;
        expect(Math.abs(t.taxCents - exact)).toBeLessThanOrEqual(0.5);
        if (exact - Math.floor(exact) === 0.5) expect(t.taxCents).toBe(Math.ceil(exact));
      }),
      { numRuns: 500 },
    );
  });

  it('ships free exactly when the subtotal after discount reaches the threshold', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = priceOrder(i);
        const free = i.shipping.freeOverCents !== null && t.subtotalCents - t.discountCents >= i.shipping.freeOverCents;
        expect(t.shippingCents).toBe(free ? 0 : i.shipping.priceCents);
      }),
      { numRuns: 500 },
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
    // 2 × $19.99 + $12.00 = $51.98; 10 % off → $5.20 (5.198 rounded); $46.78 < $50 → shipping $5.99;
    // tax 8 % of $52.77 = $4.2216 → $4.22; total $56.99.
    expect(
      priceOrder({
        lines: [
          { unitPriceCents: 1999, quantity: 2 },
          { unitPriceCents: 1200, quantity: 1 },
        ],
        discount: { kind: 'percent', value: 10, minSubtotalCents: 0 },
        shipping: { priceCents: 599, freeOverCents: 5000 },
        taxRateBasisPoints: 800,
      }),
    ).toEqual({ subtotalCents: 5198, discountCents: 520, shippingCents: 599, taxCents: 422, totalCents: 5699 });
  });

  it('refuses amounts that are not whole cents rather than pricing them', () => {
    const base = { discount: null, shipping: { priceCents: 0, freeOverCents: null }, taxRateBasisPoints: 0 };
    expect(() => priceOrder({ ...base, lines: [{ unitPriceCents: 1.5, quantity: 1 }] })).toThrow(RangeError);
    expect(() => priceOrder({ ...base, lines: [{ unitPriceCents: 100, quantity: 0 }] })).toThrow(RangeError);
    expect(() => priceOrder({ ...base, lines: [{ unitPriceCents: -1, quantity: 1 }] })).toThrow(RangeError);
  });
});
