import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payLaterTerm } from './pay-later.ts';

/** The ranges the store settings allow: 1–120 invoice days, a 1–720 hour guest hold. */
const settings = fc.record({
  payLaterDays: fc.integer({ min: 1, max: 120 }),
  guestHoldHours: fc.integer({ min: 1, max: 720 }),
});

describe('payLaterTerm', () => {
  it('gives signed-in customers the store’s days', () => {
    expect(payLaterTerm({ payLaterDays: 14, guestHoldHours: 72 }, false)).toEqual({
      hours: 336,
      count: 14,
      unit: 'day',
      cancelledUnpaid: false,
    });
  });

  it('gives guests the hold when it is shorter than the days, else the days', () => {
    expect(payLaterTerm({ payLaterDays: 14, guestHoldHours: 72 }, true)).toEqual({
      hours: 72,
      count: 72,
      unit: 'hour',
      cancelledUnpaid: true,
    });
    expect(payLaterTerm({ payLaterDays: 2, guestHoldHours: 720 }, true)).toEqual({
      hours: 48,
      count: 2,
      unit: 'day',
      cancelledUnpaid: true,
    });
    // A hold exactly as long as the days: told in days.
    expect(payLaterTerm({ payLaterDays: 3, guestHoldHours: 72 }, true)).toMatchObject({ hours: 72, unit: 'day' });
  });

  it('a guest’s term is the shorter of the hold and the days, a customer’s the days; the words say the same length', () => {
    fc.assert(
      fc.property(settings, fc.boolean(), (s, guest) => {
        const term = payLaterTerm(s, guest);
        const days = s.payLaterDays * 24;
        expect(term.hours).toBe(guest ? Math.min(s.guestHoldHours, days) : days);
        expect(term.count * (term.unit === 'day' ? 24 : 1)).toBe(term.hours);
        expect(term.cancelledUnpaid).toBe(guest);
        expect(term.hours).toBeLessThanOrEqual(payLaterTerm(s, false).hours);
      }),
    );
  });
});
