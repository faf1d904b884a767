import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** `/products?tag=…`: the products carrying one of the owner's tags, with their total and brand facets. */

let t: TestApp;
const tag = `hand-poured ${randomBytes(3).toString('hex')}`;
let tagged: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  tagged = [];
  for (const brandId of ['nike', 'nike', 'apple']) {
    tagged.push((await createProduct(t, { tags: [tag, 'candle'], brandId, published: true })).id);
  }
  await createProduct(t, { tags: ['candle'], published: true });
  await t.app.services.catalog.invalidate();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('the listing by tag', () => {
  it('lists exactly the tagged products, with their own total even right after an untagged listing', async () => {
    // The untagged listing first: its total is kept for a moment, and must not stand for the tagged one.
    const all = await get('/api/products?limit=2');
    expect(all.body.total).toBeGreaterThan(3);
    const page = await get(`/api/products?limit=2&tag=${encodeURIComponent(tag)}`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    const rest = await get(`/api/products?limit=2&page=2&tag=${encodeURIComponent(tag)}`);
    expect([...page.body.items, ...rest.body.items].map((p: { id: string }) => p.id).sort()).toEqual(
      [...tagged].sort(),
    );
  });

  it('counts brands among the tagged products only', async () => {
    const facets = await get(`/api/brands?tag=${encodeURIComponent(tag)}`);
    expect(facets.status).toBe(200);
    const count = (id: string) => facets.body.find((b: { id: string }) => b.id === id)?.count;
    expect([count('nike'), count('apple'), count('samsung')]).toEqual([2, 1, 0]);
  });

  it('refuses a tag longer than any tag can be', async () => {
    const res = await get(`/api/products?tag=${'x'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/tag/);
  });
});
