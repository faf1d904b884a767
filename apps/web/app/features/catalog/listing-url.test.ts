import { describe, expect, it } from 'vitest';
import { listingSearch, searchFromValues, valuesOf } from './listing-url.ts';

describe('listingSearch', () => {
  it('writes the filters in a fixed order and leaves defaults out', () => {
    expect(
      listingSearch({ page: 2, sort: 'newest', brand: 'all', category: 'books', in_stock: false, q: 'sea & sky' }),
    ).toBe('?category=books&sort=newest&q=sea+%26+sky&page=2');
    expect(listingSearch({ page: 1, category: 'all', brand: 'all', sort: 'popular' })).toBe('');
  });

  it('encodes subcategory names with spaces as the documented links carry them', () => {
    expect(listingSearch({ page: 1, category: 'sports', subcategory: 'team sports', in_stock: true })).toBe(
      '?category=sports&subcategory=team+sports&in_stock=true',
    );
  });

  it('leaves out what the path already says', () => {
    expect(listingSearch({ page: 3, category: 'home', brand: 'ikea' }, ['category'])).toBe('?brand=ikea&page=3');
  });
});

describe('searchFromValues', () => {
  const values = {
    category: 'all',
    subcategory: '',
    featured: '',
    tag: '',
    brand: 'apple',
    sort: 'rating',
    q: '  lamp ',
    min_price: '',
    max_price: '50',
    in_stock: 'true',
  };

  it('turns the filter form into a clean query from page 1', () => {
    expect(searchFromValues(values)).toBe('?brand=apple&sort=rating&q=lamp&max_price=50&in_stock=true');
    expect(searchFromValues(values, ['brand', 'sort'])).toBe('?q=lamp&max_price=50&in_stock=true');
    expect(searchFromValues(valuesOf({ page: 4 }))).toBe('');
  });

  // One listing, one URL; the documented `clothing` entry is the `fashion` category.
  it('writes the documented filter name clothing as the category id fashion, and reads it back as clothing', () => {
    // The shop's categories as the filter lists them: the demo's `fashion` carries the name `clothing`.
    const choices = [
      { value: 'electronics', id: 'electronics', label: 'Electronics' },
      { value: 'clothing', id: 'fashion', label: 'Fashion' },
    ];
    expect(searchFromValues({ ...values, category: 'clothing', brand: 'all', sort: 'popular' }, [], choices)).toBe(
      '?category=fashion&q=lamp&max_price=50&in_stock=true',
    );
    expect(valuesOf({ page: 1, category: 'fashion' }, choices).category).toBe('clothing');
    expect(valuesOf({ page: 1, category: 'electronics' }, choices).category).toBe('electronics');
    // A category the list does not hold (an owner's new one, before the list is read) is kept as it is.
    expect(searchFromValues({ ...values, category: 'candles' }, [], choices)).toMatch(/^\?category=candles&/);
  });

  it('reads the filters that apply back as the form shows them', () => {
    expect(valuesOf({ page: 2, brand: 'sony', min_price: 20, max_price: 99.5, in_stock: true, q: 'tv' })).toEqual({
      category: 'all',
      subcategory: '',
      featured: '',
      tag: '',
      brand: 'sony',
      sort: 'popular',
      q: 'tv',
      min_price: '20',
      max_price: '99.5',
      in_stock: 'true',
    });
  });
});
