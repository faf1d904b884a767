import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDiscount, checkKnown, DISCOUNT_MSG, type DiscountState, discountProblem } from './rules.ts';

const now = new Date('2030-01-10T00:00:00Z');
const code = (over: Partial<DiscountState> = {}): DiscountState => ({
  kind: 'percent',
  value: 10,
  minSubtotalCents: 0,
  active: true,
  startsAt: null,
  expiresAt: null,
  usageLimit: null,
  usedCount: 0,
  ...over,
});

describe('discountProblem', () => {
  it('accepts a usable code', () => {
    expect(discountProblem(code(), 100, now)).toBeNull();
    expect(discountProblem(code({ usageLimit: 2, usedCount: 1, minSubtotalCents: 100 }), 100, now)).toBeNull();
  });

  it('says why a code cannot be used', () => {
    expect(discountProblem(undefined, 100, now)).toBe(DISCOUNT_MSG.invalid);
    expect(discountProblem(code({ active: false }), 100, now)).toBe(DISCOUNT_MSG.invalid);
    expect(discountProblem(code({ startsAt: new Date('2030-01-11T00:00:00Z') }), 100, now)).toBe(DISCOUNT_MSG.invalid);
    expect(discountProblem(code({ expiresAt: now }), 100, now)).toBe(DISCOUNT_MSG.expired);
    expect(discountProblem(code({ usageLimit: 1, usedCount: 1 }), 100, now)).toBe(DISCOUNT_MSG.usedUp);
    expect(discountProblem(code({ minSubtotalCents: 2500 }), 2499, now)).toBe(
      'This code needs a subtotal of at least $25.00',
    );
  });

  it('tells the most permanent reason first', () => {
    expect(discountProblem(code({ expiresAt: now, usageLimit: 1, usedCount: 1, minSubtotalCents: 9999 }), 1, now)).toBe(
      DISCOUNT_MSG.expired,
    );
  });
});

describe('checkKnown', () => {
  it('refuses a code the shop does not have as checkDiscount does, whatever the subtotal and the date', () => {
    fc.assert(
      fc.property(fc.nat(), fc.date({ noInvalidDate: true }), (subtotal, at) => {
        expect(checkKnown(undefined)).toEqual(checkDiscount(undefined, subtotal, at));
      }),
    );
    expect(checkKnown(undefined)).toEqual({ ok: false, reason: 'discount_unusable', message: DISCOUNT_MSG.invalid });
  });

  it('leaves no code, and every code the shop has, to checkDiscount', () => {
    expect(checkKnown(null)).toBeUndefined();
    expect(checkKnown(code({ active: false }))).toBeUndefined();
    expect(checkKnown(code({ expiresAt: now }))).toBeUndefined();
  });
});
