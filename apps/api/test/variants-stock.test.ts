import { randomUUID } from 'node:crypto';
import type { Cart } from '@shop/contracts/cart';
import type { Order, Quote } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolation } from '../src/db/errors.ts';
import { cartItems, orderLines, products, productVariants, stockMovements } from '../src/db/schema.ts';
import { createProduct, freshIp, signedInUser, variantStock } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { card, guestBody, MANY_ORDERS, PAY_LATER, placeOrder, quote, userBody } from './orders-fixtures.ts';

/*
 * What is sold is a variant, with its own SKU, price and stock. The race, the
 * prices and the choice of a variant, on the real PostgreSQL.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(MANY_ORDERS);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const add = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/products/add-to-cart', headers, payload });

/** A tee in Red and Blue, each with its own stock; Blue has a price of its own when given. */
async function tee(stock: { red: number; blue: number }, bluePriceCents: number | null = null) {
  const p = await createProduct(t, { colors: ['Red', 'Blue'], salePriceCents: 2000, regularPriceCents: 3000 }, [
    { values: ['Red'], available: stock.red },
    { values: ['Blue'], available: stock.blue, priceCents: bluePriceCents, compareAtCents: bluePriceCents && 4000 },
  ]);
  const [red, blue] = p.variants;
  if (!red || !blue) throw new Error('variants missing');
  return { p, red, blue };
}

async function variantRow(id: string) {
  const [v] = await t.db.select().from(productVariants).where(eq(productVariants.id, id));
  return v;
}
async function productRow(id: string) {
  const [p] = await t.db.select().from(products).where(eq(products.id, id));
  return p;
}

describe('the last unit of one variant', () => {
  it('50 shoppers ordering it at once: exactly one order, 49 × 409 naming the variant, the sibling untouched', async () => {
    const { p, red, blue } = await tee({ red: 1, blue: 7 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => signedInUser(t)));
    // The cart is not a reservation: every shopper holds the last Red in their cart.
    for (const s of shoppers) expect((await add(s.headers, { product_id: p.id, color: 'red' })).statusCode).toBe(200);

    const answers = await Promise.all(
      shoppers.map((s, i) =>
        placeOrder(t, userBody({ payment: i % 2 ? card() : PAY_LATER }), { headers: s.headers, ip: freshIp() }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json().details.lines).toEqual([
        expect.objectContaining({
          product_id: p.id,
          variant_id: red.id,
          reason: 'insufficient_stock',
          requested: 1,
          available: 0,
        }),
      ]);
    }
    const won = answers.find((a) => a.statusCode === 201)?.json() as Order;
    expect(won.lines).toEqual([expect.objectContaining({ variant_id: red.id, sku: red.sku, color: 'Red' })]);

    expect(await variantRow(red.id)).toMatchObject({ available: 0, soldCount: 1 });
    expect(await variantRow(blue.id)).toMatchObject({ available: 7, soldCount: 0 });
    // The product's figures are the roll-up of its variants'.
    expect(await productRow(p.id)).toMatchObject({ available: 7, soldCount: 1 });
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id));
    expect(moves.map((m) => [m.variantId, m.delta])).toEqual([[red.id, -1]]);
  });

  it('orders over sibling variants of two products, in opposite orders, never deadlock', async () => {
    const a = await tee({ red: 500, blue: 500 });
    const b = await tee({ red: 500, blue: 500 });
    const line = (x: typeof a, color: 'Red' | 'Blue') => ({ product_id: x.p.id, quantity: 2, color }) as never;
    const sets = [
      [line(a, 'Red'), line(b, 'Blue'), line(a, 'Blue')],
      [line(b, 'Red'), line(a, 'Blue')],
      [line(a, 'Blue'), line(b, 'Red'), line(b, 'Blue')],
      [line(b, 'Blue'), line(a, 'Red')],
    ];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => placeOrder(t, guestBody(sets[i % 4] ?? []), { ip: freshIp() })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    for (const x of [a, b]) {
      const left = (await variantStock(t, x.red.id)) + (await variantStock(t, x.blue.id));
      expect((await productRow(x.p.id))?.available).toBe(left);
      const sold = (await variantRow(x.red.id))?.soldCount ?? 0;
      expect(sold + (await variantRow(x.blue.id))!.soldCount + left).toBe(1000);
    }
  });
});

