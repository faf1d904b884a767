import { describe, expect, it } from 'vitest';
import { cardExpired, checkExpiry } from './cards.ts';

describe('cards', () => {
  it('a card is good through its expiry month', () => {
    const now = new Date('2030-06-15T12:00:00Z');
    expect(cardExpired(6, 2030, now)).toBe(false);
    expect(cardExpired(5, 2030, now)).toBe(true);
    expect(cardExpired(12, 2029, now)).toBe(true);
    expect(cardExpired(1, 2031, now)).toBe(false);
  });

  // The status and message (expired 422) are the orders routes' table's, asserted over HTTP in payments.test.ts.
  it('refuses an expired card by the shop’s clock', () => {
    const now = new Date('2030-06-15T12:00:00Z');
    expect(checkExpiry({ exp_month: 5, exp_year: 2030 }, now)).toMatchObject({ ok: false, reason: 'card_expired' });
    expect(checkExpiry({ exp_month: 6, exp_year: 2030 }, now)).toEqual({ ok: true, value: true });
  });
});
