import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, isCountryCode } from './countries.ts';
import { address, addressFields, COUNTRY_MESSAGE, countryCode, storedAddress } from './orders.ts';

const CODES = new Set<string>(COUNTRIES.map(([code]) => code));

const base = { name: 'Ada', line1: '1 Road', city: 'Berlin', postal_code: '10115' };

describe('country codes (ISO 3166-1 alpha-2)', () => {
  it('lists the 249 assigned codes once each, each with an English name', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(CODES.size).toBe(249);
    for (const [code, name] of COUNTRIES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(name.length).toBeGreaterThan(2);
    }
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('ge')).toBe('Georgia');
  });

  it('leaves out what Intl names but ISO 3166-1 does not assign', () => {
    for (const code of ['EU', 'XK', 'UN', 'EZ', 'QO', 'UK', 'XX']) expect(isCountryCode(code)).toBe(false);
  });

  it('accepts every code on the list, upper-cased, in an address', () => {
    // The fields alone: whether 10115 is a postcode there is the country's rule (address-rules.test.ts).
    for (const [code] of COUNTRIES) {
      expect(addressFields.parse({ ...base, country: code }).country).toBe(code);
      expect(addressFields.parse({ ...base, country: code.toLowerCase() }).country).toBe(code);
    }
  });

  it('refuses a country name cut to two letters would have saved as another country, on the field', () => {
    expect(countryCode.parse('GE')).toBe('GE');
    const result = address.safeParse({ ...base, country: 'Germany' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['country'], message: COUNTRY_MESSAGE })]);
  });

  it('refuses codes that are not on the list and a missing country', () => {
    for (const bad of ['XX', 'UK', 'EU', 'D', 'DEU', '', '  ', 'd e', 'x'.repeat(10_000)]) {
      expect(countryCode.safeParse(bad).error?.issues).toEqual([expect.objectContaining({ message: COUNTRY_MESSAGE })]);
    }
    expect(address.safeParse(base).error?.issues[0]).toMatchObject({
      path: ['country'],
      message: 'Country is required',
    });
  });

  it('lets only list members through, whatever string is sent', () => {
    const candidate = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(...CODES).map((c) => c.toLowerCase()),
      fc.stringMatching(/^[A-Za-z]{2}$/),
    );
    fc.assert(
      fc.property(candidate, (input) => {
        const result = countryCode.safeParse(input);
        const expected = CODES.has(input.trim().toUpperCase()) && input.length <= 8;
        expect(result.success).toBe(expected);
        if (result.success) expect(CODES.has(result.data)).toBe(true);
      }),
    );
  });

  it('still answers with an address saved before the list, whatever two letters it holds', () => {
    expect(storedAddress.parse({ ...base, country: 'uk' }).country).toBe('UK');
  });
});