describe('two variants of one product in one order', () => {
  it('each line buys its variant at its price, with its SKU; each variant’s stock moves, and comes back on cancel', async () => {
    const { p, red, blue } = await tee({ red: 5, blue: 5 }, 2500);
    const u = await signedInUser(t);
    expect((await add(u.headers, { product_id: p.id, color: 'Red', quantity: 2 })).statusCode).toBe(200);
    expect((await add(u.headers, { product_id: p.id, variant_id: blue.id })).statusCode).toBe(200);

    const q = (await quote(t, userBody(), u.headers)).json() as Quote;
    expect(q.lines.map((l) => [l.variant_id, l.sku, l.color, l.unit_price, l.quantity, l.line_total])).toEqual([
      [red.id, red.sku, 'Red', 20, 2, 40],
      [blue.id, blue.sku, 'Blue', 25, 1, 25],
    ]);
    expect(q.totals.subtotal).toBe(65);

    const placed = await placeOrder(t, userBody(), { headers: u.headers });
    expect(placed.statusCode).toBe(201);
    const order = placed.json() as Order;
    expect(order.lines).toEqual(q.lines);
    expect(order.totals).toEqual(q.totals);
    const stored = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(stored.map((l) => [l.variantId, l.sku, l.unitPriceCents, l.color]).sort()).toEqual(
      [
        [red.id, red.sku, 2000, 'Red'],
        [blue.id, blue.sku, 2500, 'Blue'],
      ].sort(),
    );
    expect([await variantStock(t, red.id), await variantStock(t, blue.id)]).toEqual([3, 4]);
    expect((await productRow(p.id))?.available).toBe(7);
    // Pay later empties the cart of what was bought.
    expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, p.id))).toEqual([]);

    const cancelled = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: u.headers });
    expect(cancelled.statusCode).toBe(200);
    expect([await variantStock(t, red.id), await variantStock(t, blue.id)]).toEqual([5, 5]);
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
    expect(moves.map((m) => [m.variantId, m.delta, m.reason]).sort()).toEqual(
      [
        [red.id, -2, 'order'],
        [blue.id, -1, 'order'],
        [red.id, 2, 'order_cancelled'],
        [blue.id, 1, 'order_cancelled'],
      ].sort(),
    );
  });

  it('a variant’s own price moving after adding → 409 naming the variant; placing again buys at the new price', async () => {
    const { p, red, blue } = await tee({ red: 5, blue: 5 }, 2500);
    const u = await signedInUser(t);
    await add(u.headers, { product_id: p.id, color: 'Red' });
    await add(u.headers, { product_id: p.id, color: 'Blue' });
    await t.db.update(productVariants).set({ priceCents: 2700 }).where(eq(productVariants.id, blue.id));

    const refused = await placeOrder(t, userBody(), { headers: u.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.lines).toEqual([
      expect.objectContaining({
        product_id: p.id,
        variant_id: blue.id,
        reason: 'price_changed',
        expected_price: 25,
        current_price: 27,
      }),
    ]);
    expect([await variantStock(t, red.id), await variantStock(t, blue.id)]).toEqual([5, 5]);
    const again = await placeOrder(t, userBody(), { headers: u.headers });
    expect(again.statusCode).toBe(201);
    expect((again.json() as Order).lines.map((l) => [l.variant_id, l.unit_price])).toEqual([
      [red.id, 20],
      [blue.id, 27],
    ]);
  });

  it('a guest names variants by id or by colour; lines of one variant are merged', async () => {
    const { p, red, blue } = await tee({ red: 5, blue: 5 }, 2500);
    const body = guestBody([
      { product_id: p.id, variant_id: blue.id, quantity: 1 } as never,
      { product_id: p.id, color: 'BLUE', quantity: 2 } as never,
      { product_id: p.id, color: 'red', quantity: 1 } as never,
    ]);
    const q = (await quote(t, body)).json() as Quote;
    expect(q.lines.map((l) => [l.variant_id, l.quantity, l.unit_price])).toEqual([
      [blue.id, 3, 25],
      [red.id, 1, 20],
    ]);
    const other = await tee({ red: 1, blue: 1 });
    const foreign = await quote(t, guestBody([{ product_id: p.id, variant_id: other.red.id, quantity: 1 } as never]));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      message: `${p.name}: Variant not found for this product`,
      details: { field: 'items.variant_id', product_id: p.id },
    });
    const contradicting = await placeOrder(
      t,
      guestBody([{ product_id: p.id, variant_id: red.id, color: 'Blue', quantity: 1 } as never]),
    );
    expect(contradicting.statusCode).toBe(400);
    expect(contradicting.json().message).toBe(`${p.name}: color must be Red for the chosen variant`);
  });
});

