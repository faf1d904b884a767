import { TOKENS } from '@shop/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, users } from '../src/db/schema.ts';
import { authHeaders, createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/users/me', headers });

describe('GET /api/users/me (docs/product.md §7)', () => {
  it('answers the public user with an empty cart for a new user', async () => {
    const u = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await me(u.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: u.id,
      email: u.email,
      username: u.username,
      first_name: 'Ada',
      last_name: 'Lovelace',
      role: 'customer',
      name: 'Ada Lovelace',
      cart: { id: expect.any(String), cart_items: [], total_items: 0, total_price: 0 },
    });
    expect(body).not.toHaveProperty('password_hash');
    expect(body).not.toHaveProperty('passwordHash');
    // The same cart every time: reading twice never makes a second one.
    expect((await me(u.headers)).json().cart.id).toBe(body.cart.id);
    expect(await t.db.select().from(carts).where(eq(carts.userId, u.id))).toHaveLength(1);
  });

  it('carries cart.cart_items with product, quantity and totals after adds', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { salePriceCents: 1250, colors: ['Black'] });
    await t.app.inject({
      method: 'POST',
      url: '/api/products/add-to-cart',
      headers: u.headers,
      payload: { product_id: p.id, quantity: 3, color: 'black' },
    });
    const { cart } = (await me(u.headers)).json();
    expect(cart.cart_items).toEqual([
      {
        id: expect.any(String),
        product: expect.objectContaining({ id: p.id, sale_price: 12.5, in_stock: true }),
        variant_id: p.variants[0]?.id,
        sku: p.variants[0]?.sku,
        options: ['Black'],
        quantity: 3,
        color: 'Black',
        size: null,
        missing_choices: [],
      },
    ]);
    expect(cart.total_items).toBe(3);
    expect(cart.total_price).toBe(37.5);
  });

  it('answers 401 without a token, with a forged or expired one, and for a disabled account', async () => {
    expect((await me({})).statusCode).toBe(401);
    expect((await me({ authorization: 'Bearer abc.def.ghi' })).statusCode).toBe(401);

    const u = await signedInUser(t);
    t.clock.advance((TOKENS.accessTtlSeconds + 1) * 1000);
    const expired = await me(u.headers);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session is invalid or has expired');

    const fresh = await authHeaders(t, u);
    expect((await me(fresh)).statusCode).toBe(200);
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, u.id));
    expect((await me(fresh)).statusCode).toBe(401);
  });
});
