import { randomUUID } from 'node:crypto';
import type { Cart } from '@shop/contracts/cart';
import type { Order } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, productVariants } from '../src/db/schema.ts';
import { createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { guestBody, placeOrder, quote, userBody, writeCounts } from './orders-fixtures.ts';

/*
 * A product that offers colours or sizes is never in a cart or an order without its
 * choice, on any path that makes a line. The API has two doors for lines: add-to-cart (the product
 * page, the wishlist's 'Add to cart' and the guest cart sent at sign-in all use it) and checkout (a
 * guest's items, or the signed-in shopper's stored cart). There is no re-order and no order made by
 * staff. Each door is tested here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

function add(headers: Headers, payload: Record<string, unknown>, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/products/add-to-cart',
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload,
  });
}

const linesOf = async (productId: string) => t.db.select().from(cartItems).where(eq(cartItems.productId, productId));

/**
 * A cart line as it could exist before choices were required: its variant has no colour or size (the
 * product gained its options since), written straight to the tables.
 */
async function legacyLine(userId: string, productId: string, quantity = 1) {
  const [cart] = await t.db.insert(carts).values({ userId, updatedAt: new Date() }).returning({ id: carts.id });
  if (!cart) throw new Error('cart not created');
  const [variant] = await t.db
    .insert(productVariants)
    .values({ productId, sku: `legacy-${randomUUID()}`, available: 5, position: 99 })
    .returning({ id: productVariants.id });
  if (!variant) throw new Error('variant not created');
  await t.db
    .insert(cartItems)
    .values({ cartId: cart.id, productId, variantId: variant.id, quantity, unitPriceCents: 1999 });
}

describe('add-to-cart (product page, wishlist, guest cart merge)', () => {
  it('refuses a product with colours when no colour is chosen, names the choices, and writes nothing', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { colors: ['Black', 'White'] });
    const res = await add(u.headers, { product_id: p.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Choose a colour (Black, White) for this product',
      code: 'BAD_REQUEST',
      details: { field: 'color', missing: ['color'], colors: ['Black', 'White'], sizes: [] },
    });
    expect(await linesOf(p.id)).toEqual([]);
  });

  it('refuses a missing size, and names both when both are missing', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { colors: ['Red'], availableSizes: ['S', 'M'] });
    const noSize = await add(u.headers, { product_id: p.id, color: 'red' });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json()).toMatchObject({
      message: 'Choose a size (S, M) for this product',
      details: { field: 'size' },
    });
    const neither = await add(u.headers, { product_id: p.id, color: '' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({
      message: 'Choose a colour (Red) and a size (S, M) for this product',
      details: { field: 'color', missing: ['color', 'size'] },
    });
    expect(await linesOf(p.id)).toEqual([]);
  });

  it('a choice must be one the product offers; a product without options needs none', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { colors: ['Black', 'White'] });
    const wrong = await add(u.headers, { product_id: p.id, color: 'Green' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('color must be one of: Black, White');
    const ok = await add(u.headers, { product_id: p.id, color: 'white' });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as Cart).cart_items).toEqual([
      expect.objectContaining({ color: 'White', size: null, missing_choices: [] }),
    ]);
    const plain = await createProduct(t);
    expect((await add(u.headers, { product_id: plain.id })).statusCode).toBe(200);
  });

  it('the wishlist’s Add to cart: a saved product with colours still needs its colour', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { colors: ['Navy', 'Olive'] });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/wishlist',
      headers: u.headers,
      payload: { product_id: p.id },
    });
    expect(saved.statusCode).toBeLessThan(300);
    // What the wishlist page sent before the fix: the product alone.
    expect((await add(u.headers, { product_id: p.id, quantity: 1 })).statusCode).toBe(400);
    expect(await linesOf(p.id)).toEqual([]);
    const chosen = await add(u.headers, { product_id: p.id, quantity: 1, color: 'Olive' });
    expect(chosen.statusCode).toBe(200);
  });

  it('the guest cart sent at sign-in (one Idempotency-Key per line): a line without its choice is refused, not stored', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { availableSizes: ['38', '40', '42'] });
    const key = randomUUID();
    const refused = await add(u.headers, { product_id: p.id, quantity: 2 }, key);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toMatchObject({ field: 'size', sizes: ['38', '40', '42'] });
    // The refusal is not stored as the key's answer: nothing was done, and a corrected line goes through.
    const again = await add(u.headers, { product_id: p.id, quantity: 2, size: '40' }, randomUUID());
    expect(again.statusCode).toBe(200);
    expect((await linesOf(p.id)).map((l) => [l.size, l.quantity])).toEqual([['40', 2]]);
  });
});

describe('checkout', () => {
  it('a guest’s items without a required choice: quote and order answer 400 naming the product, nothing written', async () => {
    const p = await createProduct(t, { colors: ['Black', 'White'] });
    const body = guestBody([{ product_id: p.id, quantity: 1 }]);
    const before = await writeCounts(t);
    const q = await quote(t, body);
    expect(q.statusCode).toBe(400);
    expect(q.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: `${p.name}: Choose a colour (Black, White) for this product`,
      details: { field: 'items.color', product_id: p.id, colors: ['Black', 'White'] },
    });
    const order = await placeOrder(t, body);
    expect(order.statusCode).toBe(400);
    expect(await writeCounts(t)).toEqual(before);
    const chosen = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1, color: 'black' } as never]));
    expect(chosen.statusCode).toBe(201);
    expect((chosen.json() as Order).lines[0]).toMatchObject({ color: 'Black' });
  });

  it('a stored cart line made before the rule: the cart flags it, checkout refuses with 422 and keeps the line', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { colors: ['Black', 'White'], availableSizes: ['S', 'M'] });
    await legacyLine(u.id, p.id);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: u.headers });
    expect(me.json().cart.cart_items).toEqual([
      expect.objectContaining({ color: null, size: null, missing_choices: ['color', 'size'] }),
    ]);

    const before = await writeCounts(t);
    for (const res of [
      await quote(t, userBody(), u.headers),
      await placeOrder(t, userBody(), { headers: u.headers }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'UNPROCESSABLE',
        message: `Please choose a colour and a size for ${p.name} in your cart before checking out.`,
        details: { field: 'cart', missing_choices: [{ product_id: p.id, name: p.name, missing: ['color', 'size'] }] },
      });
    }
    expect(await writeCounts(t)).toEqual(before);
    expect(await linesOf(p.id)).toHaveLength(1);

    // The shopper removes it and adds it again with the choices: the order goes through with them.
    await t.app.inject({ method: 'DELETE', url: `/api/products/remove-from-cart/${p.id}`, headers: u.headers });
    expect((await add(u.headers, { product_id: p.id, color: 'White', size: 'M' })).statusCode).toBe(200);
    const order = await placeOrder(t, userBody(), { headers: u.headers });
    expect(order.statusCode).toBe(201);
    expect((order.json() as Order).lines[0]).toMatchObject({ color: 'White', size: 'M' });
  });
});
