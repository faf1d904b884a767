import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockKey } from '../src/lib/idempotency.ts';
import { createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { card, guestBody, MANY_ORDERS, placeOrder } from './orders-fixtures.ts';

/**
 * A key whose request has finished always answers its stored answer, also
 * when other retries of it run at the same moment; 409 is only for a key whose first request still runs.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(MANY_ORDERS);
});
afterAll(() => t.close());

/**
 * Holds the key's advisory lock in an open transaction on a connection of its own, as a concurrent
 * request with the key holds it while it reads (or writes) the key's row; `release()` ends it.
 */
async function holdKeyLock(scope: string, key: string) {
  const client = await t.pool.connect();
  await client.query('begin');
  const [hi, lo] = lockKey(scope, key);
  await client.query('select pg_advisory_xact_lock($1, $2)', [hi, lo]);
  return {
    async release() {
      await client.query('rollback');
      client.release();
    },
  };
}

const addToCart = (headers: Record<string, string>, key: string, productId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/products/add-to-cart',
    headers: { ...headers, 'idempotency-key': key },
    payload: { product_id: productId, quantity: 1 },
  });

describe('retries of a finished Idempotency-Key', () => {
  it('an order: 30 concurrent retries all get the stored order, none a 409', async () => {
    const p = await createProduct(t, { available: 100 });
    const body = guestBody([{ product_id: p.id, quantity: 1 }], { payment: card() });
    const key = randomUUID();
    const first = await placeOrder(t, body, { key });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'paid' });

    const retries = await Promise.all(Array.from({ length: 30 }, () => placeOrder(t, body, { key })));
    expect(retries.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    for (const r of retries) {
      expect(r.headers['idempotent-replayed']).toBe('true');
      expect(r.json()).toMatchObject({ id: first.json().id, status: 'paid' });
    }
  });

  it('an order: a retry while another retry holds the key (reading its answer) gets the stored order', async () => {
    const p = await createProduct(t, { available: 100 });
    const body = guestBody([{ product_id: p.id, quantity: 1 }], { payment: card() });
    const key = randomUUID();
    const first = await placeOrder(t, body, { key });
    expect(first.statusCode).toBe(201);

    const other = await holdKeyLock(`order:guest:${body.email.toLowerCase()}`, key);
    try {
      const retry = await placeOrder(t, body, { key });
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toMatchObject({ id: first.json().id, status: 'paid' });
    } finally {
      await other.release();
    }
  });

  it('a cart add: retries while another holds the key get the stored cart; the same key with another body is still 422', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    const key = randomUUID();
    const first = await addToCart(u.headers, key, p.id);
    expect(first.statusCode).toBe(200);

    const other = await holdKeyLock(`cart:${u.id}`, key);
    try {
      const retries = await Promise.all(Array.from({ length: 10 }, () => addToCart(u.headers, key, p.id)));
      expect(retries.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      for (const r of retries) expect(r.json()).toEqual(first.json());
      const reused = await t.app.inject({
        method: 'POST',
        url: '/api/products/add-to-cart',
        headers: { ...u.headers, 'idempotency-key': key },
        payload: { product_id: p.id, quantity: 3 },
      });
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({ code: 'UNPROCESSABLE' });
    } finally {
      await other.release();
    }
  });

  it('a key whose first request still runs (holds the key, no answer stored) still answers 409', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    const key = randomUUID();
    const running = await holdKeyLock(`cart:${u.id}`, key);
    try {
      const retry = await addToCart(u.headers, key, p.id);
      expect(retry.statusCode).toBe(409);
      expect(retry.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'A request with this Idempotency-Key is still being processed',
      });
    } finally {
      await running.release();
    }
    // Once it has gone (without an answer, as a failed request leaves it), the key runs.
    expect((await addToCart(u.headers, key, p.id)).statusCode).toBe(200);
  });
});
