import { randomUUID } from 'node:crypto';
import type { Order } from '@shop/contracts/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, orders, payments } from '../src/db/schema.ts';
import { TEST_CARDS } from '../src/modules/payments/index.ts';
import { createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
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

const confirm = (orderId: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/confirm-payment`,
    headers,
    payload: payload as Record<string, unknown>,
  });

async function cartSize(userId: string) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId));
  return row?.n ?? 0;
}

/** The demo step's token of an order waiting for it. */
function tokenOf(order: Order): string {
  const next = order.payment.next_action;
  if (next?.type !== 'confirm') throw new Error(`no confirmation step: ${JSON.stringify(next)}`);
  return next.token;
}

describe('card data never reaches the server', () => {
  it('a card number or security code in the body → 400 saying why, nothing written', async () => {
    const p = await createProduct(t);
    const before = await writeCounts(t);
    const base = card().card;
    for (const leak of [
      { number: '4242424242424242' },
      { cvc: '123' },
      { cvv: '123' },
      { card_number: '4242424242424242' },
    ]) {
      const res = await placeOrder(
        t,
        guestBody([{ product_id: p.id, quantity: 1 }], { payment: { method: 'card', card: { ...base, ...leak } } }),
      );
      expect(res.statusCode, JSON.stringify(leak)).toBe(400);
      expect(res.json().message).toMatch(/^Card numbers and security codes are never sent to the shop/);
    }
    expect(await writeCounts(t)).toEqual(before);
    expect(await stockOf(t, p.id)).toBe(100);
  });

  it('an expired card → 422 “Your card has expired.” by the shop’s clock; this month is still fine', async () => {
    const p = await createProduct(t);
    t.clock.set(new Date('2031-03-20T10:00:00Z'));
    const before = await writeCounts(t);
    const expired = { method: 'card', card: { ...card().card, exp_month: 2, exp_year: 2031 } };
    const res = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }], { payment: expired }));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Your card has expired.');
    expect(await writeCounts(t)).toEqual(before);
    const thisMonth = { method: 'card', card: { ...card().card, exp_month: 3, exp_year: 2031 } };
    expect(
      (await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }], { payment: thisMonth }))).statusCode,
    ).toBe(201);
    t.clock.set(new Date());
  });

  it('missing or malformed card fields → 400 with the field’s message', async () => {
    const p = await createProduct(t);
    const before = await writeCounts(t);
    const base = card().card;
    const cases: [unknown, string][] = [
      [{ method: 'card' }, 'payment.card is required: the card’s brand, last 4 digits, expiry and name'],
      [{ method: 'card', card: { ...base, last4: '42' } }, 'Last 4 digits must be 4 digits'],
      [
        { method: 'card', card: { ...base, brand: 'diners' } },
        'Card brand must be visa, mastercard, amex, discover or card',
      ],
      [{ method: 'card', card: { ...base, exp_month: 13 } }, 'Expiry month must be 1–12'],
      [{ method: 'card', card: { ...base, name: '' } }, 'Name on card is required'],
      [{ method: 'cheque' }, 'payment.method must be card or pay_later'],
    ];
    for (const [payment, message] of cases) {
      const res = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }], { payment }));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const missing = await placeOrder(
      t,
      guestBody([{ product_id: p.id, quantity: 1 }], { payment: { method: 'card' } }),
    );
    expect(missing.json().details).toEqual({ field: 'payment.card' });
    expect(await writeCounts(t)).toEqual(before);
  });

  it('checkout’s settings say the demo provider takes cards (no Stripe key)', async () => {
    const res = await t.app.inject({ url: '/api/checkout/settings' });
    expect(res.json().payments).toEqual({ card: 'demo', stripe_publishable_key: null, pay_later: true });
  });
});

describe('the demo provider decides by the last 4 digits', () => {
  it('0002 → 402 “Your card was declined.”; 9995 → 402 insufficient funds; both cancelled and restocked', async () => {
    for (const [test, message] of [
      [TEST_CARDS.declined, 'Your card was declined.'],
      [TEST_CARDS.insufficientFunds, 'Your card has insufficient funds.'],
    ] as const) {
      const p = await createProduct(t, { available: 3 });
      const res = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 2 }], { payment: card(test) }));
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ message, code: 'PAYMENT_DECLINED' });
      expect(await stockOf(t, p.id)).toBe(3);
    }
  });

  it('any other last 4 succeeds, and only brand and last 4 are kept', async () => {
    const p = await createProduct(t);
    const payment = { method: 'card', card: { ...card().card, brand: 'mastercard', last4: '4444' } };
    const res = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }], { payment }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'paid',
      payment: { status: 'succeeded', card_brand: 'mastercard', card_last4: '4444', failure_message: null },
    });
    const [stored] = await t.db.select().from(payments).where(eq(payments.orderId, res.json().id));
    expect(stored).toMatchObject({ provider: 'demo', cardBrand: 'mastercard', cardLast4: '4444' });
  });
});

describe('declined cards', () => {
  it('last 4 0002 → 402, the order cancelled and restocked, the cart kept; the same key answers the same 402', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 4 });
    await addToCart(t, u.headers, p.id, 2);
    const key = randomUUID();
    const body = userBody({ payment: card(TEST_CARDS.declined) });
    const res = await placeOrder(t, body, { headers: u.headers, key });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: 'Your card was declined.', code: 'PAYMENT_DECLINED' });
    expect(await stockOf(t, p.id)).toBe(4);
    expect(await cartSize(u.id)).toBe(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, u.id));
    expect(order?.status).toBe('cancelled');
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(payment).toMatchObject({ status: 'declined', cardBrand: 'visa', cardLast4: '0002' });

    const retry = await placeOrder(t, body, { headers: u.headers, key });
    expect(retry.statusCode).toBe(402);
    expect(retry.json().code).toBe('PAYMENT_DECLINED');
    expect(await t.db.select().from(orders).where(eq(orders.userId, u.id))).toHaveLength(1);

    // Another card is a new attempt with a new key: it succeeds and empties the cart.
    const ok = await placeOrder(t, userBody({ payment: card() }), { headers: u.headers });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().status).toBe('paid');
    expect(await stockOf(t, p.id)).toBe(2);
    expect(await cartSize(u.id)).toBe(0);
  });
});

describe('the customer’s order list', () => {
  it('leaves out card attempts whose money never arrived: declined, or waiting for the step; a paid one is listed', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    const place = async (payment: unknown) => {
      await addToCart(t, u.headers, p.id);
      return (await placeOrder(t, userBody({ payment }), { headers: u.headers })).json() as Order & { code?: string };
    };
    await place(card(TEST_CARDS.declined));
    const waiting = await place(card(TEST_CARDS.requiresAction));
    const paid = await place(card());
    const later = await place(PAY_LATER);
    const list = (await t.app.inject({ url: '/api/orders', headers: u.headers })).json();
    expect(list.total).toBe(2);
    expect(list.items.map((o: Order) => o.id).sort()).toEqual([paid.id, later.id].sort());
    // Its own page still answers, with the step to complete.
    const own = await t.app.inject({ url: `/api/orders/${waiting.id}`, headers: u.headers });
    expect(tokenOf(own.json())).toBe(tokenOf(waiting));
  });
});

describe('cards that need the confirmation step (last 4 3155)', () => {
  async function placeNeedingAction(headers?: Record<string, string>, productAvailable = 5) {
    const p = await createProduct(t, { available: productAvailable });
    const body = guestBody([{ product_id: p.id, quantity: 2 }], { payment: card(TEST_CARDS.requiresAction) });
    const res = await placeOrder(t, body, { headers });
    expect(res.statusCode).toBe(201);
    return { product: p, order: res.json() as Order, body };
  }

  it('answers 201 awaiting_payment with a token; approving pays the order (once) and mails the confirmation', async () => {
    const { product, order, body } = await placeNeedingAction();
    expect(order.status).toBe('awaiting_payment');
    expect(order.payment).toMatchObject({ method: 'card', status: 'requires_action', card_last4: '3155' });
    expect(order.payment.next_action).toEqual({ type: 'confirm', token: expect.any(String) });
    expect(await stockOf(t, product.id)).toBe(3); // reserved meanwhile

    const token = tokenOf(order);
    expect((await confirm(order.id, { token: 'wrong', approve: true })).statusCode).toBe(404);
    const paid = await confirm(order.id, { token, approve: true });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', payment: { status: 'succeeded', next_action: null } });
    expect(paid.json().events.map((e: { status: string }) => e.status)).toEqual(['awaiting_payment', 'paid']);
    const again = await confirm(order.id, { token, approve: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('paid');
    expect(await stockOf(t, product.id)).toBe(3);
    const mails = await t.db.execute(sql`select subject from mail_outbox where "to" = ${body.email}`);
    expect(mails.rows).toHaveLength(1);
  });

  it('refusing the step → 402, the order cancelled and restocked', async () => {
    const { product, order } = await placeNeedingAction();
    const res = await confirm(order.id, { token: tokenOf(order), approve: false });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('PAYMENT_DECLINED');
    expect(await stockOf(t, product.id)).toBe(5);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('cancelled');
    const late = await confirm(order.id, { token: tokenOf(order), approve: true });
    expect(late.statusCode).toBe(409);
  });

  it('a signed-in buyer’s order can only be confirmed by that buyer', async () => {
    const [u, other] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const p = await createProduct(t);
    await addToCart(t, u.headers, p.id);
    const order = (
      await placeOrder(t, userBody({ payment: card(TEST_CARDS.requiresAction) }), { headers: u.headers })
    ).json() as Order;
    const token = tokenOf(order);
    expect((await confirm(order.id, { token, approve: true }, other.headers)).statusCode).toBe(404);
    expect((await confirm(order.id, { token, approve: true })).statusCode).toBe(404);
    // The owner sees the pending step on the order page too.
    const seen = (await t.app.inject({ url: `/api/orders/${order.id}`, headers: u.headers })).json() as Order;
    expect(tokenOf(seen)).toBe(token);
    expect((await confirm(order.id, { token, approve: true }, u.headers)).statusCode).toBe(200);
  });

  it('an order left unconfirmed for 30 minutes is cancelled and restocked by the sweep', async () => {
    const { product, order } = await placeNeedingAction(undefined, 2);
    expect(await stockOf(t, product.id)).toBe(0);
    t.clock.advance(29 * 60 * 1000);
    expect(await t.app.services.orders.expireUnconfirmedPayments()).toBe(0);
    t.clock.advance(2 * 60 * 1000);
    expect(await t.app.services.orders.expireUnconfirmedPayments()).toBeGreaterThanOrEqual(1);
    expect(await stockOf(t, product.id)).toBe(2);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('cancelled');
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment?.status).toBe('cancelled');
    // A second sweep finds nothing more to do: the restock happened once.
    expect(await t.app.services.orders.expireUnconfirmedPayments()).toBe(0);
    expect(await stockOf(t, product.id)).toBe(2);
    const late = await confirm(order.id, { token: tokenOf(order), approve: true });
    expect(late.statusCode).toBe(409);
  });
});

/** Every text-like column of every table that holds one of the test numbers or the CVC. */
async function columnsContaining(cvc: string): Promise<string[]> {
  const columns = await t.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying', 'ARRAY')`);
  const hits: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const col = sql`${sql.identifier(table_name)}.${sql.identifier(column_name)}::text`;
    const found = await t.db.execute(sql`
      select 1 from ${sql.identifier(table_name)}
      where ${col} similar to ${'%(4242424242424242|4242 4242 4242 4242|4000002500003155)%'}
         or ${col} like ${`%"cvc":"${cvc}"%`}
      limit 1`);
    if (found.rows.length > 0) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}

