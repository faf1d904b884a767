import type { Cart } from '@shop/contracts/cart';
import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, products } from '../src/db/schema.ts';
import { createProduct, setStock, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

function add(headers: Headers, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/products/add-to-cart', headers, payload });
}
function remove(headers: Headers, productId: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/products/remove-from-cart/${productId}`, headers });
}
function clear(headers: Headers) {
  return t.app.inject({ method: 'DELETE', url: '/api/products/clear-cart', headers });
}
function patch(headers: Headers, itemId: string, payload: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/products/cart-items/${itemId}`,
    headers,
    payload: payload as Record<string, unknown>,
  });
}

describe('POST /api/products/add-to-cart (docs/product.md §7)', () => {
  it('adds {product_id} with quantity 1 and answers the cart with product, totals and decimals', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { salePriceCents: 1999, regularPriceCents: 2499, available: 7 });
    const res = await add(u.headers, { product_id: p.id });
    expect(res.statusCode).toBe(200);
    const cart = res.json() as Cart;
    expect(cart).toEqual({
      id: expect.any(String),
      cart_items: [
        {
          id: expect.any(String),
          product: {
            id: p.id,
            slug: p.slug,
            name: p.name,
            sale_price: 19.99,
            regular_price: 24.99,
            images: p.images,
            available: 7,
            in_stock: true,
            tax_class: 'standard',
          },
          // The product's one variant, chosen without asking.
          variant_id: p.variants[0]?.id,
          sku: p.slug,
          options: [],
          quantity: 1,
          color: null,
          size: null,
          missing_choices: [],
        },
      ],
      total_items: 1,
      total_price: 19.99,
    });
  });

  it('adding an existing product increases its quantity by the added amount (docs/product.md §4)', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { salePriceCents: 1999 });
    await add(u.headers, { product_id: p.id, quantity: 2 });
    const res = await add(u.headers, { product_id: p.id, quantity: 3 });
    const cart = res.json() as Cart;
    expect(cart.cart_items).toHaveLength(1);
    expect(cart.cart_items[0]?.quantity).toBe(5);
    expect(cart.total_items).toBe(5);
    expect(cart.total_price).toBe(99.95);
  });

  it('sums totals over lines in cents, without floating-point drift', async () => {
    const u = await signedInUser(t);
    const a = await createProduct(t, { salePriceCents: 10 });
    const b = await createProduct(t, { salePriceCents: 20 });
    await add(u.headers, { product_id: a.id, quantity: 3 });
    const cart = (await add(u.headers, { product_id: b.id, quantity: 3 })).json() as Cart;
    expect(cart.cart_items.map((i) => i.product.id)).toEqual([a.id, b.id]);
    expect(cart.total_items).toBe(6);
    expect(cart.total_price).toBe(0.9); // 0.1*3 + 0.2*3 in floats would be 0.9000000000000001
  });

  it('keeps one line per colour and size, matched without case and stored as the product spells it', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { colors: ['Red', 'Blue'], availableSizes: ['S', 'M'] });
    await add(u.headers, { product_id: p.id, color: 'red', size: 's' });
    await add(u.headers, { product_id: p.id, color: 'Red', size: 'S', quantity: 2 });
    const cart = (await add(u.headers, { product_id: p.id, color: 'Blue', size: 'M' })).json() as Cart;
    expect(cart.cart_items.map((i) => [i.color, i.size, i.quantity])).toEqual([
      ['Red', 'S', 3],
      ['Blue', 'M', 1],
    ]);
  });

  it('refuses a colour or size the product does not offer, with the choices in the message', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { colors: ['Red', 'Blue'] });
    const bad = await add(u.headers, { product_id: p.id, color: 'Green' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'color must be one of: Red, Blue', code: 'BAD_REQUEST' });
    const noSizes = await add(u.headers, { product_id: p.id, size: 'XL' });
    expect(noSizes.statusCode).toBe(400);
    expect(noSizes.json().message).toBe('This product has no size options');
    expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, p.id))).toEqual([]);
  });

  it('answers 404 for an unpublished product and 422 for one out of stock', async () => {
    const u = await signedInUser(t);
    const hidden = await createProduct(t, { published: false });
    const res = await add(u.headers, { product_id: hidden.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Product not found', code: 'NOT_FOUND' });

    const soldOut = await createProduct(t, { available: 0 });
    const res2 = await add(u.headers, { product_id: soldOut.id });
    expect(res2.statusCode).toBe(422);
    expect(res2.json()).toMatchObject({ message: 'This product is out of stock', code: 'UNPROCESSABLE' });
  });

  it('never lets a line exceed its variant’s stock; each colour has its own', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { colors: ['Red', 'Blue'] }, [
      { values: ['Red'], available: 5 },
      { values: ['Blue'], available: 2 },
    ]);
    expect((await add(u.headers, { product_id: p.id, quantity: 3, color: 'Red' })).statusCode).toBe(200);
    const over = await add(u.headers, { product_id: p.id, quantity: 3, color: 'Red' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ message: 'Only 5 left in stock', details: { available: 5, in_cart: 3 } });
    const otherColour = await add(u.headers, { product_id: p.id, quantity: 3, color: 'Blue' });
    expect(otherColour.statusCode).toBe(422);
    expect(otherColour.json()).toMatchObject({
      message: 'Only 2 left in stock',
      details: { available: 2, in_cart: 0 },
    });
    expect((await add(u.headers, { product_id: p.id, quantity: 2, color: 'Blue' })).statusCode).toBe(200);
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.productId, p.id));
    expect(lines.map((l) => l.quantity).sort()).toEqual([2, 3]);
  });

  it(`caps one line at MAX_LINE_QUANTITY (${MAX_LINE_QUANTITY}) even with more stock`, async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 5000 });
    expect((await add(u.headers, { product_id: p.id, quantity: MAX_LINE_QUANTITY })).statusCode).toBe(200);
    const res = await add(u.headers, { product_id: p.id, quantity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`You can have at most ${MAX_LINE_QUANTITY} of one item in your cart`);
  });

  it('refuses a quantity that is not a whole number, in any spelling, and adds nothing', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 142 });
    for (const quantity of ['1e3', '1.5', '+3', ' 3', '3', 1.5, 0.5, -1, 0, Number.MAX_SAFE_INTEGER + 0.5, true, [3]]) {
      const res = await add(u.headers, { product_id: p.id, quantity });
      expect(res.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('quantity') });
    }
    expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, p.id))).toEqual([]);
  });

  it('requires a signed-in user on every cart call', async () => {
    const p = await createProduct(t);
    const calls = [
      add({}, { product_id: p.id }),
      remove({}, p.id),
      clear({}),
      patch({}, p.id, { quantity: 1 }),
      add({ authorization: 'Bearer not-a-token' }, { product_id: p.id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, p.id))).toEqual([]);
  });
});

