import type { Product } from '@shop/contracts/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, wishlistItems } from '../src/db/schema.ts';
import { createProduct, rowCount, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const list = (headers: Headers) => t.app.inject({ url: '/api/wishlist', headers });
const save = (headers: Headers, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wishlist',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const drop = (headers: Headers, id: string) => t.app.inject({ method: 'DELETE', url: `/api/wishlist/${id}`, headers });

describe('wishlist', () => {
  it('saves a product (201), saving again is a no-op (200), and lists products newest first', async () => {
    const u = await signedInUser(t);
    const a = await createProduct(t, { colors: ['Red'], salePriceCents: 1999 });
    const b = await createProduct(t);
    const first = await save(u.headers, { product_id: a.id });
    expect(first.statusCode).toBe(201);
    expect((first.json() as Product[]).map((p) => p.id)).toEqual([a.id]);
    expect((await save(u.headers, { product_id: a.id })).statusCode).toBe(200);
    t.clock.advance(1000);
    await save(u.headers, { product_id: b.id });

    const res = await list(u.headers);
    expect(res.statusCode).toBe(200);
    const items = res.json() as Product[];
    expect(items.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(items[1]).toMatchObject({
      id: a.id,
      slug: a.slug,
      name: a.name,
      category: 'electronics',
      sale_price: 19.99,
      regular_price: 24.99,
      colors: ['Red'],
      in_stock: true,
      published: true,
    });
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, u.id))).toHaveLength(2);
  });

  it('removes a product; removing it again is 404', async () => {
    const u = await signedInUser(t);
    const a = await createProduct(t);
    await save(u.headers, { product_id: a.id });
    const res = await drop(u.headers, a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    const again = await drop(u.headers, a.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'This product is not in your wishlist', code: 'NOT_FOUND' });
  });

  it('hides a product while it is unpublished and refuses to save one', async () => {
    const u = await signedInUser(t);
    const a = await createProduct(t);
    await save(u.headers, { product_id: a.id });
    await t.db.update(products).set({ published: false }).where(eq(products.id, a.id));
    expect((await list(u.headers)).json()).toEqual([]);
    const b = await createProduct(t, { published: false });
    const res = await save(u.headers, { product_id: b.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
  });

  it('is per user: B neither sees nor removes A’s saved products', async () => {
    const [a, b] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const p = await createProduct(t);
    await save(a.headers, { product_id: p.id });
    expect((await list(b.headers)).json()).toEqual([]);
    expect((await drop(b.headers, p.id)).statusCode).toBe(404);
    expect(((await list(a.headers)).json() as Product[]).map((x) => x.id)).toEqual([p.id]);
  });

  it('requires a signed-in user', async () => {
    const p = await createProduct(t);
    for (const res of [await list({}), await save({}, { product_id: p.id }), await drop({}, p.id)]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const u = await signedInUser(t);
    const before = await rowCount(t, wishlistItems);
    const cases: [unknown, number, string | RegExp][] = [
      [{}, 400, 'product_id is required'],
      [{ product_id: 7 }, 400, 'product_id must be a string'],
      [{ product_id: '' }, 400, 'product_id is required'],
      [{ product_id: 'x'.repeat(201) }, 400, 'product_id must be at most 200 characters'],
      [{ product_id: "' or 1=1 --" }, 404, 'Product not found'],
      [{ product_id: '<script>alert(1)</script>' }, 404, 'Product not found'],
      [{ product_id: '6f1c2b7e-3d4a-4b8c-9e0f-1a2b3c4d5e6f' }, 404, 'Product not found'],
      [{ product_id: '6f1c2b7e-3d4a-4b8c-9e0f-1a2b3c4d5e6f', user_id: u.id }, 400, 'Unrecognized key: "user_id"'],
      ['{"product_id":', 400, 'The request body is not valid JSON'],
      [JSON.stringify({ product_id: 'a'.repeat(2 * 1024 * 1024) }), 413, /too large/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await save(u.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const badDelete = await drop(u.headers, encodeURIComponent("' or 1=1 --"));
    expect(badDelete.statusCode).toBe(404);
    expect(await rowCount(t, wishlistItems)).toBe(before);
  });
});
