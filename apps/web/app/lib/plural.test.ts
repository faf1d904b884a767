import { describe, expect, it } from 'vitest';
import { plural, pluralNoun } from './plural.ts';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'order', 'orders')).toBe('1 order');
    expect(plural(0, 'order', 'orders')).toBe('0 orders');
    expect(plural(2, 'order', 'orders')).toBe('2 orders');
    expect(plural(1.5, 'day', 'days')).toBe('1.5 days');
  });

  it('formats the count with en-US grouping', () => {
    expect(plural(1234, 'product', 'products')).toBe('1,234 products');
    expect(plural(1_000_000, 'rating', 'ratings')).toBe('1,000,000 ratings');
  });

  it('gives the noun alone for counts shown apart', () => {
    expect(pluralNoun(1, 'second', 'seconds')).toBe('second');
    expect(pluralNoun(10, 'second', 'seconds')).toBe('seconds');
  });
});
