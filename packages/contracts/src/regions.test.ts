import { describe, expect, it } from 'vitest';
import { addressWarnings, regionProblem } from './address-rules.ts';
import { address } from './orders.ts';
import { REGIONS, regionCode } from './regions.ts';

const home = { name: 'Ada', line1: '1 Road', city: 'Town' };

describe('states and provinces', () => {
  it('lists each code once, in capitals, per country', () => {
    for (const [country, list] of Object.entries(REGIONS)) {
      const codes = list.map(([code]) => code);
      expect(new Set(codes).size, country).toBe(codes.length);
      for (const code of codes) expect(code).toMatch(/^[A-Z]{2,3}$/);
    }
    expect(REGIONS.US).toHaveLength(59);
    expect(REGIONS.CA).toHaveLength(13);
    expect(REGIONS.AU).toHaveLength(8);
  });

  it('reads a code or a name in any case as its code, and nothing else', () => {
    expect(regionCode('US', 'texas')).toBe('TX');
    expect(regionCode('us', ' Tx ')).toBe('TX');
    expect(regionCode('CA', 'Ontario')).toBe('ON');
    expect(regionCode('AU', 'nsw')).toBe('NSW');
    expect(regionCode('US', 'Narnia')).toBeNull();
    // Elsewhere the region is the text as typed.
    expect(regionCode('DE', ' Bayern ')).toBe('Bayern');
  });

  it('keeps a state as its code in an address, and refuses one that is not on the list', () => {
    const us = { ...home, country: 'US', postal_code: '78701' };
    expect(address.parse({ ...us, region: 'texas' }).region).toBe('TX');
    expect(address.parse({ ...home, country: 'DE', postal_code: '80331', region: 'Bayern' }).region).toBe('Bayern');
    const narnia = address.safeParse({ ...us, region: 'Narnia' });
    expect(narnia.error?.issues).toEqual([
      expect.objectContaining({ path: ['region'], message: 'Choose a state from the list' }),
    ]);
    expect(regionProblem('CA', 'Texas')).toBe('Choose a province or territory from the list');
  });

  it('tells staff when a saved state is not one', () => {
    expect(addressWarnings({ country: 'US', postal_code: '78701', region: 'Texass' })).toEqual([
      '“Texass” is not a United States state: check it with the customer.',
    ]);
    expect(addressWarnings({ country: 'US', postal_code: '78701', region: 'TX' })).toEqual([]);
  });
});
