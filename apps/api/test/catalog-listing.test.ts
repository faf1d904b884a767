import type { ProductListQuery } from '@shop/contracts/catalog';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWords } from '../src/modules/catalog/search.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** The demo's category aliases (its seed): the filter name `clothing` is the `fashion` category. */
const DEMO_ALIASES: Record<string, string> = { clothing: 'fashion' };

/**
 * The listing in one statement (modules/catalog/listing.ts) answers exactly what the plain query
 * answers — the same products in the same order on every page, deep ones included, and the same total —
 * for every combination of filters and sorts, whether it counts the matches itself or reuses a count.
 * The listing answer cache is off (LISTING_CACHE_MS=0), so every call runs the statement.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LISTING_CACHE_MS: '0' } });
  // Some drafts and products out of stock among the seeded ones, so those filters decide something.
  await t.pool.query(`update products set published = false where sold_count % 7 = 0`);
  await t.pool.query(`update products set available = 0 where sold_count % 5 = 0`);
  await t.pool.query('analyze products');
});
afterAll(() => t.close());

const catalog = () => t.app.services.catalog;

/** Counts the statements sent to the pool while `run` runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const original = t.pool.query.bind(t.pool);
  t.pool.query = ((...args: Parameters<typeof original>) => {
    n++;
    return original(...args);
  }) as typeof t.pool.query;
  try {
    await run();
  } finally {
    t.pool.query = original;
  }
  return n;
}

/**
 * The reference: every matching id in the docs/product.md §2 order, by a plain query written apart from the
 * listing's (filters as nullable parameters, no index in mind); a page is a slice of it.
 */
async function reference(q: Partial<ProductListQuery>): Promise<string[]> {
  const words = q.q === undefined ? null : (searchWords(q.q) ?? '');
  const rank = `ts_rank(p.search, plainto_tsquery('english', $4::text))`;
  const order = {
    newest: 'p.date_added desc',
    'price-low': 'p.sale_price_cents asc',
    'price-high': 'p.sale_price_cents desc',
    rating: 'p.rating_average desc, p.rating_count desc',
    popular: 'p.sold_count desc',
    none: words ? `${rank} desc, p.sold_count desc` : 'p.sold_count desc',
  }[q.sort ?? 'none'];
  const category = q.category && q.category !== 'all' ? (DEMO_ALIASES[q.category] ?? q.category) : null;
  const { rows } = await t.pool.query<{ id: string }>(
    `select p.id from products p left join subcategories s on s.id = p.subcategory_id
     where p.published
       and ($1::text is null or p.category_id = $1)
       and ($2::text is null or s.slug = $2)
       and ($3::text is null or $3 = any(p.featured))
       and ($4::text is null or ($4 <> '' and p.search @@ plainto_tsquery('english', $4::text)))
       and ($5::int is null or p.sale_price_cents >= $5)
       and ($6::int is null or p.sale_price_cents <= $6)
       and (not $7 or p.available > 0)
       and ($8::text is null or p.brand_id = $8)
     order by ${order}, p.id`,
    [
      category,
      q.subcategory ?? null,
      q.featured ?? null,
      words,
      q.min_price === undefined ? null : Math.round(q.min_price * 100),
      q.max_price === undefined ? null : Math.round(q.max_price * 100),
      q.in_stock === true,
      q.brand && q.brand !== 'all' ? q.brand : null,
    ],
  );
  return rows.map((r) => r.id);
}

const opt = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: arb, weight: 1 });

/** Queries as the contract parses them (lowercased, trimmed), over the demo catalogue's values. */
const query = fc.record({
  category: opt(fc.constantFrom('all', 'electronics', 'clothing', 'fashion', 'home', 'sports', 'nowhere')),
  subcategory: opt(fc.constantFrom('smartphones', 'headphones', 'shoes', 'running', 'laptops', 'x')),
  brand: opt(fc.constantFrom('all', 'apple', 'samsung', 'nike', 'adidas', 'sony', 'nobody')),
  featured: opt(fc.constantFrom('iphone 15', 'summer collection', 'home gym', 'bestsellers', 'nothing')),
  q: opt(fc.constantFrom('wireless', 'black', 'running shoes', 'pro', 'the', '--', 'cotton shirt')),
  min_price: opt(fc.integer({ min: 0, max: 40_000 }).map((c) => c / 100)),
  max_price: opt(fc.integer({ min: 0, max: 200_000 }).map((c) => c / 100)),
  in_stock: opt(fc.boolean()),
  sort: opt(fc.constantFrom('popular', 'newest', 'price-low', 'price-high', 'rating')),
  limit: fc.constantFrom(1, 3, 20, 100),
  // Mostly early pages, sometimes deep ones and pages past the end.
  page: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 3 }), weight: 3 }, fc.integer({ min: 4, max: 400 })),
});