describe('DELETE /api/products/remove-from-cart/:id (docs/product.md §7)', () => {
  it('removes every line of the product by product id and keeps the rest', async () => {
    const u = await signedInUser(t);
    const shirt = await createProduct(t, { colors: ['Red', 'Blue'], salePriceCents: 1000 });
    const mug = await createProduct(t, { salePriceCents: 500 });
    await add(u.headers, { product_id: shirt.id, color: 'Red' });
    await add(u.headers, { product_id: shirt.id, color: 'Blue' });
    await add(u.headers, { product_id: mug.id, quantity: 2 });
    const res = await remove(u.headers, shirt.id);
    expect(res.statusCode).toBe(200);
    const cart = res.json() as Cart;
    expect(cart.cart_items.map((i) => [i.product.id, i.quantity])).toEqual([[mug.id, 2]]);
    expect(cart.total_items).toBe(2);
    expect(cart.total_price).toBe(10);
  });

  it('answers 404 for a product that is not in the cart, or not an id at all', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    for (const id of [p.id, 'not-a-uuid', encodeURIComponent("' or 1=1 --")]) {
      const res = await remove(u.headers, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'This product is not in your cart', code: 'NOT_FOUND' });
    }
  });
});

describe('DELETE /api/products/clear-cart (docs/product.md §7)', () => {
  it('empties the cart and answers the empty cart; clearing again is fine', async () => {
    const u = await signedInUser(t);
    const a = await createProduct(t);
    const b = await createProduct(t);
    const before = (await add(u.headers, { product_id: a.id })).json() as Cart;
    await add(u.headers, { product_id: b.id, quantity: 4 });
    const res = await clear(u.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: before.id, cart_items: [], total_items: 0, total_price: 0 });
    expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, b.id))).toEqual([]);
    expect((await clear(u.headers)).statusCode).toBe(200);
  });

  it('accepts a bodiless DELETE that still declares JSON (docs/product.md §7: all requests send JSON)', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    await add(u.headers, { product_id: p.id });
    const json = { ...u.headers, 'content-type': 'application/json' };
    expect((await remove(json, p.id)).statusCode).toBe(200);
    expect((await clear(json)).statusCode).toBe(200);
  });
});

describe('PATCH /api/products/cart-items/:itemId (docs/product.md §4 update)', () => {
  it('sets the quantity of a line', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { salePriceCents: 250 });
    const line = ((await add(u.headers, { product_id: p.id, quantity: 5 })).json() as Cart).cart_items[0]!;
    const res = await patch(u.headers, line.id, { quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total_items: 2, total_price: 5, cart_items: [{ id: line.id, quantity: 2 }] });
  });

  it('applies the stock rule and refuses bad quantities, leaving the line as it was', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 4 });
    const line = ((await add(u.headers, { product_id: p.id, quantity: 2 })).json() as Cart).cart_items[0]!;
    const over = await patch(u.headers, line.id, { quantity: 5 });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('Only 4 left in stock');
    for (const quantity of [0, -1, 1.5, '3', null]) {
      const res = await patch(u.headers, line.id, { quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await patch(u.headers, line.id, { quantity: 2, extra: 1 })).statusCode).toBe(400);
    const [row] = await t.db.select().from(cartItems).where(eq(cartItems.id, line.id));
    expect(row?.quantity).toBe(2);
  });

  it('answers 404 for an unknown item id', async () => {
    const u = await signedInUser(t);
    for (const id of ['0b7f3a3e-8c39-4b5e-9f0e-3d2b7a1c9e11', 'nope']) {
      const res = await patch(u.headers, id, { quantity: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Cart item not found');
    }
  });
});

describe('cart lines whose product changed after adding', () => {
  it('shows the current price and stock, and in_stock false once unpublished or sold out', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { salePriceCents: 1000, available: 3 });
    await add(u.headers, { product_id: p.id, quantity: 2 });
    await t.db.update(products).set({ salePriceCents: 1200 }).where(eq(products.id, p.id));
    await setStock(t, p.id, 0);
    const me = (await t.app.inject({ url: '/api/users/me', headers: u.headers })).json() as { cart: Cart };
    expect(me.cart.cart_items[0]?.product).toMatchObject({ sale_price: 12, available: 0, in_stock: false });
    expect(me.cart.total_price).toBe(24);
  });
});
