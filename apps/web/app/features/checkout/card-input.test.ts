import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPIRY_MSG, formatCardNumber, formatExpiryInput, parseExpiry } from './card-input.ts';

const may2030 = new Date(2030, 4, 15);

describe('parseExpiry', () => {
  it('reads MM/YY and the other ways cards are written', () => {
    expect(parseExpiry('12/34', may2030)).toEqual({ ok: true, month: 12, year: 2034 });
    expect(parseExpiry(' 07 / 31 ', may2030)).toEqual({ ok: true, month: 7, year: 2031 });
    expect(parseExpiry('7/31', may2030)).toEqual({ ok: true, month: 7, year: 2031 });
    expect(parseExpiry('07/2031', may2030)).toEqual({ ok: true, month: 7, year: 2031 });
    expect(parseExpiry('0731', may2030)).toEqual({ ok: true, month: 7, year: 2031 });
    expect(parseExpiry('07-31', may2030)).toEqual({ ok: true, month: 7, year: 2031 });
  });

  it('says what is wrong', () => {
    expect(parseExpiry('', may2030)).toEqual({ ok: false, message: EXPIRY_MSG.required });
    expect(parseExpiry('   ', may2030)).toEqual({ ok: false, message: EXPIRY_MSG.required });
    expect(parseExpiry('12', may2030)).toEqual({ ok: false, message: EXPIRY_MSG.format });
    expect(parseExpiry('12/3', may2030)).toEqual({ ok: false, message: EXPIRY_MSG.format });
    expect(parseExpiry('ab/cd', may2030)).toEqual({ ok: false, message: EXPIRY_MSG.format });
    expect(parseExpiry('123/45', may2030)).toEqual({ ok: false, message: EXPIRY_MSG.format });
    expect(parseExpiry('13/31', may2030)).toEqual({ ok: false, message: EXPIRY_MSG.month });
    expect(parseExpiry('00/31', may2030)).toEqual({ ok: false, message: EXPIRY_MSG.month });
  });

  it('a card is good through the last day of its month (counted in UTC, as the server counts)', () => {
    expect(parseExpiry('06/30', new Date('2030-06-30T23:30:00Z'))).toEqual({ ok: true, month: 6, year: 2030 });
    expect(parseExpiry('06/30', new Date('2030-07-01T00:30:00Z'))).toEqual({ ok: false, message: EXPIRY_MSG.expired });
    expect(parseExpiry('05/30', may2030)).toEqual({ ok: true, month: 5, year: 2030 });
    expect(parseExpiry('04/30', may2030)).toEqual({ ok: false, message: EXPIRY_MSG.expired });
    expect(parseExpiry('12/29', may2030)).toEqual({ ok: false, message: EXPIRY_MSG.expired });
    expect(parseExpiry('01/31', may2030)).toEqual({ ok: true, month: 1, year: 2031 });
  });
});

describe('formatExpiryInput', () => {
  it('puts the slash after the month while typing', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('123')).toBe('12/3');
    expect(formatExpiryInput('1234')).toBe('12/34');
    expect(formatExpiryInput('12345')).toBe('12/34');
    expect(formatExpiryInput('12/')).toBe('12/');
    expect(formatExpiryInput('12/3')).toBe('12/3');
  });

  it('pads a one-digit month the shopper closed with a slash', () => {
    expect(formatExpiryInput('1/')).toBe('01/');
    expect(formatExpiryInput('1/27')).toBe('01/27');
  });

  it('the formatted text parses back to the same date', () => {
    expect(parseExpiry(formatExpiryInput('0731'), may2030)).toEqual({ ok: true, month: 7, year: 2031 });
  });
});

describe('formatCardNumber', () => {
  it('groups digits in fours and drops everything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0025-0000-3155')).toBe('4000 0025 0000 3155');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('')).toBe('');
  });

  it('groups an American Express number 4-6-5, as printed, and stops at its 15 digits', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782 8224 6310 0059 99')).toBe('3782 822463 10005');
    expect(formatCardNumber('37828')).toBe('3782 8');
    expect(formatCardNumber('3782822463')).toBe('3782 822463');
  });

  it('formatting never changes the digits (only drops what is past the brand’s length)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 -]{0,30}$/), (typed) => {
        const digits = typed.replace(/\D/g, '');
        const formatted = formatCardNumber(typed);
        expect(/^[0-9 ]*$/.test(formatted)).toBe(true);
        expect(digits.startsWith(formatted.replace(/ /g, ''))).toBe(true);
        // Formatting what is formatted changes nothing.
        expect(formatCardNumber(formatted)).toBe(formatted);
      }),
    );
  });
});
