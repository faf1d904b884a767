import { describe, expect, it } from 'vitest';
import { payLaterTerm } from './pay-later-term.ts';

describe('payLaterTerm', () => {
  const settings = { payLaterDays: 14, guestHoldHours: 72 };

  it('gives signed-in shoppers the store’s days', () => {
    expect(payLaterTerm(settings, false)).toEqual({ term: '14 days', cancelledUnpaid: false });
  });

  it('gives guests the shorter hold, after which an unpaid order is cancelled', () => {
    expect(payLaterTerm(settings, true)).toEqual({ term: '72 hours', cancelledUnpaid: true });
    expect(payLaterTerm({ payLaterDays: 1, guestHoldHours: 1 }, true)).toEqual({
      term: '1 hour',
      cancelledUnpaid: true,
    });
    // A hold longer than the invoice terms: the invoice falls due first.
    expect(payLaterTerm({ payLaterDays: 2, guestHoldHours: 720 }, true)).toEqual({
      term: '2 days',
      cancelledUnpaid: true,
    });
  });
});
