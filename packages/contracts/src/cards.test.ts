import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_MSG,
  cardBrand,
  cardExpired,
  checkCard,
  checkCardNumber,
  checkCvc,
  DEMO_TEST_CARDS,
  demoCardOutcome,
  luhnValid,
} from './cards.ts';
import { demoCardInput } from './orders.ts';

/** The digit that makes `body` pass Luhn when appended. */
function checkDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return String(d);
  throw new Error('no check digit');
}

const digitString = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((ds) => ds.join(''));
/** A Luhn-valid card number of 12–19 digits. */
const validNumber = digitString(11, 18).map((body) => `${body}${checkDigit(body)}`);

const june2030 = new Date('2030-06-15T12:00:00Z');
const typed = (over: Partial<Parameters<typeof checkCard>[0]> = {}) => ({
  number: '4242 4242 4242 4242',
  cvc: '123',
  exp_month: 12,
  exp_year: 2034,
  name: 'Ada Lovelace',
  ...over,
});

describe('luhnValid', () => {
  it('every test card passes; a changed digit never does', () => {
    for (const c of DEMO_TEST_CARDS) expect(luhnValid(c.number.replace(/ /g, ''))).toBe(true);
    // Luhn detects every single-digit error.
    fc.assert(
      fc.property(validNumber, fc.nat(), fc.integer({ min: 1, max: 9 }), (n, at, bump) => {
        const pos = at % n.length;
        const digit = (Number(n[pos]) + bump) % 10;
        expect(luhnValid(`${n.slice(0, pos)}${digit}${n.slice(pos + 1)}`)).toBe(false);
      }),
    );
  });

  it('exactly one check digit completes any number', () => {
    fc.assert(
      fc.property(digitString(1, 30), (body) => {
        const valid = [...'0123456789'].filter((d) => luhnValid(`${body}${d}`));
        expect(valid).toHaveLength(1);
      }),
    );
  });

  it('refuses anything that is not all digits', () => {
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
    fc.assert(
      fc.property(
        fc.string().filter((s) => /\D/.test(s)),
        (s) => !luhnValid(s),
      ),
    );
  });
});

describe('cardBrand', () => {
  it('knows the brands by issuer prefix', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('2720990000000000')).toBe('mastercard');
    expect(cardBrand('2721000000000000')).toBe('card');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('6500000000000002')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('card');
  });
});

describe('cardExpired', () => {
  it('a card is good through its expiry month', () => {
    expect(cardExpired(6, 2030, june2030)).toBe(false);
    expect(cardExpired(5, 2030, june2030)).toBe(true);
    expect(cardExpired(12, 2029, june2030)).toBe(true);
    expect(cardExpired(1, 2031, june2030)).toBe(false);
  });

  it('counts months in UTC: the last hour of a month in UTC is still that month', () => {
    expect(cardExpired(6, 2030, new Date('2030-06-30T23:59:59Z'))).toBe(false);
    expect(cardExpired(6, 2030, new Date('2030-07-01T00:00:00Z'))).toBe(true);
  });

  it('is expired exactly when (year, month) is before now’s', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2000, max: 2100 }),
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }),
        (month, year, now) => {
          const card = year * 12 + month;
          const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
          expect(cardExpired(month, year, now)).toBe(card < current);
        },
      ),
    );
  });
});