describe('SKUs', () => {
  it('are unique in the database: a second variant with the same SKU is refused with a unique violation', async () => {
    const a = await createProduct(t);
    const b = await createProduct(t);
    const sku = a.variants[0]?.sku ?? '';
    const error = await t.db
      .insert(productVariants)
      .values({ productId: b.id, sku, option1: 'Other', available: 1 })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(uniqueViolation(error)).toBe('product_variants_sku_key');
    // Nothing was written: b still has its one variant, and its stock.
    expect(await t.db.select().from(productVariants).where(eq(productVariants.productId, b.id))).toHaveLength(1);
    expect((await productRow(b.id))?.available).toBe(100);
    // One combination of options is one variant too.
    const twice = await t.db
      .insert(productVariants)
      .values({ productId: a.id, sku: `other-${randomUUID()}` })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(uniqueViolation(twice)).toBe('product_variants_options_key');
  });
});

describe('add-to-cart picks the variant', () => {
  it('by variant_id; the line answers with the variant’s SKU, values, price, compare-at price, stock and picture', async () => {
    const p = await createProduct(t, { colors: ['Red', 'Blue'], availableSizes: ['S', 'M'] }, [
      { values: ['Red', 'S'], available: 4 },
      { values: ['Blue', 'M'], available: 2, priceCents: 1550, compareAtCents: 2100, image: '/media/blue-m.jpg' },
    ]);
    const blueM = p.variants[1];
    if (!blueM) throw new Error('variant missing');
    const u = await signedInUser(t);
    const res = await add(u.headers, { product_id: p.id, variant_id: blueM.id, quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Cart).cart_items).toEqual([
      {
        id: expect.any(String),
        product: {
          id: p.id,
          slug: p.slug,
          name: p.name,
          sale_price: 15.5,
          regular_price: 21,
          images: ['/media/blue-m.jpg', ...p.images],
          available: 2,
          in_stock: true,
          tax_class: 'standard',
        },
        variant_id: blueM.id,
        sku: blueM.sku,
        options: ['Blue', 'M'],
        quantity: 2,
        color: 'Blue',
        size: 'M',
        missing_choices: [],
      },
    ]);
    expect((res.json() as Cart).total_price).toBe(31);
    // Its stock is the variant's: a third Blue M is refused although Red S has more.
    const over = await add(u.headers, { product_id: p.id, variant_id: blueM.id });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ message: 'Only 2 left in stock', details: { available: 2, in_cart: 2 } });
  });

  it('by colour and size, without regard to case; by product_id alone when the product has one variant', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { colors: ['Red', 'Blue'], availableSizes: ['S', 'M'] });
    const byChoice = (await add(u.headers, { product_id: p.id, color: 'BLUE', size: 's' })).json() as Cart;
    const blueS = p.variants.find((v) => v.option1 === 'Blue' && v.option2 === 'S');
    expect(byChoice.cart_items[0]).toMatchObject({ variant_id: blueS?.id, color: 'Blue', size: 'S' });

    const single = await createProduct(t, { colors: ['Black'] });
    const bySpec = await add(u.headers, { product_id: single.id });
    expect(bySpec.statusCode).toBe(200);
    expect((bySpec.json() as Cart).cart_items.at(-1)).toMatchObject({
      variant_id: single.variants[0]?.id,
      color: 'Black',
      options: ['Black'],
    });
    // The same variant by id grows the same line.
    const same = await add(u.headers, { product_id: single.id, variant_id: single.variants[0]?.id });
    expect((same.json() as Cart).cart_items.at(-1)?.quantity).toBe(2);
  });

  it('refuses a missing choice, an unknown variant, another product’s variant and a combination not sold — writing nothing', async () => {
    const u = await signedInUser(t);
    const { p, red } = await tee({ red: 3, blue: 3 });
    const other = await tee({ red: 3, blue: 3 });
    const sizes = await createProduct(t, { colors: ['Red', 'Blue'], availableSizes: ['S', 'L'] }, [
      { values: ['Red', 'S'], available: 1 },
      { values: ['Blue', 'L'], available: 1 },
    ]);
    const phone = await createProduct(t, {
      options: [
        { name: 'Colour', values: ['Black'] },
        { name: 'Storage', values: ['128 GB', '256 GB'] },
      ],
    });

    const cases: [Record<string, unknown>, number, string][] = [
      [{ product_id: p.id }, 400, 'Choose a colour (Red, Blue) for this product'],
      [{ product_id: p.id, variant_id: randomUUID() }, 404, 'Variant not found for this product'],
      [{ product_id: p.id, variant_id: 'not-a-uuid' }, 404, 'Variant not found for this product'],
      [{ product_id: p.id, variant_id: other.red.id }, 404, 'Variant not found for this product'],
      [{ product_id: p.id, variant_id: red.id, color: 'Blue' }, 400, 'color must be Red for the chosen variant'],
      [{ product_id: sizes.id, color: 'Red', size: 'L' }, 400, 'This product is not sold as Red / L'],
      [{ product_id: phone.id, color: 'black' }, 400, 'Choose a storage (128 GB, 256 GB) for this product'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await add(u.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const missing = await add(u.headers, { product_id: p.id });
    expect(missing.json().details).toEqual({ field: 'color', missing: ['color'], colors: ['Red', 'Blue'], sizes: [] });
    const storage = await add(u.headers, { product_id: phone.id, color: 'Black' });
    expect(storage.json().details).toEqual({ field: 'variant_id', option: 'Storage', values: ['128 GB', '256 GB'] });
    expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, p.id))).toEqual([]);
    // With its variant_id the phone is bought.
    const byId = await add(u.headers, { product_id: phone.id, variant_id: phone.variants[1]?.id });
    expect((byId.json() as Cart).cart_items).toEqual([
      expect.objectContaining({ variant_id: phone.variants[1]?.id, options: ['Black', '256 GB'], color: 'Black' }),
    ]);
  });

  it('remove-from-cart by product id removes the lines of all its variants', async () => {
    const u = await signedInUser(t);
    const { p } = await tee({ red: 3, blue: 3 });
    const mug = await createProduct(t);
    await add(u.headers, { product_id: p.id, color: 'Red' });
    await add(u.headers, { product_id: p.id, color: 'Blue' });
    await add(u.headers, { product_id: mug.id });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/remove-from-cart/${p.id}`,
      headers: u.headers,
    });
    expect((res.json() as Cart).cart_items.map((i) => i.product.id)).toEqual([mug.id]);
  });
});
