import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CurrencySettings,
  convertMinor,
  formatAmountIn,
  formatMinor,
  fromMinor,
  hasAtMostDecimals,
  type Presentment,
  presentmentFor,
  ROUNDINGS,
  toBaseMinor,
  toMinor,
} from './currency.ts';
import { currencyUnit, isoCurrency } from './iso-currencies.ts';

const USD = { code: 'USD', digits: 2 };
const to = (code: string, digits: number, rate: number, rounding: Presentment['rounding'] = 'none'): Presentment => ({
  code,
  digits,
  rate,
  rounding,
  converted: true,
});
const digits = fc.integer({ min: 0, max: 4 });
/** Up to $10M in cents: with a rate ≤ 500 and four more digits, every result stays an exact integer. */
const minor = fc.integer({ min: 0, max: 1_000_000_000 });
const rate = fc.integer({ min: 1, max: 500_000_000 }).map((micros) => micros / 1_000_000);

/** The exact converted amount, in the target's minor units, as a float (for bounds only). */
const exact = (m: number, from: number, r: number, d: number) => m * r * 10 ** (d - from);

describe('toMinor / fromMinor', () => {
  it('give back the minor units they started from, whatever the digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), digits, (m, d) => {
        expect(toMinor(fromMinor(m, d), d)).toBe(m);
        expect(hasAtMostDecimals(fromMinor(m, d), d)).toBe(true);
      }),
    );
  });

  it('read yen as yen and dinars to the fils', () => {
    expect(toMinor(1500, 0)).toBe(1500);
    expect(fromMinor(1500, 0)).toBe(1500);
    expect(toMinor(21.375, 3)).toBe(21375);
    expect(toMinor(19.99, 2)).toBe(1999);
    expect(hasAtMostDecimals(1500.5, 0)).toBe(false);
    expect(() => fromMinor(0.5, 2)).toThrow(RangeError);
  });
});

describe('convertMinor', () => {
  it('refuses a result past exact integers rather than rounding it', () => {
    expect(() => convertMinor(Number.MAX_SAFE_INTEGER, USD, to('BBB', 4, 500))).toThrow(RangeError);
  });

  it('leaves the base as it is', () => {
    const base = presentmentFor({ base: USD, presentment: [] }, {});
    fc.assert(
      fc.property(minor, (m) => {
        expect(convertMinor(m, USD, base, true)).toBe(m);
      }),
    );
  });

  it('rounds to the nearest smallest unit, half up, exactly', () => {
    expect(convertMinor(1999, USD, to('JPY', 0, 151.37))).toBe(3026); // 3025.8863
    expect(convertMinor(1999, USD, to('KWD', 3, 0.307123))).toBe(6139); // 6.13938877
    expect(convertMinor(1999, USD, to('EUR', 2, 0.92))).toBe(1839); // 18.3908
    expect(convertMinor(50, USD, to('EUR', 2, 0.5))).toBe(25);
    expect(convertMinor(1, USD, to('EUR', 2, 0.5))).toBe(1); // 0.5 rounds up
    fc.assert(
      fc.property(minor, digits, digits, rate, (m, from, d, r) => {
        const got = convertMinor(m, { code: 'AAA', digits: from }, to('BBB', d, r));
        expect(Number.isSafeInteger(got)).toBe(true);
        expect(Math.abs(got - exact(m, from, r, d))).toBeLessThanOrEqual(0.5 + 1e-6 * Math.max(1, got));
      }),
    );
  });

  it('rounds shelf prices by the rule: whole units, or up to one smallest unit under the next whole one', () => {
    expect(convertMinor(1999, USD, to('EUR', 2, 0.92, 'whole'), true)).toBe(1800);
    expect(convertMinor(1999, USD, to('EUR', 2, 0.92, 'charm'), true)).toBe(1899);
    expect(convertMinor(2000, USD, to('EUR', 2, 1, 'charm'), true)).toBe(1999);
    expect(convertMinor(1999, USD, to('JPY', 0, 151.37, 'charm'), true)).toBe(3099);
    expect(convertMinor(1999, USD, to('KWD', 3, 0.307123, 'charm'), true)).toBe(6999);
    expect(convertMinor(0, USD, to('EUR', 2, 0.92, 'charm'), true)).toBe(0);
    // Only shelf prices: shipping rates and thresholds stay to the smallest unit.
    expect(convertMinor(1999, USD, to('EUR', 2, 0.92, 'charm'))).toBe(1839);
    fc.assert(
      fc.property(minor, digits, rate, fc.constantFrom(...ROUNDINGS), (m, d, r, rounding) => {
        const got = convertMinor(m, USD, to('BBB', d, r, rounding), true);
        const want = exact(m, 2, r, d);
        const whole = 10 ** d;
        if (rounding === 'whole') {
          expect(got % whole).toBe(0);
          expect(Math.abs(got - want)).toBeLessThanOrEqual(whole / 2 + 1e-6 * Math.max(1, got));
        }
        if (rounding === 'charm' && m > 0) {
          const step = 10 ** Math.max(d, 2);
          expect((got + 1) % step).toBe(0);
          expect(got + 1).toBeGreaterThanOrEqual(want - 1e-6 * got);
          expect(got + 1 - step).toBeLessThan(want + 1e-6 * Math.max(1, got));
        }
      }),
    );
  });

  it('goes back to the base at the recorded rate within half a base unit plus the rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), digits, rate, (m, d, r) => {
        const cur = to('BBB', d, r);
        const there = convertMinor(m, USD, cur);
        const back = toBaseMinor(there, USD, cur);
        // `there` is off by ≤ half a unit of the target, which is 1 / (r × 10^(d−2)) base units.
        expect(Math.abs(back - m)).toBeLessThanOrEqual(0.5 + 0.5 / (r * 10 ** (d - 2)) + 1e-6 * m);
      }),
    );
  });
});

