import type { Order } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, mailOutbox, orders, products } from '../src/db/schema.ts';
import { createProduct, setStock, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  ADDRESS,
  addToCart,
  card,
  guestBody,
  MANY_ORDERS,
  PAY_LATER,
  placeOrder,
  stockOf,
  userBody,
  writeCounts,
} from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(MANY_ORDERS);
});
afterAll(() => t.close());

describe('POST /api/orders — guest', () => {
  it('places a pay-later order from items: prices from the DB, stock taken, invoice issued, mail sent', async () => {
    const p = await createProduct(t, { salePriceCents: 1999, available: 5 });
    const body = guestBody([{ product_id: p.id, quantity: 2 }]);
    const res = await placeOrder(t, body);
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order.number).toMatch(/^SO-\d+$/);
    expect(order.status).toBe('placed');
    expect(order.email).toBe(body.email);
    expect(order.lines).toEqual([
      expect.objectContaining({ product_id: p.id, name: p.name, unit_price: 19.99, quantity: 2, line_total: 39.98 }),
    ]);
    // 39.98 < 50: standard shipping 5.99; tax 8 % of 45.97 = 3.6776 → 3.68
    expect(order.totals).toEqual({ subtotal: 39.98, discount: 0, shipping: 5.99, tax: 3.68, total: 49.65 });
    expect(order.payment).toMatchObject({ method: 'pay_later', status: 'pending', card_last4: null });
    expect(order.invoice).toMatchObject({ number: order.number.replace('SO-', 'INV-'), amount: 49.65, status: 'open' });
    // A guest's invoice falls due when the guest hold ends (72 hours by default).
    const due = new Date(order.invoice!.due_at).getTime() - new Date(order.invoice!.issued_at).getTime();
    expect(due).toBe(72 * 60 * 60 * 1000);
    expect(order.pay_by).toBe(order.invoice!.due_at);
    expect(order.shipping_address.country).toBe('US');
    expect(order.events.map((e) => e.status)).toEqual(['placed']);
    expect(order.can_cancel).toBe(false); // guests cannot sign in to cancel
    expect(await stockOf(t, p.id)).toBe(3);

    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain(order.number);
    expect(mail[0]?.text).toContain(`2 × ${p.name}`);
    expect(mail[0]?.text).toContain('Total: $49.65');
  });

  it('requires the Idempotency-Key header (400, nothing written)', async () => {
    const p = await createProduct(t);
    const before = await writeCounts(t);
    const res = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }]), { key: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The Idempotency-Key header is required');
    expect(await writeCounts(t)).toEqual(before);
  });

  it('a guest must send email and items', async () => {
    const p = await createProduct(t);
    const noEmail = guestBody([{ product_id: p.id, quantity: 1 }]) as Record<string, unknown>;
    delete noEmail.email;
    const r1 = await placeOrder(t, noEmail);
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toBe('Email is required');
    const r2 = await placeOrder(t, userBody({ email: 'g@example.com' }));
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toBe('Add at least one item');
  });

  it('refuses prices, totals, discounts amounts and user ids sent by the client (strict bodies)', async () => {
    const p = await createProduct(t, { salePriceCents: 5000 });
    const u = await signedInUser(t);
    const before = await writeCounts(t);
    const attempts = [
      guestBody([{ product_id: p.id, quantity: 1, unit_price: 0.01 } as never]),
      guestBody([{ product_id: p.id, quantity: 1, price: 0.01 } as never]),
      guestBody([{ product_id: p.id, quantity: 1 }], { total: 0.01 }),
      guestBody([{ product_id: p.id, quantity: 1 }], { totals: { total: 0 } }),
      guestBody([{ product_id: p.id, quantity: 1 }], { discount: 50 }),
      guestBody([{ product_id: p.id, quantity: 1 }], { user_id: u.id }),
      guestBody([{ product_id: p.id, quantity: 1 }], { status: 'paid' }),
    ];
    for (const body of attempts) {
      const res = await placeOrder(t, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await writeCounts(t)).toEqual(before);
    expect(await stockOf(t, p.id)).toBe(100);
  });

  it('bad quantities and missing fields are 400 with a clear message, nothing written', async () => {
    const p = await createProduct(t);
    const before = await writeCounts(t);
    const cases: [unknown, string][] = [
      [guestBody([{ product_id: p.id, quantity: -1 }]), 'quantity must be at least 1'],
      [guestBody([{ product_id: p.id, quantity: 0 }]), 'quantity must be at least 1'],
      [guestBody([{ product_id: p.id, quantity: 1.5 }]), 'quantity must be a whole number'],
      [guestBody([{ product_id: p.id, quantity: '2' as never }]), 'quantity must be a number'],
      [guestBody([]), 'Add at least one item'],
      [guestBody([{ product_id: p.id, quantity: 1 }], { shipping_method: 'Teleport!' }), 'Choose a shipping method'],
      [
        guestBody([{ product_id: p.id, quantity: 1 }], { shipping_address: { ...ADDRESS, city: ' ' } }),
        'City is required',
      ],
      [
        guestBody([{ product_id: p.id, quantity: 1 }], { payment: undefined }),
        'payment.method must be card or pay_later',
      ],
      [guestBody([{ product_id: p.id, quantity: 1 }], { email: 'not-an-email' }), 'Email is invalid'],
    ];
    for (const [body, message] of cases) {
      const res = await placeOrder(t, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await writeCounts(t)).toEqual(before);
  });

  it('unknown or unpublished products are refused with 409 and the line named', async () => {
    const hidden = await createProduct(t, { published: false });
    const res = await placeOrder(t, guestBody([{ product_id: hidden.id, quantity: 1 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().details.lines).toEqual([
      expect.objectContaining({ product_id: hidden.id, reason: 'unavailable', available: 0, requested: 1 }),
    ]);
    const unknown = await placeOrder(t, guestBody([{ product_id: 'no-such-product', quantity: 1 }]));
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().details.lines[0].reason).toBe('unavailable');
  });
});

describe('POST /api/orders — signed in', () => {
  it('buys the server cart with the test card: paid, cart cleared, stock taken, order in the history', async () => {
    const u = await signedInUser(t);
    const a = await createProduct(t, { salePriceCents: 3000, available: 10 });
    const b = await createProduct(t, { salePriceCents: 1500, available: 10 });
    await addToCart(t, u.headers, a.id, 1);
    await addToCart(t, u.headers, b.id, 2);
    const res = await placeOrder(t, userBody({ payment: card() }), { headers: u.headers });
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order.status).toBe('paid');
    expect(order.email).toBe(u.email);
    expect(order.payment).toMatchObject({
      method: 'card',
      status: 'succeeded',
      card_brand: 'visa',
      card_last4: '4242',
    });
    // 60.00 ≥ 50 → free standard shipping; tax 8 % of 60 = 4.80
    expect(order.totals).toEqual({ subtotal: 60, discount: 0, shipping: 0, tax: 4.8, total: 64.8 });
    expect(order.events.map((e) => e.status)).toEqual(['awaiting_payment', 'paid']);
    expect(order.can_cancel).toBe(true);
    expect(await stockOf(t, a.id)).toBe(9);
    expect(await stockOf(t, b.id)).toBe(8);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, u.id));
    expect(await t.db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id))).toHaveLength(0);

    const list = await t.app.inject({ url: '/api/orders', headers: u.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      page: 1,
      items: [{ id: order.id, number: order.number, status: 'paid', item_count: 3, totals: { total: 64.8 } }],
    });
    const one = await t.app.inject({ url: `/api/orders/${order.id}`, headers: u.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(order);
  });

  it('refuses items or email in a signed-in body (400), and an empty cart (422)', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    const withItems = await placeOrder(t, userBody({ items: [{ product_id: p.id, quantity: 1 }] }), {
      headers: u.headers,
    });
    expect(withItems.statusCode).toBe(400);
    expect(withItems.json().message).toBe('Signed-in orders buy your cart: do not send items');
    const withEmail = await placeOrder(t, userBody({ email: 'other@example.com' }), { headers: u.headers });
    expect(withEmail.statusCode).toBe(400);
    const empty = await placeOrder(t, userBody(), { headers: u.headers });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Your cart is empty');
  });

  it('price raised between cart and order → 409 with the new figures, no order; placing again buys at the new price', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { salePriceCents: 1000, available: 10 });
    await addToCart(t, u.headers, p.id, 2);
    await t.db.update(products).set({ salePriceCents: 1250 }).where(eq(products.id, p.id));
    const before = await writeCounts(t);

    const res = await placeOrder(t, userBody(), { headers: u.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Prices changed since you added these items. Please review your cart.',
      details: {
        lines: [
          {
            product_id: p.id,
            reason: 'price_changed',
            expected_price: 10,
            current_price: 12.5,
            requested: 2,
            available: 10,
          },
        ],
      },
    });
    expect(await writeCounts(t)).toEqual(before);
    expect(await stockOf(t, p.id)).toBe(10);
    expect(await t.db.select().from(orders).where(eq(orders.userId, u.id))).toHaveLength(0);

    const again = await placeOrder(t, userBody(), { headers: u.headers });
    expect(again.statusCode).toBe(201);
    expect((again.json() as Order).lines[0]).toMatchObject({ unit_price: 12.5, quantity: 2 });
  });

  it('stock short at order time → 409 insufficient_stock with what is left', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 5 });
    await addToCart(t, u.headers, p.id, 4);
    await setStock(t, p.id, 3);
    const res = await placeOrder(t, userBody(), { headers: u.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().details.lines).toEqual([
      expect.objectContaining({ product_id: p.id, reason: 'insufficient_stock', requested: 4, available: 3 }),
    ]);
    expect(await stockOf(t, p.id)).toBe(3);
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body returns the same order (201, replayed), and places it once', async () => {
    const p = await createProduct(t, { available: 10 });
    const body = guestBody([{ product_id: p.id, quantity: 1 }]);
    const first = await placeOrder(t, body, { key: 'order-key-1' });
    const second = await placeOrder(t, body, { key: 'order-key-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    expect(await stockOf(t, p.id)).toBe(9);
  });

  it('the same key with a different body → 422', async () => {
    const p = await createProduct(t, { available: 10 });
    const body = guestBody([{ product_id: p.id, quantity: 1 }]);
    expect((await placeOrder(t, body, { key: 'order-key-2' })).statusCode).toBe(201);
    const other = await placeOrder(t, { ...body, shipping_method: 'express' }, { key: 'order-key-2' });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request');
    expect(await stockOf(t, p.id)).toBe(9);
  });

  it('keys are per buyer: two guests may pick the same key', async () => {
    const p = await createProduct(t, { available: 10 });
    const a = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }]), { key: 'shared-key' });
    const b = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }]), { key: 'shared-key' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(a.json().id).not.toBe(b.json().id);
  });
});

