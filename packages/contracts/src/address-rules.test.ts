import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressFormOf, addressWarnings, fieldLabel, postcodeProblem, regionProblem } from './address-rules.ts';
import { COUNTRIES } from './countries.ts';
import { address } from './orders.ts';

const home = { name: 'Ada', line1: '1 Road', city: 'Town' };

describe('address forms by country', () => {
  it('names the region and the postcode as the country does, and says which are required', () => {
    expect(addressFormOf('US')).toMatchObject({
      regionLabel: 'State',
      regionRequired: true,
      postcodeLabel: 'ZIP code',
      postcodeRequired: true,
      postcodeExample: '78701',
      postcodeFirst: false,
    });
    expect(addressFormOf('ca')).toMatchObject({ regionLabel: 'Province', regionRequired: true, postcodeFirst: false });
    expect(addressFormOf('GB')).toMatchObject({
      regionLabel: 'County',
      regionRequired: false,
      postcodeLabel: 'Postcode',
    });
    expect(addressFormOf('DE')).toMatchObject({ regionRequired: false, postcodeRequired: true, postcodeFirst: true });
    expect(addressFormOf('JP')).toMatchObject({ regionLabel: 'Prefecture', postcodeExample: '100-0001' });
    // Hong Kong has no postcodes; an Eircode is not needed to deliver in Ireland.
    expect(addressFormOf('HK').postcodeRequired).toBe(false);
    expect(addressFormOf('IE')).toMatchObject({ postcodeLabel: 'Eircode', postcodeRequired: false });
    expect(fieldLabel('County', false)).toBe('County (optional)');
  });

  it('accepts the postcodes the countries write, in any case, and refuses others with an example', () => {
    const good: [string, string][] = [
      ['US', '78701'],
      ['US', '78701-1234'],
      ['CA', 'k1a 0b1'],
      ['GB', 'SW1A 1AA'],
      ['GB', 'n19gu'],
      ['DE', '10115'],
      ['FR', '75001'],
      ['NL', '1012 ab'],
      ['JP', '100-0001'],
      ['IE', ''],
      ['HK', ''],
    ];
    for (const [country, postcode] of good) expect(postcodeProblem(country, postcode)).toBeNull();
    expect(postcodeProblem('DE', '1234')).toBe('Postal code is not valid for Germany (for example 10115)');
    expect(postcodeProblem('US', 'ABCDE')).toBe('ZIP code is not valid for United States (for example 78701)');
    expect(postcodeProblem('GB', '12345')).toBe('Postcode is not valid for United Kingdom (for example SW1A 1AA)');
    expect(postcodeProblem('NL', '1012')).toBe('Postal code is not valid for Netherlands (for example 1012 AB)');
    expect(postcodeProblem('US', ' ')).toBe('ZIP code is required');
    expect(regionProblem('US', '')).toBe('State is required');
    expect(regionProblem('DE', undefined)).toBeNull();
  });

  it('gives every country on the list a form, and every example fits its own country', () => {
    for (const [code] of COUNTRIES) {
      const form = addressFormOf(code);
      if (form.postcodeExample) expect(postcodeProblem(code, form.postcodeExample)).toBeNull();
      if (form.postcodeRequired) expect(postcodeProblem(code, '')).toMatch(/is required$/);
    }
  });

  it('answers any text of any country without throwing, in one pass over at most 20 characters', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COUNTRIES.map(([code]) => code)),
        fc.string({ maxLength: 40 }),
        (country, text) => {
          const problem = postcodeProblem(country, text);
          expect(problem === null || problem.length > 0).toBe(true);
        },
      ),
    );
  });

  it('puts each message on its own field of the address, one per field', () => {
    const checked = address.safeParse({ ...home, country: 'US', postal_code: '<b>' });
    expect(checked.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['postal_code', 'Postal code must be plain text: no links, e-mail addresses, markup or line breaks'],
      ['region', 'State is required'],
    ]);
    // Too long stops the check at once (the length is judged before anything else reads the text).
    const long = address.safeParse({ ...home, country: 'US', postal_code: 'x'.repeat(21) });
    expect(long.error?.issues.map((i) => i.path.join('.'))).toEqual(['postal_code']);
    // An unknown country: its message alone, no guess at the postcode's shape.
    const unknown = address.safeParse({ ...home, country: 'Germany', postal_code: '1' });
    expect(unknown.error?.issues.map((i) => i.path.join('.'))).toEqual(['country']);
    expect(address.parse({ ...home, country: 'gb', postal_code: 'sw1a 1aa' })).toMatchObject({
      country: 'GB',
      postal_code: 'SW1A 1AA',
    });
  });

  it('tells staff what to check in an address saved before the rules, and nothing in a good one', () => {
    expect(addressWarnings({ country: 'UK', postal_code: 'N1 9GU' })).toEqual([
      '“UK” is not a country code on the ISO list: check the country with the customer.',
    ]);
    expect(addressWarnings({ country: 'gb', postal_code: 'N1' })).toEqual([
      '“N1” is not a United Kingdom postcode: check it with the customer.',
    ]);
    expect(addressWarnings({ country: 'GB', postal_code: 'N1 9GU' })).toEqual([]);
    expect(addressWarnings({ country: 'HK', postal_code: '' })).toEqual([]);
  });
});
