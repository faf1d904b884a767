import type { Cart } from '@shop/contracts/cart';
import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts } from '../src/db/schema.ts';
import { createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** Races on the real PostgreSQL (docs/architecture.md §6): every request is its own transaction on the pool. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const add = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/products/add-to-cart', headers, payload });

async function linesOf(productId: string) {
  return t.db.select().from(cartItems).where(eq(cartItems.productId, productId));
}

describe('parallel add-to-cart', () => {
  it('50 parallel adds of one product by one user end as ONE line with quantity 50', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 100 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => add(u.headers, { product_id: p.id })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const lines = await linesOf(p.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(50);
    expect(await t.db.select().from(carts).where(eq(carts.userId, u.id))).toHaveLength(1);
  });

  it('never overshoots the stock: 30 parallel adds against 10 in stock → exactly 10 succeed', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 10 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => add(u.headers, { product_id: p.id })));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 422);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.json().message).toBe('Only 10 left in stock');
    expect((await linesOf(p.id))[0]?.quantity).toBe(10);
  });

  it('never overshoots MAX_LINE_QUANTITY under parallel adds', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 5000 });
    await add(u.headers, { product_id: p.id, quantity: MAX_LINE_QUANTITY - 9 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(u.headers, { product_id: p.id })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(9);
    expect((await linesOf(p.id))[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('mixed parallel adds, updates, removes and clears finish without deadlocks or server errors', async () => {
    const u = await signedInUser(t);
    const a = await createProduct(t, { available: 1000 });
    const b = await createProduct(t, { available: 1000 });
    const line = ((await add(u.headers, { product_id: a.id })).json() as Cart).cart_items[0]!;
    const calls = Array.from({ length: 40 }, (_, i) => {
      switch (i % 5) {
        case 0:
          return t.app.inject({ method: 'DELETE', url: '/api/products/clear-cart', headers: u.headers });
        case 1:
          return t.app.inject({
            method: 'PATCH',
            url: `/api/products/cart-items/${line.id}`,
            headers: u.headers,
            payload: { quantity: 3 },
          });
        case 2:
          return t.app.inject({ method: 'DELETE', url: `/api/products/remove-from-cart/${b.id}`, headers: u.headers });
        default:
          return add(u.headers, { product_id: i % 2 ? a.id : b.id });
      }
    });
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    // The cart stays consistent: what the API shows is what the table holds.
    const cart = (await t.app.inject({ url: '/api/users/me', headers: u.headers })).json().cart as Cart;
    const rows = await t.db.select().from(cartItems).where(eq(cartItems.cartId, cart.id));
    expect(cart.total_items).toBe(rows.reduce((s, r) => s + r.quantity, 0));
  });
});

describe('two users never see or touch each other’s cart', () => {
  it('parallel adds by two users land in two carts', async () => {
    const [a, b] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const p = await createProduct(t, { available: 100 });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => add(i % 2 ? a.headers : b.headers, { product_id: p.id, quantity: 2 })),
    );
    const lines = await linesOf(p.id);
    expect(lines.map((l) => l.quantity)).toEqual([20, 20]);
    expect(new Set(lines.map((l) => l.cartId)).size).toBe(2);
  });

  it("user B's me, remove, clear and update never show or change A's lines", async () => {
    const [a, b] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const p = await createProduct(t);
    const aCart = (await add(a.headers, { product_id: p.id, quantity: 3 })).json() as Cart;
    const aLine = aCart.cart_items[0]!;

    const bMe = (await t.app.inject({ url: '/api/users/me', headers: b.headers })).json();
    expect(bMe.id).toBe(b.id);
    expect(bMe.cart.id).not.toBe(aCart.id);
    expect(bMe.cart.cart_items).toEqual([]);

    const bRemove = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/remove-from-cart/${p.id}`,
      headers: b.headers,
    });
    expect(bRemove.statusCode).toBe(404);
    const bPatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/cart-items/${aLine.id}`,
      headers: b.headers,
      payload: { quantity: 1 },
    });
    expect(bPatch.statusCode).toBe(404);
    expect(bPatch.json().message).toBe('Cart item not found');
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/products/clear-cart', headers: b.headers })).statusCode,
    ).toBe(200);

    const aMe = (await t.app.inject({ url: '/api/users/me', headers: a.headers })).json();
    expect(aMe.cart).toEqual(aCart);
    expect((await linesOf(p.id)).map((l) => l.quantity)).toEqual([3]);
  });
});