describe('reading orders', () => {
  it('a customer can never read another customer’s order (404), nor an unknown one', async () => {
    const [alice, bob] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const p = await createProduct(t);
    await addToCart(t, alice.headers, p.id);
    const order = (await placeOrder(t, userBody({ payment: PAY_LATER }), { headers: alice.headers })).json() as Order;
    const asBob = await t.app.inject({ url: `/api/orders/${order.id}`, headers: bob.headers });
    expect(asBob.statusCode).toBe(404);
    expect(asBob.json().message).toBe('Order not found');
    const unknown = await t.app.inject({ url: `/api/orders/${crypto.randomUUID()}`, headers: alice.headers });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/api/orders/not-a-uuid', headers: alice.headers });
    expect(malformed.statusCode).toBe(404);
    const bobsList = await t.app.inject({ url: '/api/orders', headers: bob.headers });
    expect(bobsList.json().items).toEqual([]);
    expect((await t.app.inject({ url: '/api/orders' })).statusCode).toBe(401);
  });

  it('lists own orders newest first, paged', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      await addToCart(t, u.headers, p.id);
      t.clock.advance(1000);
      numbers.push((await placeOrder(t, userBody(), { headers: u.headers })).json().number);
    }
    const page1 = (await t.app.inject({ url: '/api/orders?limit=2', headers: u.headers })).json();
    const page2 = (await t.app.inject({ url: '/api/orders?limit=2&page=2', headers: u.headers })).json();
    expect(page1.total).toBe(3);
    expect([...page1.items, ...page2.items].map((o: Order) => o.number)).toEqual(numbers.reverse());
  });
});

describe('OpenAPI', () => {
  it('documents the checkout and order routes with their answers', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    // Fastify serves '/api/orders' and '/api/orders/' alike; the document names the latter.
    const place = (doc.paths['/api/orders'] ?? doc.paths['/api/orders/']).post;
    expect(Object.keys(place.responses)).toEqual(expect.arrayContaining(['201', '400', '402', '409', '422']));
    expect(place.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true })]),
    );
    for (const path of [
      '/api/orders/{id}',
      '/api/orders/{id}/cancel',
      '/api/orders/{id}/confirm-payment',
      '/api/checkout/quote',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
