import { productListQuery } from '@shop/contracts/catalog';
import { SORTS } from '@shop/contracts/categories';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LISTING_PAGE_SIZE, MAX_LISTING_PAGE, parseListing } from './list-query.server.ts';

const parse = (query: string, fixedCategory?: string, fixedBrand?: string) =>
  parseListing(new URLSearchParams(query), { category: fixedCategory, brand: fixedBrand });

describe('parseListing', () => {
  it('keeps a page’s own category or brand whatever the query says (brand pages)', () => {
    expect(parse('category=books&brand=nike&page=2', 'fashion').query).toMatchObject({
      category: 'fashion',
      brand: 'nike',
      page: 2,
    });
    const brandPage = parse('brand=nike&category=books&in_stock=true', undefined, 'apple');
    expect(brandPage.query).toMatchObject({ brand: 'apple', category: 'books', in_stock: true });
    expect(brandPage.params.brand).toBe('apple');
    // A bad brand in the query is not a reason to drop the page's own.
    expect(parse('brand=%25%25', undefined, 'apple').query.brand).toBe('apple');
  });

  it('reads every filter of the URL the way GET /api/products does', () => {
    const { query, params, problem } = parse(
      'category=Electronics&subcategory=smartphones&brand=apple&sort=price-low&q=%20phone%20&min_price=10&max_price=99.5&in_stock=true&page=3',
    );
    expect(problem).toBeUndefined();
    expect(query).toMatchObject({
      category: 'electronics',
      subcategory: 'smartphones',
      brand: 'apple',
      sort: 'price-low',
      q: 'phone',
      min_price: 10,
      max_price: 99.5,
      in_stock: true,
      page: 3,
      limit: LISTING_PAGE_SIZE,
    });
    expect(params).toEqual({
      category: 'electronics',
      subcategory: 'smartphones',
      brand: 'apple',
      sort: 'price-low',
      q: 'phone',
      min_price: 10,
      max_price: 99.5,
      in_stock: true,
      page: 3,
    });
  });

  it('treats the empty fields of a submitted GET form as no filter', () => {
    const { query, params, problem } = parse('q=&category=all&brand=all&sort=popular&min_price=&max_price=');
    expect(problem).toBeUndefined();
    expect(query.min_price).toBeUndefined();
    expect(query.max_price).toBeUndefined();
    expect(params).toEqual({ category: 'all', brand: 'all', sort: 'popular', page: 1 });
  });

  it.each([
    ['sort=cheapest', 'sort', 'popular', `sort must be one of ${SORTS.join(', ')}`],
    ['page=0', 'page', 1, 'page must be at least 1'],
    ['page=abc', 'page', 1, 'page must be a whole number'],
    ['min_price=-5', 'min_price', undefined, 'min_price must not be negative'],
    ['min_price=ten', 'min_price', undefined, 'min_price must be a number'],
    ['in_stock=yes', 'in_stock', undefined, 'in_stock must be true or false'],
  ])('drops the bad value in %s for its default, keeps the rest and says why', (bad, key, fallback, message) => {
    const { query, problem } = parse(`${bad}&brand=nike`);
    expect(problem).toBe(message);
    expect((query as Record<string, unknown>)[key]).toBe(fallback);
    expect(query.brand).toBe('nike');
  });

  it('drops a minimum above the maximum and keeps the maximum', () => {
    const { query, problem } = parse('min_price=100&max_price=10');
    expect(problem).toBe('min_price must not be greater than max_price');
    expect(query.min_price).toBeUndefined();
    expect(query.max_price).toBe(10);
  });

  it('lists by popularity unless another order is chosen, searches included (the select shows it)', () => {
    expect(parse('').query.sort).toBe('popular');
    expect(parse('q=phone').query.sort).toBe('popular');
    expect(parse('q=phone&sort=newest').query.sort).toBe('newest');
  });

  it('drops values with control characters, which PostgreSQL text cannot hold', () => {
    const { query, problem } = parse('category=%00&q=a%00b&brand=apple');
    expect(problem).toBe('category must not contain control characters');
    expect(query.category).toBeUndefined();
    expect(query.q).toBeUndefined();
    expect(query.brand).toBe('apple');
  });

  it('refuses absurd page numbers that would only load the database', () => {
    const { query, problem } = parse(`page=${MAX_LISTING_PAGE + 1}`);
    expect(query.page).toBe(1);
    expect(problem).toBe(`page must be at most ${MAX_LISTING_PAGE}`);
    expect(parse('page=1e300').query.page).toBe(1);
  });

  it("keeps a category page's own category whatever the query says", () => {
    expect(parse('category=books&brand=apple', 'electronics').query).toMatchObject({
      category: 'electronics',
      brand: 'apple',
    });
  });

  it('never throws and always yields a query the API schema accepts', () => {
    const key = fc.constantFrom(
      'category',
      'subcategory',
      'featured',
      'brand',
      'sort',
      'q',
      'min_price',
      'max_price',
      'in_stock',
      'page',
      'limit',
      'other',
    );
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom('', ' ', 'all', 'true', 'false', '-1', '0', '1', '1e9', 'NaN', 'Infinity', 'price-low', '2.5'),
      fc.integer().map(String),
      fc.double().map(String),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 12 }), (pairs) => {
        const search = new URLSearchParams(pairs);
        const { query, params } = parseListing(search);
        expect(productListQuery.safeParse({ ...query, in_stock: query.in_stock ? 'true' : undefined }).success).toBe(
          true,
        );
        expect(query.limit).toBe(LISTING_PAGE_SIZE);
        expect(query.page).toBeGreaterThanOrEqual(1);
        expect(query.page).toBeLessThanOrEqual(MAX_LISTING_PAGE);
        expect(params.page).toBe(query.page);
      }),
    );
  });
});
