import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandCountStatement, listingStatement, MAX_NAMED_STATEMENTS, nameOf } from './listing.ts';

const filters = fc.record(
  {
    category: fc.constantFrom('electronics', 'clothing', 'home'),
    subcategory: fc.string({ minLength: 1, maxLength: 20 }),
    brand: fc.constantFrom('apple', 'nike'),
    featured: fc.string({ minLength: 1, maxLength: 20 }),
    q: fc.stringMatching(/^[a-z]{1,10}( [a-z]{1,10}){0,3}$/),
    min_price: fc.integer({ min: 0, max: 100_000 }),
    max_price: fc.integer({ min: 100_000, max: 200_000 }),
    in_stock: fc.constant(true as const),
    page: fc.integer({ min: 1, max: 10_000 }),
    limit: fc.integer({ min: 1, max: 100 }),
  },
  { requiredKeys: [] },
);

/** Which filters are set, whatever their values. */
const shape = (q: Record<string, unknown>) =>
  Object.keys(q)
    .filter((k) => !['page', 'limit'].includes(k))
    .sort()
    .join();

describe('listing statements', () => {
  // First in this file: the other tests use up the process's names.
  it('name at most MAX_NAMED_STATEMENTS texts per process, each always under its own name; others go unnamed', () => {
    const names = new Map<string, string | undefined>();
    const sorts = [undefined, 'newest', 'price-low', 'price-high', 'rating', 'popular'] as const;
    for (const sort of sorts) {
      for (const category of [undefined, 'home']) {
        for (const brand of [undefined, 'nike']) {
          for (const in_stock of [undefined, true as const]) {
            for (const count of [true, false]) {
              const st = listingStatement({ sort, category, brand, in_stock }, count, 2);
              if (st.name !== undefined) expect(st.name).toBe(nameOf(st.text));
              names.set(st.text, st.name);
            }
          }
        }
      }
    }
    expect(names.size).toBeGreaterThan(MAX_NAMED_STATEMENTS);
    const issued = [...names.values()].filter((n) => n !== undefined);
    expect(issued.length).toBeGreaterThan(0);
    expect(issued.length).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
    // Asked again, a named text keeps its name and an unnamed one stays unnamed.
    expect(listingStatement({ sort: 'newest' }, true, 2).name).toBe(
      names.get(listingStatement({ sort: 'newest' }, true, 2).text),
    );
  });

  it('keep values out of the text: one name per set of filters and sort, whatever the values', () => {
    fc.assert(
      fc.property(filters, filters, (a, b) => {
        const sa = listingStatement(a, true, 2);
        const sb = listingStatement(b, true, 2);
        expect(sa.text === sb.text).toBe(shape(a) === shape(b));
        expect(nameOf(sa.text) === nameOf(sb.text)).toBe(sa.text === sb.text);
        for (const value of [a.subcategory, a.featured, a.q]) if (value) expect(sa.text).not.toContain(`'${value}'`);
        expect(nameOf(sa.text)).toMatch(/^catalog_[0-9a-f]{16}$/);
      }),
    );
  });

  it('pass limit and offset as the first two parameters', () => {
    expect(listingStatement({ page: 3, limit: 20 }, true, 2).values.slice(0, 2)).toEqual([20, 40]);
    expect(listingStatement({}, false, 2).values).toEqual([20, 0]);
  });

  it('count the matches only when asked, and order by the sort with the id last', () => {
    expect(listingStatement({}, true, 2).text).toContain('select count(*) from products p where p.published');
    expect(listingStatement({}, false, 2).text).not.toContain('from products p where p.published) end');
    expect(listingStatement({ sort: 'price-high' }, true, 2).text).toContain(
      'order by p.sale_price_cents desc, p.id limit $1 offset $2',
    );
    expect(listingStatement({ q: 'red shoes' }, true, 2).text).toMatch(
      /order by ts_rank\(.*\) desc, p\.sold_count desc, p\.id/,
    );
  });

  it('match nothing for a search without words, and leave the brand out of the facets', () => {
    expect(listingStatement({ q: '--' }, true, 2).text).toContain('where p.published and false');
    const facets = brandCountStatement({ category: 'home', brand: 'nike' } as never, 2);
    expect(facets.values).toEqual(['home']);
  });
});
