import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shippingCharge } from './shipping.ts';

const cents = fc.integer({ min: 0, max: 100_000_000 });
const method = fc.record({ priceCents: cents, freeOverCents: fc.option(cents, { nil: null }) });
/** A subtotal and a discount that never exceeds it. */
const order = fc
  .tuple(cents, cents)
  .map(([a, b]) => ({ subtotalCents: Math.max(a, b), discountCents: Math.min(a, b) }));

describe('shippingCharge', () => {
  it('is the method price under the threshold after the discount, and free from it on', () => {
    const standard = { priceCents: 599, freeOverCents: 5000 };
    expect(shippingCharge(standard, { subtotalCents: 4999, discountCents: 0 })).toBe(599);
    expect(shippingCharge(standard, { subtotalCents: 5000, discountCents: 0 })).toBe(0);
    // $55 − $10 = $45: the discount takes the order back under the threshold.
    expect(shippingCharge(standard, { subtotalCents: 5500, discountCents: 1000 })).toBe(599);
    expect(shippingCharge({ priceCents: 1499, freeOverCents: null }, { subtotalCents: 1e8, discountCents: 0 })).toBe(
      1499,
    );
  });

  it('is either nothing or the method price', () => {
    fc.assert(
      fc.property(method, order, (m, o) => {
        expect([0, m.priceCents]).toContain(shippingCharge(m, o));
      }),
    );
  });

  it('depends only on the subtotal after the discount', () => {
    fc.assert(
      fc.property(method, order, cents, (m, o, shift) => {
        const same = { subtotalCents: o.subtotalCents + shift, discountCents: o.discountCents + shift };
        expect(shippingCharge(m, same)).toBe(shippingCharge(m, o));
      }),
    );
  });

  it('is free exactly when the subtotal after the discount reaches the threshold', () => {
    fc.assert(
      fc.property(method, order, (m, o) => {
        const reaches = m.freeOverCents !== null && o.subtotalCents - o.discountCents >= m.freeOverCents;
        expect(shippingCharge(m, o)).toBe(reaches ? 0 : m.priceCents);
      }),
    );
  });

  it('a bigger discount never earns free shipping', () => {
    fc.assert(
      fc.property(method, order, cents, (m, o, more) => {
        const bigger = { ...o, discountCents: Math.min(o.subtotalCents, o.discountCents + more) };
        if (shippingCharge(m, o) !== 0) expect(shippingCharge(m, bigger)).toBe(m.priceCents);
      }),
    );
  });
});