describe('presentmentFor', () => {
  const settings: CurrencySettings = {
    base: USD,
    presentment: [
      { code: 'EUR', digits: 2, rate: 0.92, rounding: 'charm', countries: ['DE', 'FR'] },
      { code: 'JPY', digits: 0, rate: 151.37, rounding: 'none', countries: ['JP'] },
    ],
  };

  it('takes the currency chosen, else the shipping country’s, else the base', () => {
    expect(presentmentFor(settings, { chosen: 'JPY', country: 'DE' }).code).toBe('JPY');
    expect(presentmentFor(settings, { chosen: 'USD', country: 'DE' })).toMatchObject({ code: 'USD', converted: false });
    expect(presentmentFor(settings, { country: 'DE' })).toMatchObject({ code: 'EUR', rate: 0.92, converted: true });
    expect(presentmentFor(settings, { chosen: 'CHF', country: 'US' }).code).toBe('USD');
    expect(presentmentFor(settings, {}).code).toBe('USD');
  });
});

describe('formatMinor', () => {
  it('writes each currency with its own minor units', () => {
    expect(formatMinor(3026, { code: 'JPY', digits: 0 })).toBe('¥3,026');
    expect(formatMinor(123450, USD)).toBe('$1,234.50');
    expect(formatMinor(6139, { code: 'KWD', digits: 3 })).toMatch(/^KWD\s6\.139$/);
    expect(formatMinor(1899, { code: 'EUR', digits: 2 }, 'de-DE')).toMatch(/^18,99\s€$/);
  });

  it('writes a wire amount with its currency’s digits', () => {
    expect(formatAmountIn(1500, { code: 'JPY', digits: 0 })).toBe('¥1,500');
    expect(formatAmountIn(19.99, USD)).toBe('$19.99');
    expect(formatAmountIn(6.139, { code: 'KWD', digits: 3 })).toMatch(/^KWD\s6\.139$/);
  });
});

describe('ISO 4217', () => {
  it('knows each currency’s minor units and refuses what is no currency', () => {
    expect(isoCurrency('JPY')?.digits).toBe(0);
    expect(isoCurrency('KWD')?.digits).toBe(3);
    expect(isoCurrency('EUR')?.digits).toBe(2);
    expect(isoCurrency('XAU')).toBeNull();
    expect(isoCurrency('XXX')).toBeNull();
    expect(isoCurrency('ABC')).toBeNull();
    expect(isoCurrency('eur')).toBeNull();
    expect(currencyUnit('JPY')).toEqual({ code: 'JPY', digits: 0 });
  });
});
