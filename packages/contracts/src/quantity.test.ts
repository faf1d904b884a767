import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from './constants.ts';
import { cappedAdd, lineLimit, parseQuantity, QUANTITY_MESSAGES } from './quantity.ts';

describe('parseQuantity', () => {
  it('reads plain digits as the whole number they spell', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (n) => {
        expect(parseQuantity(String(n))).toEqual({ ok: true, value: n });
      }),
    );
    expect(parseQuantity('007')).toEqual({ ok: true, value: 7 });
  });

  it('refuses every spelling a number field or Number() would read but a shopper did not mean', () => {
    for (const text of ['1e3', '1E3', '1.5', '1.0', '+3', '-3', ' 3', '3 ', '0x10', '１', 'Infinity', '', '3,000']) {
      expect(parseQuantity(text), text).toEqual({ ok: false, message: QUANTITY_MESSAGES.whole });
    }
    expect(parseQuantity('0')).toEqual({ ok: false, message: QUANTITY_MESSAGES.min });
  });

  it('accepts a text exactly when it is digits only and not all zeros', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const parsed = parseQuantity(text);
        expect(parsed.ok).toBe(/^[0-9]+$/.test(text) && /[1-9]/.test(text));
        if (parsed.ok) expect(Number.isInteger(parsed.value)).toBe(true);
      }),
    );
  });

  it('answers long texts (digits, or digits with a stray character at the end) without backtracking', () => {
    const long = '9'.repeat(100_000);
    expect(parseQuantity(long).ok).toBe(true);
    expect(parseQuantity(`${long}e`).ok).toBe(false);
  });
});

describe('cappedAdd', () => {
  it('never goes past the limit, adds in full when it fits, and says when it capped', () => {
    fc.assert(
      fc.property(
        fc.nat(2000),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.nat(MAX_LINE_QUANTITY),
        (had, wanted, limit) => {
          const { quantity, capped } = cappedAdd(had, wanted, limit);
          expect(quantity).toBeLessThanOrEqual(limit);
          expect(quantity).toBeGreaterThanOrEqual(0);
          expect(capped).toBe(had + wanted > limit);
          if (!capped) expect(quantity).toBe(had + wanted);
        },
      ),
    );
  });

  it('adding 1000 twice to a stock of 142 leaves 142, capped both times', () => {
    const first = cappedAdd(0, 1000, lineLimit(142));
    expect(first).toEqual({ quantity: 142, capped: true });
    expect(cappedAdd(first.quantity, 1000, lineLimit(142))).toEqual({ quantity: 142, capped: true });
  });
});

describe('lineLimit', () => {
  it('is the stock, at most MAX_LINE_QUANTITY; unknown stock leaves the line maximum', () => {
    expect(lineLimit(142)).toBe(142);
    expect(lineLimit(5000)).toBe(MAX_LINE_QUANTITY);
    expect(lineLimit(0)).toBe(0);
    expect(lineLimit(-3)).toBe(0);
    expect(lineLimit(undefined)).toBe(MAX_LINE_QUANTITY);
  });
});
