import type { Product, ProductList } from '@shop/contracts/catalog';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/** The demo's category aliases (its seed): the filter name `clothing` is the `fashion` category. */
const DEMO_ALIASES: Record<string, string> = { clothing: 'fashion' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Mostly absent, so that combined filters still often match rows. */
const opt = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });

/** Any valid query the storefront could send, including unknown filter values. */
const validQuery = fc.record({
  category: opt(fc.constantFrom('all', 'electronics', 'clothing', 'fashion', 'home', 'sports', 'books', 'toys')),
  subcategory: opt(fc.constantFrom('smartphones', 'Headphones', "men's clothing", 'shoes', 'fiction', 'running', 'x')),
  brand: opt(fc.constantFrom('all', 'apple', 'samsung', 'nike', 'adidas', 'ikea', 'nobody')),
  featured: opt(fc.constantFrom('iphone 15', 'Summer Collection', 'home gym', 'bestsellers', 'nothing')),
  q: opt(fc.constantFrom('wireless', 'black', 'book', 'the', 'running shoes', 'cotton -organic', '"smart bulb"', '')),
  min_price: opt(fc.integer({ min: 0, max: 60_000 }).map((c) => c / 100)),
  max_price: opt(fc.integer({ min: 0, max: 200_000 }).map((c) => c / 100)),
  in_stock: opt(fc.boolean()),
  sort: opt(fc.constantFrom('popular', 'newest', 'price-low', 'price-high', 'rating')),
  page: opt(fc.integer({ min: 1, max: 3 })),
  limit: opt(fc.integer({ min: 1, max: 100 })),
});
type Query = typeof validQuery extends fc.Arbitrary<infer T> ? T : never;

function toSearch(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  return params.toString();
}

/**
 * Rows matching the featured tag and the full-text query, checked in SQL as an independent oracle. A
 * search is its words, all of them (query syntax such as `-` or quotes is plain text).
 */
async function matchingIds(items: Product[], q: Query): Promise<Set<string>> {
  const { rows } = await t.pool.query<{ id: string }>(
    `select id from products where id = any($1)
        and ($2::text is null or featured @> array[$2::text])
        and ($3::text is null or search @@ plainto_tsquery('english', $3::text))`,
    [items.map((p) => p.id), q.featured?.toLowerCase() ?? null, q.q || null],
  );
  return new Set(rows.map((r) => r.id));
}

describe('GET /api/products, property-based', () => {
  it('answers every valid query with items that satisfy every filter', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(validQuery, async (q) => {
        fc.pre(q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price);
        const res = await t.app.inject(`/api/products?${toSearch(q)}`);
        expect(res.statusCode, res.body).toBe(200);
        const body: ProductList = res.json();
        const page = q.page ?? 1;
        const limit = q.limit ?? 20;
        expect([body.page, body.limit]).toEqual([page, limit]);
        expect(body.items.length).toBe(Math.max(0, Math.min(limit, body.total - (page - 1) * limit)));

        if (body.items.length > 0) nonEmpty++;
        const category = q.category && q.category !== 'all' ? (DEMO_ALIASES[q.category] ?? q.category) : undefined;
        for (const p of body.items) {
          expect(p.published).toBe(true);
          if (category) expect(p.category).toBe(category);
          if (q.subcategory) expect(p.subcategory).toBe(q.subcategory.toLowerCase());
          if (q.brand && q.brand !== 'all') expect(p.brand).toBe(q.brand);
          if (q.min_price !== undefined) expect(p.sale_price).toBeGreaterThanOrEqual(q.min_price);
          if (q.max_price !== undefined) expect(p.sale_price).toBeLessThanOrEqual(q.max_price);
          if (q.in_stock) expect(p.in_stock && p.available > 0).toBe(true);
        }
        if (q.featured || q.q) {
          const ok = await matchingIds(body.items, q);
          for (const p of body.items) expect(ok.has(p.id), p.name).toBe(true);
        }
      }),
      { numRuns: 120 },
    );
    // The property must also be exercised on real rows, not only on empty answers.
    expect(nonEmpty).toBeGreaterThan(30);
  });

  const badLimit = fc.oneof(
    fc.integer({ max: 0 }),
    fc.integer({ min: 101 }),
    fc.double({ min: 1.01, max: 99.99, noInteger: true }),
    fc.constantFrom('abc', '1x', 'ten', 'NaN'),
  );
  const badPage = fc.oneof(
    fc.integer({ max: 0 }),
    fc.double({ min: 1.01, max: 99.99, noInteger: true }),
    fc.constantFrom('first', '2b', 'NaN'),
  );

  it('answers an invalid limit or page with 400 and a clear message', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          badLimit.map((limit) => ({ limit, field: 'limit' })),
          badPage.map((page) => ({ page, field: 'page' })),
        ),
        async ({ field, ...query }) => {
          const res = await t.app.inject(`/api/products?${toSearch(query)}`);
          expect(res.statusCode).toBe(400);
          const body = res.json();
          expect(body.code).toBe('VALIDATION_ERROR');
          expect(body.message).toMatch(new RegExp(`^${field} must (be a whole number|be at least 1|be at most 100)$`));
        },
      ),
      { numRuns: 80 },
    );
  });
});
