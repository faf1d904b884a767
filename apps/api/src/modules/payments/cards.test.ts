import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardBrand, cardExpired, checkCard, luhnValid } from './cards.ts';
import { TEST_CARDS } from './provider.ts';

const card = (number: string, over: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}) => ({
  number,
  exp_month: 12,
  exp_year: 2099,
  cvc: '123',
  name: 'A',
  ...over,
});

describe('cards', () => {
  it('every test card passes Luhn; a changed digit never does', () => {
    for (const n of Object.values(TEST_CARDS)) expect(luhnValid(n)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    // Luhn detects every single-digit error.
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(TEST_CARDS)),
        fc.nat(15),
        fc.integer({ min: 1, max: 9 }),
        (n, pos, bump) => {
          const digit = (Number(n[pos]) + bump) % 10;
          expect(luhnValid(`${n.slice(0, pos)}${digit}${n.slice(pos + 1)}`)).toBe(false);
        },
      ),
    );
  });

  it('knows the brands by prefix', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('card');
  });

  it('a card is good through its expiry month', () => {
    const now = new Date('2030-06-15T12:00:00Z');
    expect(cardExpired(6, 2030, now)).toBe(false);
    expect(cardExpired(5, 2030, now)).toBe(true);
    expect(cardExpired(12, 2029, now)).toBe(true);
    expect(cardExpired(1, 2031, now)).toBe(false);
  });

  // The statuses and messages (number 400, security code 400, expired 422) are the orders routes' table's,
  // asserted over HTTP in payments.test.ts.
  it('refuses a bad number, a security code of the wrong length for the brand, and an expired card', () => {
    const now = new Date('2030-06-15T12:00:00Z');
    const reason = (r: ReturnType<typeof checkCard>) => (r.ok ? 'ok' : r.reason);
    expect(reason(checkCard(card('4242424242424241'), now))).toBe('card_number_invalid');
    expect(reason(checkCard(card(TEST_CARDS.success, { cvc: '1234' }), now))).toBe('card_cvc_invalid');
    expect(reason(checkCard(card('378282246310005', { cvc: '123' }), now))).toBe('card_cvc_invalid');
    expect(reason(checkCard(card(TEST_CARDS.success, { exp_month: 5, exp_year: 2030 }), now))).toBe('card_expired');
    expect(checkCard(card(TEST_CARDS.success), now)).toEqual({ ok: true, value: { brand: 'visa', last4: '4242' } });
    expect(checkCard(card('378282246310005', { cvc: '1234' }), now)).toEqual({
      ok: true,
      value: { brand: 'amex', last4: '0005' },
    });
  });
});
