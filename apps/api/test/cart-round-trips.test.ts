import type { Cart } from '@shop/contracts/cart';
import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, idempotencyKeys, refreshFamilies, users } from '../src/db/schema.ts';
import { hashRequest } from '../src/lib/idempotency.ts';
import { createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { countStatements } from './round-trips.ts';

/**
 * A signed-in add-to-cart of a variant named by id — what the storefront sends — costs one
 * statement: the session check, the Idempotency-Key, the stock-capped upsert and the answer together
 * (repository `addInOneStatement`). These tests pin that count, and run the races of concurrency.test.ts
 * and cart-idempotency.test.ts (which name products by id only, the statement-by-statement path) on it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Product = Awaited<ReturnType<typeof createProduct>>;

const byVariant = (p: Product, quantity = 1) => ({ product_id: p.id, variant_id: p.variants[0]?.id, quantity });
const add = (headers: Headers, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/products/add-to-cart',
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const me = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).json().cart as Cart;

async function quantityOf(productId: string): Promise<number> {
  const rows = await t.db.select().from(cartItems).where(eq(cartItems.productId, productId));
  return rows.reduce((s, r) => s + r.quantity, 0);
}

describe('add-to-cart by variant id: one round trip', () => {
  it('an add, an add with a key and its replay each make ONE statement, and answer the cart as it is', async () => {
    const u = await signedInUser(t);
    const products = [await createProduct(t), await createProduct(t, { colors: ['Red', 'Blue'] })];
    for (const p of products) await add(u.headers, byVariant(p));

    const plain = await countStatements(t.pool, () => add(u.headers, byVariant(products[0] as Product, 2)));
    expect(plain.value.statusCode).toBe(200);
    expect(plain.statements).toHaveLength(1);

    const keyed = await countStatements(t.pool, () => add(u.headers, byVariant(products[1] as Product), 'k-1'));
    expect(keyed.value.statusCode).toBe(200);
    expect(keyed.value.headers['idempotent-replayed']).toBeUndefined();
    expect(keyed.statements).toHaveLength(1);
    // The answer is the whole cart exactly as the cart reads it elsewhere (a Color variant included).
    const cart = keyed.value.json() as Cart;
    expect(cart).toEqual(await me(u.headers));
    expect(cart.cart_items.map((i) => [i.product.id, i.quantity, i.color])).toEqual([
      [products[0]?.id, 3, null],
      [products[1]?.id, 2, 'Red'],
    ]);

    const replay = await countStatements(t.pool, () => add(u.headers, byVariant(products[1] as Product), 'k-1'));
    expect(replay.value.headers['idempotent-replayed']).toBe('true');
    expect(replay.value.json()).toEqual(cart);
    expect(replay.statements).toHaveLength(1);
    expect(await quantityOf(products[1]?.id as string)).toBe(2);
  });

  it('stores the colour and size of the variant on the line, as the add by colour and size does', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { colors: ['Red', 'Blue'], availableSizes: ['S', 'M'] });
    const blueM = p.variants.find((v) => v.option1 === 'Blue' && v.option2 === 'M');
    expect((await add(u.headers, { product_id: p.id, variant_id: blueM?.id })).statusCode).toBe(200);
    const [line] = await t.db.select().from(cartItems).where(eq(cartItems.productId, p.id));
    expect([line?.color, line?.size]).toEqual(['Blue', 'M']);
  });

  it('with the variant’s own colour and size, as the storefront sends them, still ONE statement', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { colors: ['Red', 'Blue'], availableSizes: ['S', 'M'] });
    const redS = p.variants.find((v) => v.option1 === 'Red' && v.option2 === 'S');
    const payload = { product_id: p.id, variant_id: redS?.id, color: 'Red', size: 'S' };
    const { value, statements } = await countStatements(t.pool, () => add(u.headers, payload, 'k-own'));
    expect(value.statusCode).toBe(200);
    expect(statements).toHaveLength(1);
    expect((value.json() as Cart).cart_items.map((i) => [i.variant_id, i.color, i.size])).toEqual([
      [redS?.id, 'Red', 'S'],
    ]);
  });

  it('a colour or size that is not the variant’s own is judged as before (400, nothing written)', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { colors: ['Red', 'Blue'], availableSizes: ['S', 'M'] });
    const redS = p.variants.find((v) => v.option1 === 'Red' && v.option2 === 'S');
    const wrong = await add(u.headers, { product_id: p.id, variant_id: redS?.id, color: 'Blue' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('color must be Red for the chosen variant');
    const plain = await createProduct(t);
    const none = await add(u.headers, { ...byVariant(plain), size: 'M' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('This product has no size options');
    // The same value in another case is the variant's own (contracts sameValue): accepted, by either path.
    const cased = await add(u.headers, { product_id: p.id, variant_id: redS?.id, color: 'red' });
    expect(cased.statusCode).toBe(200);
    expect(await quantityOf(plain.id)).toBe(0);
    expect(await quantityOf(p.id)).toBe(1);
  });

  it('a refusal stores nothing under the key and names its reason, like the other path', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 3 });
    const res = await add(u.headers, byVariant(p, 5), 'k-refused');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Only 3 left in stock');
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-refused'))).toHaveLength(0);
    // A retry after the stock came back runs again.
    expect((await add(u.headers, byVariant(p, 3), 'k-refused2')).statusCode).toBe(200);
  });
});

describe('add-to-cart by variant id: the session is still checked on every request', () => {
  const endings: [string, (u: { id: string }) => Promise<unknown>][] = [
    [
      'logged out',
      (u) => t.db.update(refreshFamilies).set({ revokedAt: new Date() }).where(eq(refreshFamilies.userId, u.id)),
    ],
    ['disabled', (u) => t.db.update(users).set({ disabled: true }).where(eq(users.id, u.id))],
    ['deleted', (u) => t.db.delete(users).where(eq(users.id, u.id))],
  ];
  for (const [how, end] of endings) {
    it(`a session whose account was ${how} is refused on the very next add, which writes nothing`, async () => {
      const u = await signedInUser(t);
      const p = await createProduct(t);
      expect((await add(u.headers, byVariant(p))).statusCode).toBe(200);
      await end(u);
      for (const key of [undefined, 'k-ended']) {
        const res = await add(u.headers, byVariant(p), key);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ message: 'Your session is invalid or has expired', code: 'UNAUTHORIZED' });
      }
      expect(await quantityOf(p.id)).toBe(how === 'deleted' ? 0 : 1);
      expect(
        await t.db
          .select()
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.scope, `cart:${u.id}`)),
      ).toHaveLength(0);
    });
  }

  it('no token, or a forged one, is refused before the body is read', async () => {
    const p = await createProduct(t);
    expect((await add({}, { bad: true })).statusCode).toBe(401);
    const forged = await add({ authorization: 'Bearer not.a.token' }, byVariant(p));
    expect(forged.statusCode).toBe(401);
  });
});

describe('add-to-cart by variant id: races still have one winner', () => {
  it('50 parallel adds of one line by one user end as ONE line with quantity 50', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 100 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => add(u.headers, byVariant(p))));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.productId, p.id));
    expect(lines.map((l) => l.quantity)).toEqual([50]);
    expect(await t.db.select().from(carts).where(eq(carts.userId, u.id))).toHaveLength(1);
    // Every answer counts its own add: the quantities answered are 1…50, each once.
    const answered = answers.map((r) => (r.json() as Cart).cart_items[0]?.quantity).sort((a = 0, b = 0) => a - b);
    expect(answered).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('never overshoots the stock: 30 parallel adds against 10 in stock → exactly 10 succeed', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 10 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => add(u.headers, byVariant(p))));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refused = answers.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.json().message).toBe('Only 10 left in stock');
    expect(await quantityOf(p.id)).toBe(10);
  });

  it('never overshoots MAX_LINE_QUANTITY under parallel adds', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 5000 });
    await add(u.headers, byVariant(p, MAX_LINE_QUANTITY - 9));
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(u.headers, byVariant(p))));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(9);
    expect(await quantityOf(p.id)).toBe(MAX_LINE_QUANTITY);
  });

  it('10 parallel identical adds with one key raise the quantity once; every 200 is the same answer', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => add(u.headers, byVariant(p), 'burst')));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of ok) expect(r.json()).toEqual(ok[0]?.json());
    expect(await quantityOf(p.id)).toBe(1);
    const retry = await add(u.headers, byVariant(p), 'burst');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(ok[0]?.json());
  });

  it('the same key with another body is refused with 422 and changes nothing', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    await add(u.headers, byVariant(p), 'k-body');
    const res = await add(u.headers, byVariant(p, 5), 'k-body');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This Idempotency-Key was already used for a different request');
    expect(await quantityOf(p.id)).toBe(1);
  });

  it('a key answered after the statement began (invisible to it) is replayed, and the add rolled back', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    const { id: cartId } = await me(u.headers);
    const key = 'k-meanwhile';
    const body = { product_id: p.id, variant_id: p.variants[0]?.id, quantity: 1 };
    const stored = { cartId, lines: [] };
    // Another request with the key, not yet committed: the statement cannot see its row, and its lock is free.
    const other = new pg.Client({ connectionString: await connectionString() });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into idempotency_keys (scope, key, request_hash, status_code, response, created_at)
         values ($1, $2, $3, 200, $4, now())`,
        [`cart:${u.id}`, key, hashRequest({ op: 'add-to-cart', body }), JSON.stringify(stored)],
      );
      const pending = add(u.headers, body, key);
      await waitForLockWait();
      await other.query('commit');
      const res = await pending;
      expect(res.statusCode).toBe(200);
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(res.json()).toEqual({ id: cartId, cart_items: [], total_items: 0, total_price: 0 });
      expect(await quantityOf(p.id)).toBe(0);
    } finally {
      await other.end();
    }
  });

  it('a key stored by an older release (the wire cart itself) is still replayed as it was', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    const body = { product_id: p.id, variant_id: p.variants[0]?.id, quantity: 1 };
    const wire = { id: 'old', cart_items: [], total_items: 0, total_price: 0 };
    await t.db.insert(idempotencyKeys).values({
      scope: `cart:${u.id}`,
      key: 'k-old',
      requestHash: hashRequest({ op: 'add-to-cart', body }),
      statusCode: 200,
      response: wire,
      createdAt: t.clock.now(),
    });
    const res = await add(u.headers, body, 'k-old');
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(res.json()).toEqual(wire);
    expect(await quantityOf(p.id)).toBe(0);
  });
});

async function connectionString(): Promise<string> {
  const { rows } = await t.pool.query<{ db: string }>('select current_database() as db');
  const url = new URL((t.pool.options as { connectionString: string }).connectionString);
  url.pathname = `/${rows[0]?.db}`;
  return url.toString();
}

/** Until a statement of the app waits for a lock (the pending add behind the uncommitted key). */
async function waitForLockWait(): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and query like '%idempotency_keys%'`,
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the add never waited for the uncommitted key');
}
