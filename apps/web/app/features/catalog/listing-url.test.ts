import { describe, expect, it } from 'vitest';
import { listingSearch, searchFromForm } from './listing-url.ts';

describe('listingSearch', () => {
  it('writes the filters in a fixed order and leaves defaults out', () => {
    expect(
      listingSearch({ page: 2, sort: 'newest', brand: 'all', category: 'books', in_stock: false, q: 'sea & sky' }),
    ).toBe('?category=books&sort=newest&q=sea+%26+sky&page=2');
    expect(listingSearch({ page: 1, category: 'all', brand: 'all', sort: 'popular' })).toBe('');
  });

  it('encodes subcategory names with spaces as the spec links carry them', () => {
    expect(listingSearch({ page: 1, category: 'sports', subcategory: 'team sports', in_stock: true })).toBe(
      '?category=sports&subcategory=team+sports&in_stock=true',
    );
  });

  it('leaves out what the path already says', () => {
    expect(listingSearch({ page: 3, category: 'home', brand: 'ikea' }, ['category'])).toBe('?brand=ikea&page=3');
  });
});

describe('searchFromForm', () => {
  it('turns a filter form into a clean query from page 1', () => {
    const data = new FormData();
    data.set('q', '  lamp ');
    data.set('category', 'all');
    data.set('brand', 'apple');
    data.set('sort', 'rating');
    data.set('min_price', '');
    data.set('max_price', '50');
    data.set('page', '4');
    data.set('in_stock', 'true');
    expect(searchFromForm(data)).toBe('?brand=apple&sort=rating&q=lamp&max_price=50&in_stock=true');
    expect(searchFromForm(data, ['brand', 'sort'])).toBe('?q=lamp&max_price=50&in_stock=true');
    const defaults = new FormData();
    defaults.set('category', 'all');
    defaults.set('sort', 'popular');
    expect(searchFromForm(defaults)).toBe('');
  });
});