describe('checkCardNumber and checkCvc', () => {
  it('says what is wrong with the number, in order: missing, format, checksum', () => {
    expect(checkCardNumber('')).toEqual({ ok: false, issue: { field: 'number', message: CARD_MSG.numberRequired } });
    expect(checkCardNumber(' - ')).toMatchObject({ issue: { message: CARD_MSG.numberRequired } });
    expect(checkCardNumber('4242')).toMatchObject({ issue: { message: CARD_MSG.numberFormat } });
    expect(checkCardNumber('4242 4242 4242 424x')).toMatchObject({ issue: { message: CARD_MSG.numberFormat } });
    expect(checkCardNumber('4242424242424242424242')).toMatchObject({ issue: { message: CARD_MSG.numberFormat } });
    expect(checkCardNumber('4242 4242 4242 4241')).toMatchObject({ issue: { message: CARD_MSG.invalidNumber } });
    expect(checkCardNumber('4000-0025-0000-3155')).toEqual({ ok: true, digits: '4000002500003155', brand: 'visa' });
  });

  it('takes any Luhn-valid number of 12 to 19 digits, however it is spaced', () => {
    fc.assert(
      fc.property(validNumber, fc.array(fc.constantFrom(' ', '-', ''), { minLength: 19, maxLength: 19 }), (n, seps) => {
        const spaced = [...n].map((d, i) => `${d}${seps[i]}`).join('');
        const result = checkCardNumber(spaced);
        expect(result).toEqual({ ok: true, digits: n, brand: cardBrand(n) });
      }),
    );
  });

  it('a security code has 3 digits, 4 on an Amex; its brand length is judged only once the brand is known', () => {
    expect(checkCvc('', 'visa')).toEqual({ field: 'cvc', message: CARD_MSG.cvcRequired });
    expect(checkCvc('12', 'visa')).toEqual({ field: 'cvc', message: CARD_MSG.cvcFormat });
    expect(checkCvc('12a', null)).toEqual({ field: 'cvc', message: CARD_MSG.cvcFormat });
    expect(checkCvc('1234', 'visa')).toEqual({ field: 'cvc', message: CARD_MSG.invalidCvc });
    expect(checkCvc('123', 'amex')).toEqual({ field: 'cvc', message: CARD_MSG.invalidCvc });
    expect(checkCvc('1234', 'amex')).toBeNull();
    expect(checkCvc(' 123 ', 'mastercard')).toBeNull();
    expect(checkCvc('1234', null)).toBeNull();
  });
});

describe('checkCard', () => {
  it('a good card becomes brand, last 4, expiry and name — nothing else of the number, no CVC', () => {
    expect(checkCard(typed(), june2030)).toEqual({
      ok: true,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, name: 'Ada Lovelace' },
    });
    expect(checkCard(typed({ number: '3782 822463 10005', cvc: '1234', name: '  Ada  ' }), june2030)).toEqual({
      ok: true,
      card: { brand: 'amex', last4: '0005', exp_month: 12, exp_year: 2034, name: 'Ada' },
    });
  });

  it('what it answers passes the server’s contract and carries at most the last 4 digits', () => {
    fc.assert(
      fc.property(validNumber, (n) => {
        const brand = cardBrand(n);
        const result = checkCard(typed({ number: n, cvc: brand === 'amex' ? '1234' : '123' }), june2030);
        if (!result.ok) throw new Error(JSON.stringify(result.issues));
        expect(demoCardInput.safeParse(result.card).success).toBe(true);
        expect(Object.keys(result.card).sort()).toEqual(['brand', 'exp_month', 'exp_year', 'last4', 'name']);
        // The only digits of the number it carries are the last 4.
        expect(JSON.stringify(result.card)).not.toContain(n.slice(0, -4));
        expect(result.card.last4).toBe(n.slice(-4));
      }),
    );
  });

  it('reports every field that is wrong, one message each', () => {
    expect(
      checkCard(typed({ number: '4242 4242 4242 4241', cvc: '', exp_month: 5, exp_year: 2030, name: ' ' }), june2030),
    ).toEqual({
      ok: false,
      issues: [
        { field: 'number', message: CARD_MSG.invalidNumber },
        { field: 'cvc', message: CARD_MSG.cvcRequired },
        { field: 'expiry', message: CARD_MSG.expired },
        { field: 'name', message: 'Name on card is required' },
      ],
    });
    expect(checkCard(typed({ cvc: '1234' }), june2030)).toEqual({
      ok: false,
      issues: [{ field: 'cvc', message: CARD_MSG.invalidCvc }],
    });
    expect(checkCard(typed({ exp_month: 5, exp_year: 2030 }), june2030)).toEqual({
      ok: false,
      issues: [{ field: 'expiry', message: CARD_MSG.expired }],
    });
  });
});

describe('the demo test cards', () => {
  it('each is a valid card whose last 4 decide its outcome; any other card succeeds', () => {
    for (const c of DEMO_TEST_CARDS) {
      expect(c.number.replace(/ /g, '').slice(-4)).toBe(c.last4);
      expect(checkCard(typed({ number: c.number }), june2030).ok).toBe(true);
      expect(demoCardOutcome(c.last4)).toBe(c.outcome);
    }
    expect(demoCardOutcome('0002')).toBe('declined');
    expect(demoCardOutcome('9995')).toBe('insufficient_funds');
    expect(demoCardOutcome('3155')).toBe('requires_confirmation');
    expect(demoCardOutcome('4444')).toBe('succeeds');
  });
});
