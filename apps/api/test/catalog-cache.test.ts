import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { products } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const catalog = () => t.app.services.catalog;

it('shares one query between concurrent identical listing requests (docs/architecture.md §9)', async () => {
  catalog().invalidate();
  let queries = 0;
  const original = t.pool.query.bind(t.pool);
  t.pool.query = ((...args: Parameters<typeof original>) => {
    queries++;
    return original(...args);
  }) as typeof t.pool.query;
  try {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => catalog().listProducts({ limit: 5, sort: 'newest' })),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(queries).toBeLessThanOrEqual(2); // the page, and the total once
  } finally {
    t.pool.query = original;
  }
});

it('keeps a listing page for a moment and forgets it on invalidate(); a product is always fresh', async () => {
  const [first] = (await catalog().listProducts({ limit: 1, sort: 'price-high' })).items;
  expect(first).toBeDefined();
  await t.db.update(products).set({ name: 'Renamed While Cached' }).where(eq(products.id, first!.id));
  // A single product is read fresh (its page shows the stock an order just changed)…
  expect(await catalog().getProduct(first!.id)).toMatchObject({ ok: true, value: { name: 'Renamed While Cached' } });
  // …a listing page is shared for a moment.
  expect((await catalog().listProducts({ limit: 1, sort: 'price-high' })).items[0]!.name).not.toBe(
    'Renamed While Cached',
  );
  catalog().invalidate();
  expect((await catalog().listProducts({ limit: 1, sort: 'price-high' })).items[0]!.name).toBe('Renamed While Cached');
});

it('does not keep a failure: a product that appears after a 404 is found at once', async () => {
  expect(await catalog().getProduct('not-yet-a-product')).toEqual({ ok: false, reason: 'product_not_found' });
  const [p] = await t.db.select().from(products).where(eq(products.published, true)).limit(1);
  await t.db.update(products).set({ slug: 'not-yet-a-product' }).where(eq(products.id, p!.id));
  expect(await catalog().getProduct('not-yet-a-product')).toMatchObject({ ok: true, value: { id: p!.id } });
});