describe('card data at rest', () => {
  it('a body with the number and CVC is refused; what is placed keeps only brand and last 4 in any column', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    await addToCart(t, u.headers, p.id);
    const secretCvc = '987';
    const leaked = { method: 'card', card: { ...card().card, number: '4242 4242 4242 4242', cvc: secretCvc } };
    expect((await placeOrder(t, userBody({ payment: leaked }), { headers: u.headers })).statusCode).toBe(400);
    const res = await placeOrder(t, userBody({ payment: card() }), { headers: u.headers });
    expect(res.statusCode).toBe(201);
    await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }], { payment: card(TEST_CARDS.requiresAction) }));

    expect(await columnsContaining(secretCvc)).toEqual([]);
    // The scan itself works: a planted number is found.
    await t.db.execute(
      sql`insert into mail_outbox ("to", subject, text) values ('x@example.com', 'control', 'card 4242424242424242')`,
    );
    expect(await columnsContaining(secretCvc)).toEqual(['mail_outbox.text']);
    const [stored] = await t.db.select().from(payments).where(eq(payments.orderId, res.json().id));
    expect(stored).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });
  });
});

describe('a production start without a card provider', () => {
  it('refuses card orders with 422 and writes nothing; pay later still works; checkout says so', async () => {
    const prod = await createTestApp({ env: { ...MANY_ORDERS.env, NODE_ENV: 'production' } });
    try {
      const p = await createProduct(prod);
      const before = await writeCounts(prod);
      const res = await placeOrder(prod, guestBody([{ product_id: p.id, quantity: 1 }], { payment: card() }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'Card payments are not available in this shop: choose pay later.',
        code: 'UNPROCESSABLE',
        details: { field: 'payment.method', reason: 'card_payments_unavailable' },
      });
      const bare = await placeOrder(
        prod,
        guestBody([{ product_id: p.id, quantity: 1 }], { payment: { method: 'card' } }),
      );
      expect(bare.statusCode).toBe(422);
      expect(await writeCounts(prod)).toEqual(before);
      expect(await stockOf(prod, p.id)).toBe(100);
      const later = await placeOrder(prod, guestBody([{ product_id: p.id, quantity: 1 }]));
      expect(later.statusCode).toBe(201);
      expect((await prod.app.inject({ url: '/api/checkout/settings' })).json().payments).toEqual({
        card: null,
        stripe_publishable_key: null,
        pay_later: true,
      });
      // No provider, no webhook.
      expect(
        (await prod.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload: {} })).statusCode,
      ).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