describe('GET /api/products in one statement', () => {
  it('answers the same items in the same order and the same total as the plain query, counted or reused', async () => {
    let full = 0;
    await fc.assert(
      fc.asyncProperty(query, async (raw) => {
        fc.pre(raw.min_price === undefined || raw.max_price === undefined || raw.min_price <= raw.max_price);
        const q = raw as Partial<ProductListQuery> & { page: number; limit: number };
        const all = await reference(q);
        const expected = all.slice((q.page - 1) * q.limit, q.page * q.limit);
        // The first call counts (no count of these filters is known yet), the second reuses it.
        await catalog().invalidate();
        for (let round = 0; round < 2; round++) {
          const answer = await catalog().listProducts(q);
          expect(answer.items.map((p) => p.id)).toEqual(expected);
          expect(answer.total).toBe(all.length);
          expect([answer.page, answer.limit]).toEqual([q.page, q.limit]);
        }
        if (expected.length === q.limit) full++;
      }),
      // About 28 % of drawn queries fill their page: 300 runs make 20 full pages a near certainty (one run
      // of 150 drew only 20).
      { numRuns: 300 },
    );
    // Exercised on full pages, not only on empty answers.
    expect(full).toBeGreaterThan(20);
  });

  it('answers a deep page with what the offset gives, in every order', async () => {
    const deepQuery = fc.record({
      category: opt(fc.constantFrom('electronics', 'fashion', 'home')),
      in_stock: opt(fc.constant(true)),
      sort: opt(fc.constantFrom('popular', 'newest', 'price-low', 'price-high', 'rating')),
      limit: fc.constantFrom(7, 20, 100),
      // From the middle of the demo catalogue to past its end.
      fraction: fc.double({ min: 0.3, max: 1.05, noNaN: true }),
    });
    await fc.assert(
      fc.asyncProperty(deepQuery, async ({ fraction, ...raw }) => {
        const all = await reference(raw);
        const page = Math.max(1, Math.ceil((all.length * fraction) / raw.limit));
        const answer = await catalog().listProducts({ ...raw, page });
        expect(answer.items.map((p) => p.id)).toEqual(all.slice((page - 1) * raw.limit, page * raw.limit));
        expect(answer.total).toBe(all.length);
      }),
      { numRuns: 40 },
    );
  });

  it('sends one statement per listing, whether it counts or not', async () => {
    await catalog().invalidate();
    const q = { category: 'electronics', sort: 'price-low' as const, limit: 5 };
    expect(await statementsOf(() => catalog().listProducts(q))).toBe(1); // page and count
    expect(await statementsOf(() => catalog().listProducts(q))).toBe(1); // page, count reused
    expect(await statementsOf(() => catalog().listProducts({ ...q, page: 10_000 }))).toBe(1); // past the end
  });

  it('runs every listing with LISTING_CACHE_MS=0: concurrent identical requests each send their statement', async () => {
    const q = { sort: 'newest' as const, limit: 5 };
    await catalog().listProducts(q); // the total is now known
    const n = await statementsOf(() => Promise.all(Array.from({ length: 5 }, () => catalog().listProducts(q))));
    expect(n).toBe(5);
  });

  it('counts brand facets with the listing filters in one statement', async () => {
    const filters = { category: 'electronics', in_stock: true };
    let brands: Awaited<ReturnType<ReturnType<typeof catalog>['listBrands']>> = [];
    expect(await statementsOf(async () => (brands = await catalog().listBrands(filters)))).toBe(1);
    const { rows } = await t.pool.query<{ brand_id: string; n: number }>(
      `select brand_id, count(*)::int as n from products
       where published and category_id = 'electronics' and available > 0 and brand_id is not null group by brand_id`,
    );
    const expected = new Map(rows.map((r) => [r.brand_id, r.n]));
    for (const b of brands) expect(b.count, b.id).toBe(expected.get(b.id) ?? 0);
    expect(brands.map((b) => b.name)).toEqual([...brands.map((b) => b.name)].sort());
  });
});

it('migration 0003 gives the listing its indexes over published products', async () => {
  const { rows } = await t.pool.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'products' and indexname like 'products_listing_%'`,
  );
  expect(rows.map((r) => r.indexname).sort()).toEqual([
    'products_listing_category_popular_idx',
    'products_listing_category_price_idx',
    'products_listing_newest_idx',
    'products_listing_popular_idx',
    'products_listing_price_idx',
    'products_listing_rating_idx',
  ]);
  for (const r of rows) expect(r.indexdef, r.indexname).toMatch(/ WHERE published$/);
});
