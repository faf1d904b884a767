import { describe, expect, it } from 'vitest';
import { addressLines, addressOneLine } from './address-format.ts';

const at = (country: string, over: Record<string, string> = {}) => ({
  name: 'Ada Lovelace',
  line1: '1 Main St',
  city: 'Austin',
  postal_code: '78701',
  country,
  ...over,
});

describe('address lines in the order of the destination country', () => {
  it('writes a US address as "City, ST ZIP"', () => {
    expect(addressLines(at('US', { region: 'TX' }))).toEqual([
      'Ada Lovelace',
      '1 Main St',
      'Austin, TX 78701',
      'United States',
    ]);
  });

  it('writes Canada and Australia the same way', () => {
    expect(addressLines(at('CA', { city: 'Toronto', region: 'ON', postal_code: 'M5V 2T6' }))[2]).toBe(
      'Toronto, ON M5V 2T6',
    );
    expect(addressLines(at('AU', { city: 'Sydney', region: 'NSW', postal_code: '2000' }))[2]).toBe('Sydney, NSW 2000');
  });

  it('writes a British address with the town and the postcode on lines of their own', () => {
    expect(addressLines(at('GB', { city: 'London', postal_code: 'N1 9GU', line2: 'Flat 2' }))).toEqual([
      'Ada Lovelace',
      '1 Main St',
      'Flat 2',
      'London',
      'N1 9GU',
      'United Kingdom',
    ]);
  });

  it('writes German, French and Dutch addresses as "ZIP City"', () => {
    expect(addressLines(at('DE', { city: 'Berlin', postal_code: '10115' }))[2]).toBe('10115 Berlin');
    expect(addressLines(at('FR', { city: 'Paris', postal_code: '75001' }))).toEqual([
      'Ada Lovelace',
      '1 Main St',
      '75001 Paris',
      'France',
    ]);
    expect(addressLines(at('nl', { city: 'Amsterdam', postal_code: '1012 AB' }))).toContain('1012 AB Amsterdam');
  });

  it('names the country, and keeps a stored code outside the list as it is', () => {
    expect(addressLines(at('de')).at(-1)).toBe('Germany');
    expect(addressLines(at('uk')).at(-1)).toBe('UK');
  });

  it('leaves out empty parts and the name on one line', () => {
    expect(addressOneLine(at('US', { line2: '  ', region: 'TX' }))).toBe('1 Main St, Austin, TX 78701, United States');
    expect(addressOneLine(at('US'))).toBe('1 Main St, Austin, 78701, United States');
  });
});
