import type { Cart } from '@shop/contracts/cart';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, idempotencyKeys, products, productVariants } from '../src/db/schema.ts';
import { hashRequest, IDEMPOTENCY_TTL_MS, withIdempotency } from '../src/lib/idempotency.ts';
import { authHeaders, createProduct, setStock, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** docs/architecture.md §5: a retried add-to-cart with the same Idempotency-Key is applied once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const add = (headers: Record<string, string>, key: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/products/add-to-cart',
    headers: { ...headers, 'idempotency-key': key },
    payload,
  });

async function quantityOf(productId: string): Promise<number> {
  const rows = await t.db.select().from(cartItems).where(eq(cartItems.productId, productId));
  return rows.reduce((s, r) => s + r.quantity, 0);
}

describe('add-to-cart with Idempotency-Key', () => {
  it('a replay returns the first answer, marked as replayed, without adding again', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    const first = await add(u.headers, 'key-1', { product_id: p.id, quantity: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // The cart moves on; the replay still answers what the first request answered.
    const other = await createProduct(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/products/add-to-cart',
      headers: u.headers,
      payload: { product_id: other.id },
    });
    const replay = await add(u.headers, 'key-1', { quantity: 2, product_id: p.id });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await quantityOf(p.id)).toBe(2);
  });

  it('the same key with a different body is refused with 422 and changes nothing', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    await add(u.headers, 'key-2', { product_id: p.id });
    const res = await add(u.headers, 'key-2', { product_id: p.id, quantity: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'This Idempotency-Key was already used for a different request',
      code: 'UNPROCESSABLE',
    });
    expect(await quantityOf(p.id)).toBe(1);
  });

  it('10 parallel identical adds with one key raise the quantity once', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => add(u.headers, 'burst', { product_id: p.id })));
    const statuses = answers.map((r) => r.statusCode);
    // Each is either the answer (first or replayed) or 409 "still being processed"; never a second add.
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of ok) expect(r.json()).toEqual(ok[0]?.json());
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json().message).toBe('A request with this Idempotency-Key is still being processed');
    }
    expect(await quantityOf(p.id)).toBe(1);
    // A later retry gets the stored answer.
    const retry = await add(u.headers, 'burst', { product_id: p.id });
    expect(retry.statusCode).toBe(200);
    expect((retry.json() as Cart).cart_items[0]?.quantity).toBe(1);
  });

  it('keys belong to their user: the same key from two users adds twice, once each', async () => {
    const [a, b] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const p = await createProduct(t);
    const ra = await add(a.headers, 'shared-key', { product_id: p.id });
    const rb = await add(b.headers, 'shared-key', { product_id: p.id });
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect((ra.json() as Cart).id).not.toBe((rb.json() as Cart).id);
    expect(await quantityOf(p.id)).toBe(2);
  });

  it('a refused request does not use up its key: after a restock the retry is applied', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 0 });
    expect((await add(u.headers, 'restock', { product_id: p.id })).statusCode).toBe(422);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'restock'))).toEqual([]);
    await setStock(t, p.id, 3);
    const retry = await add(u.headers, 'restock', { product_id: p.id });
    expect(retry.statusCode).toBe(200);
    expect(await quantityOf(p.id)).toBe(1);
  });

  it('a key expires after 24 hours and then counts as new', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    await add(u.headers, 'daily', { product_id: p.id });
    t.clock.advance(IDEMPOTENCY_TTL_MS - 60_000);
    const stillStored = await add(await authHeaders(t, u), 'daily', { product_id: p.id });
    expect(stillStored.headers['idempotent-replayed']).toBe('true');
    t.clock.advance(120_000);
    const fresh = await add(await authHeaders(t, u), 'daily', { product_id: p.id });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await quantityOf(p.id)).toBe(2);
  });
});

describe('withIdempotency (the helper orders will reuse)', () => {
  const request = (key: string, body: unknown) => ({
    scope: 'test',
    key,
    requestHash: hashRequest({ op: 'test', body }),
    now: t.clock.now(),
  });

  it('stores the status and body and replays them without running again', async () => {
    let runs = 0;
    const run = async () => {
      runs += 1;
      return { statusCode: 201, body: { order: 'A-1', total: 12.5 } };
    };
    const first = await withIdempotency(t.db, request('h-1', { x: 1 }), run);
    const again = await withIdempotency(t.db, request('h-1', { x: 1 }), run);
    expect(first).toEqual({ statusCode: 201, body: { order: 'A-1', total: 12.5 }, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    expect(runs).toBe(1);
  });

  it("rolls back run's own writes together with the key when run throws", async () => {
    const p = await createProduct(t, { available: 5 });
    await expect(
      withIdempotency(t.db, request('h-2', {}), async (tx) => {
        await tx.update(productVariants).set({ available: 4 }).where(eq(productVariants.productId, p.id));
        throw new Error('payment declined');
      }),
    ).rejects.toThrow('payment declined');
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row?.available).toBe(5);
    expect(
      await t.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, 'test'), eq(idempotencyKeys.key, 'h-2'))),
    ).toEqual([]);
  });
});
