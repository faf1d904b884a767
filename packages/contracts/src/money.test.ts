import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, fromCents, hasAtMostTwoDecimals, toCents } from './money.ts';

/** Amounts whose decimal still reads back to the same cent (up to ten trillion dollars either way). */
const cents = fc.integer({ min: -1e15, max: 1e15 });
/**
 * Shop-sized amounts: up to ten million dollars either way, the most any contract allows. (Beyond
 * ~$90M the binary noise of `c / 100 * 100` outgrows the two-decimal rule's tolerance.)
 */
const shopCents = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

describe('toCents / fromCents', () => {
  it('give back the cents they started from', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(toCents(fromCents(c))).toBe(c);
      }),
    );
  });

  it('read a decimal as the nearest cent', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(100);
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => {
        expect(Math.abs(toCents(amount) - amount * 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('refuse what is not money', () => {
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => toCents(amount)).toThrow(RangeError);
    }
    expect(() => fromCents(0.5)).toThrow(RangeError);
    expect(() => fromCents(2 ** 53)).toThrow(RangeError);
  });
});

describe('hasAtMostTwoDecimals', () => {
  it('accepts every whole number of cents written as a decimal', () => {
    fc.assert(
      fc.property(shopCents, (c) => {
        expect(hasAtMostTwoDecimals(fromCents(c))).toBe(true);
      }),
    );
  });

  it('refuses a third decimal, and what is not a number', () => {
    expect(hasAtMostTwoDecimals(19.99)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(19.999)).toBe(false);
    expect(hasAtMostTwoDecimals(0.005)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false);
    fc.assert(
      fc.property(shopCents, fc.integer({ min: 1, max: 9 }), (c, thousandth) => {
        expect(hasAtMostTwoDecimals((c * 10 + (c < 0 ? -thousandth : thousandth)) / 1000)).toBe(false);
      }),
    );
  });

  it('accepts exactly what the copies it replaced accepted', () => {
    // The rule as admin-catalog, admin-orders and admin-store each wrote it before.
    const catalogAndOrders = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
    const storeAmount = (v: number) =>
      Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
    const taxRate = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double(),
          shopCents.map((c) => c / 100),
          fc.double({ min: -1e7, max: 1e7 }),
        ),
        (v) => {
          const accepted = hasAtMostTwoDecimals(v);
          expect(accepted).toBe(catalogAndOrders(v));
          expect(accepted).toBe(storeAmount(v));
          expect(accepted).toBe(taxRate(v));
        },
      ),
    );
  });
});

describe('formatMoney / formatAmount', () => {
  it('write money as the shop shows it', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-1999)).toBe('-$19.99');
    expect(formatAmount(1234.5)).toBe('$1,234.50');
    expect(formatAmount(0.1 + 0.2)).toBe('$0.30');
    expect(formatAmount(5, 'EUR', 'de-DE')).toBe(formatMoney(500, 'EUR', 'de-DE'));
  });

  it('builds one formatter per locale and currency, whatever the number of prices', () => {
    const NumberFormat = Intl.NumberFormat;
    let built = 0;
    const counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      built++;
      return new NumberFormat(...args);
    } as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = counting;
    try {
      for (let c = 0; c < 50; c++) formatMoney(c, 'JPY', 'ja-JP');
      for (let c = 0; c < 50; c++) formatMoney(c, 'CHF', 'de-CH');
      expect(formatMoney(100, 'JPY', 'ja-JP')).toBe(
        new NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }).format(1),
      );
    } finally {
      Intl.NumberFormat = NumberFormat;
    }
    expect(built).toBe(2);
  });

  it('formatAmount is formatMoney of the amount in cents', () => {
    fc.assert(
      fc.property(shopCents, (c) => {
        expect(formatAmount(fromCents(c))).toBe(formatMoney(c));
      }),
    );
  });

  it('write every cent, so the text reads back as the same cents', () => {
    fc.assert(
      fc.property(shopCents, (c) => {
        const text = formatMoney(c);
        expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(toCents(Number(text.replace(/[$,]/g, '')))).toBe(c);
      }),
    );
  });
});
