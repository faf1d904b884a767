import { describe, expect, it } from 'vitest';
import { brandOptions } from './brand-options.ts';

const facets = [
  { id: 'adidas', name: 'Adidas', count: 0 },
  { id: 'apple', name: 'Apple', count: 12 },
  { id: 'bose', name: 'Bose', count: 3 },
  { id: 'ikea', name: 'IKEA', count: 0 },
  { id: 'nike', name: 'Nike', count: 0 },
  { id: 'samsung', name: 'Samsung', count: 1234 },
  { id: 'sony', name: 'Sony', count: 7 },
];

describe('brandOptions', () => {
  it("keeps the documented brands first, then the result's own brands by name, each with its count", () => {
    expect(brandOptions(facets, 'all')).toEqual([
      { value: 'all', label: 'All brands', disabled: false },
      { value: 'apple', label: 'Apple (12)', disabled: false },
      { value: 'samsung', label: 'Samsung (1,234)', disabled: false },
      // In the documented list, but nothing of the current result: shown, not offered.
      { value: 'nike', label: 'Nike (0)', disabled: true },
      { value: 'adidas', label: 'Adidas (0)', disabled: true },
      { value: 'bose', label: 'Bose (3)', disabled: false },
      { value: 'sony', label: 'Sony (7)', disabled: false },
    ]);
  });

  it('keeps the chosen brand selectable even when the result has none of it', () => {
    const values = (selected: string) => brandOptions(facets, selected).map((o) => [o.value, o.disabled]);
    expect(values('nike')).toContainEqual(['nike', false]);
    expect(values('ikea')).toContainEqual(['ikea', false]);
    expect(brandOptions(facets, 'no-such-brand').at(-1)).toEqual({
      value: 'no-such-brand',
      label: 'no-such-brand (0)',
      disabled: false,
    });
  });
});
