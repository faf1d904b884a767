import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('plural', () => {
  it('takes the singular for exactly one, the plural for every other count', () => {
    expect(plural(1, 'order', 'orders')).toBe('1 order');
    expect(plural(0, 'order', 'orders')).toBe('0 orders');
    expect(plural(2, 'order', 'orders')).toBe('2 orders');
    expect(plural(1.5, 'day', 'days')).toBe('1.5 days');
    expect(plural(-1, 'unit', 'units')).toBe('-1 unit');
  });

  it('formats the count the en-US way', () => {
    expect(plural(1234567, 'product', 'products')).toBe('1,234,567 products');
  });
});
