import { randomUUID } from 'node:crypto';
import type { AdminOrderDetail } from '@shop/contracts/admin-orders';
import type { Order } from '@shop/contracts/orders';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, paymentEvents, paymentRefunds, payments, transactions } from '../src/db/schema.ts';
import { createStripePaymentProvider } from '../src/modules/payments/index.ts';
import { createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, createUser, login, type TestApp } from './helpers.ts';
import { addToCart, guestBody, MANY_ORDERS, placeOrder, stockOf, userBody, writeCounts } from './orders-fixtures.ts';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe.ts';

/**
 * The Stripe path end to end against a local server in Stripe's format (support/fake-stripe.ts):
 * the shop creates PaymentIntents, the test plays Stripe.js in the browser (`fake.confirm`,
 * `fake.authenticate`), and the shop learns outcomes only by retrieving from Stripe — after the
 * browser's sync-payment or a signed webhook event. Webhook payloads are signed with the `stripe`
 * package's own test-header helper.
 */
let fake: FakeStripe;
let t: TestApp;
let stripe: Stripe;
let staff: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = fake.client();
  t = await createTestApp({
    env: {
      ...MANY_ORDERS.env,
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
      // The config only needs one in its shape (the fake's base64url secret may carry `-` or `_`, which
      // config.ts refuses); the provider below checks signatures with the fake's own.
      STRIPE_WEBHOOK_SECRET: 'whsec_configshapeonly',
      STRIPE_API_URL: fake.url,
    },
    // The provider the config makes, with a short timeout: a hanging Stripe costs the tests little.
    paymentProvider: createStripePaymentProvider({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
      timeoutMs: 1_000,
      maxNetworkRetries: 1,
    }),
  });
  const member = await createUser(t, { role: 'staff' });
  staff = (await login(t, member.email, member.password)).headers;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const STRIPE_CARD = { method: 'card' as const };

/** The Stripe client secret of an order waiting for Stripe.js. */
function secretOf(order: Order): string {
  const next = order.payment.next_action;
  if (next?.type !== 'stripe') throw new Error(`no Stripe step: ${JSON.stringify(next)}`);
  return next.client_secret;
}

async function paymentRow(orderId: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!row) throw new Error('no payment');
  return row;
}

async function piOf(orderId: string): Promise<string> {
  const ref = (await paymentRow(orderId)).providerRef;
  if (!ref?.startsWith('pi_')) throw new Error(`no PaymentIntent: ${ref}`);
  return ref;
}

/** A guest's Stripe order of a fresh product: 201, awaiting payment, a client secret for Stripe.js. */
async function placeStripe(opts: { available?: number; quantity?: number; key?: string } = {}) {
  const product = await createProduct(t, { available: opts.available ?? 5 });
  const body = guestBody([{ product_id: product.id, quantity: opts.quantity ?? 1 }], { payment: STRIPE_CARD });
  const res = await placeOrder(t, body, { key: opts.key });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as Order;
  return { product, body, order, pi: await piOf(order.id), secret: secretOf(order) };
}

const sync = (orderId: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/sync-payment`, headers, payload: { token } });

/** A webhook delivery of `payload`, signed with the endpoint secret (or with `secret`). */
function deliverRaw(payload: string, signature: string | null) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload,
  });
}

function sign(payload: string, secret = fake.webhookSecret): string {
  return stripe.webhooks.generateTestHeaderString({ payload, secret });
}

/** The PaymentIntent as the fake Stripe holds it now. */
function intentAt(id: string): Stripe.PaymentIntent {
  const found = fake.paymentIntent(id);
  if (!found) throw new Error(`no PaymentIntent ${id}`);
  return found as unknown as Stripe.PaymentIntent;
}

/** Stripe sends the event `type` about `object`; answers the delivery and the event's id. */
async function deliver(type: string, object: object | undefined) {
  if (!object) throw new Error('no object for the event');
  const event = fake.event(type, object as Record<string, unknown>);
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const res = await deliverRaw(payload, sign(payload));
  return { res, id: (JSON.parse(payload) as { id: string }).id };
}

async function state(orderId: string) {
  const [o] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const p = await paymentRow(orderId);
  const ledger = await t.db.select().from(transactions).where(eq(transactions.orderId, orderId));
  const paidEvents = await t.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'paid')));
  return {
    order: o?.status,
    payment: p.status,
    charges: ledger.filter((l) => l.kind === 'charge').length,
    refunds: ledger.filter((l) => l.kind === 'refund').map((l) => ({ cents: l.amountCents, ref: l.providerRef })),
    paidEvents: paidEvents.length,
    failure: p.failureMessage,
  };
}

const admin = {
  refund: (orderId: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/refund`, headers: staff, payload: body }),
  detail: async (orderId: string) =>
    (await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: staff })).json() as AdminOrderDetail,
};

/** Places an order and pays it the way a shopper does: Stripe.js confirms, the browser syncs. */
async function paidOrder(opts: { available?: number; quantity?: number } = {}) {
  const placed = await placeStripe(opts);
  fake.confirm(placed.pi, 'pm_card_visa');
  const res = await sync(placed.order.id, placed.secret);
  expect(res.json().status).toBe('paid');
  return placed;
}

describe('placing a Stripe order', () => {
  it('creates a PaymentIntent for the total after the commit: 201 awaiting payment with the client secret', async () => {
    const { product, order, pi, secret } = await placeStripe({ available: 5, quantity: 2 });
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      payment: { method: 'card', status: 'requires_action', card_brand: null, card_last4: null, failure_message: null },
    });
    expect(secret.startsWith(`${pi}_secret_`)).toBe(true);
    expect(await stockOf(t, product.id)).toBe(3); // reserved meanwhile
    const intent = intentAt(pi);
    const row = await paymentRow(order.id);
    expect(intent).toMatchObject({
      amount: Math.round(order.totals.total * 100),
      currency: 'usd',
      metadata: { order_id: order.id, payment_id: row.id, order_number: order.number },
    });
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creates.some((r) => r.idempotencyKey === `shop-payment-${row.id}`)).toBe(true);
    expect(row).toMatchObject({ provider: 'stripe', actionToken: secret });
  });

  it('charges in the shopper’s currency, in its minor units: cents of a euro, whole yen', async () => {
    const { currencies } = await t.app.services.settings.current(t.db);
    await t.app.services.settings.saveCurrencies(t.db, {
      ...currencies,
      presentment: [
        ...currencies.presentment.filter((c) => c.code !== 'JPY'),
        { code: 'JPY', digits: 0, rate: 151.37, rounding: 'none', countries: ['JP'] },
      ],
    });
    await t.app.services.settings.invalidate();
    const to = {
      DE: {
        name: 'Erika Mustermann',
        line1: 'Unter den Linden 1',
        city: 'Berlin',
        postal_code: '10117',
        country: 'DE',
      },
      JP: {
        name: 'Aiko Tanaka',
        line1: '1-1 Marunouchi',
        city: 'Chiyoda-ku',
        region: 'Tokyo',
        postal_code: '100-0005',
        country: 'JP',
      },
    };
    for (const [country, currency, minor] of [
      ['DE', 'eur', 100],
      ['JP', 'jpy', 1],
    ] as const) {
      const product = await createProduct(t);
      const body = guestBody([{ product_id: product.id, quantity: 1 }], {
        payment: STRIPE_CARD,
        shipping_address: to[country],
      });
      const res = await placeOrder(t, body);
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json() as Order;
      expect(order.currency.code).toBe(currency.toUpperCase());
      expect(intentAt(await piOf(order.id))).toMatchObject({
        amount: Math.round(order.totals.total * minor),
        currency,
      });
    }
  });

  it('a replay of the Idempotency-Key answers the same order and client secret', async () => {
    const key = randomUUID();
    const { body, order, secret } = await placeStripe({ key });
    const again = await placeOrder(t, body, { key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({
      id: order.id,
      payment: { next_action: { type: 'stripe', client_secret: secret } },
    });
  });

  it('card details with Stripe → 400 naming payment.card; nothing written', async () => {
    const p = await createProduct(t);
    const before = await writeCounts(t);
    const card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099, name: 'Ada' };
    const res = await placeOrder(
      t,
      guestBody([{ product_id: p.id, quantity: 1 }], { payment: { method: 'card', card } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ field: 'payment.card' });
    expect(res.json().message).toMatch(/Stripe’s payment form/);
    const leaked = await placeOrder(
      t,
      guestBody([{ product_id: p.id, quantity: 1 }], {
        payment: { method: 'card', card: { number: '4242424242424242', cvc: '123' } },
      }),
    );
    expect(leaked.statusCode).toBe(400);
    expect(await writeCounts(t)).toEqual(before);
  });

  it('checkout’s settings name Stripe and its publishable key (never the secret ones)', async () => {
    const res = await t.app.inject({ url: '/api/checkout/settings' });
    expect(res.json().payments).toEqual({
      card: 'stripe',
      stripe_publishable_key: fake.publishableKey,
      pay_later: true,
    });
    expect(res.body).not.toContain(fake.secretKey);
    expect(res.body).not.toContain(fake.webhookSecret);
  });
});

describe('the browser reports back (sync-payment): the shop asks Stripe', () => {
  it('a succeeded PaymentIntent → paid, one charge with the pi_ reference; a repeat changes nothing', async () => {
    const { order, pi, secret } = await placeStripe();
    // Before Stripe.js did anything, a sync leaves the order waiting.
    expect((await sync(order.id, secret)).json()).toMatchObject({ status: 'awaiting_payment' });
    fake.confirm(pi, 'pm_card_visa');
    const paid = await sync(order.id, secret);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', payment: { status: 'succeeded', next_action: null } });
    expect((await sync(order.id, secret)).json().status).toBe('paid');
    expect(await state(order.id)).toMatchObject({ order: 'paid', payment: 'succeeded', charges: 1, paidEvents: 1 });
    const [charge] = await t.db.select().from(transactions).where(eq(transactions.orderId, order.id));
    expect(charge?.providerRef).toBe(pi);
  });

  it('a declined card leaves the order waiting with Stripe’s words; another card on the same PaymentIntent pays it', async () => {
    const { product, order, pi, secret } = await placeStripe({ available: 2, quantity: 2 });
    fake.confirm(pi, 'pm_card_chargeDeclined');
    const declined = (await sync(order.id, secret)).json() as Order;
    expect(declined.status).toBe('awaiting_payment');
    expect(declined.payment.failure_message).toMatch(/declined/i);
    expect(declined.payment.next_action).toEqual({ type: 'stripe', client_secret: secret });
    expect(await stockOf(t, product.id)).toBe(0);
    fake.confirm(pi, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(((await sync(order.id, secret)).json() as Order).payment.failure_message).toMatch(/insufficient funds/i);
    fake.confirm(pi, 'pm_card_visa');
    expect((await sync(order.id, secret)).json()).toMatchObject({ status: 'paid', payment: { failure_message: null } });
    expect(await state(order.id)).toMatchObject({ charges: 1 });
  });

  it('3-D Secure: waiting while the shopper authenticates; approved → paid; refused → may try again', async () => {
    const a = await placeStripe();
    fake.confirm(a.pi, 'pm_card_threeDSecure2Required');
    expect((await sync(a.order.id, a.secret)).json()).toMatchObject({ status: 'awaiting_payment' });
    fake.authenticate(a.pi, true);
    expect((await sync(a.order.id, a.secret)).json().status).toBe('paid');

    const b = await placeStripe();
    fake.confirm(b.pi, 'pm_card_threeDSecure2Required');
    fake.authenticate(b.pi, false);
    const refused = (await sync(b.order.id, b.secret)).json() as Order;
    expect(refused.status).toBe('awaiting_payment');
    expect(refused.payment.failure_message).toBeTruthy();
    expect(await state(b.order.id)).toMatchObject({ charges: 0 });
  });

  it('the client secret is the proof: a wrong one, another buyer, or no buyer → 404', async () => {
    const [u, other] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const p = await createProduct(t);
    await addToCart(t, u.headers, p.id);
    const order = (await placeOrder(t, userBody({ payment: STRIPE_CARD }), { headers: u.headers })).json() as Order;
    const secret = secretOf(order);
    expect((await sync(order.id, 'pi_wrong_secret_wrong', u.headers)).statusCode).toBe(404);
    expect((await sync(order.id, secret, other.headers)).statusCode).toBe(404);
    expect((await sync(order.id, secret)).statusCode).toBe(404);
    expect((await sync(randomUUID(), secret, u.headers)).statusCode).toBe(404);
    expect((await sync(order.id, secret, u.headers)).statusCode).toBe(200);
    // The demo's confirmation step does not apply to a Stripe payment.
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/confirm-payment`,
      headers: u.headers,
      payload: { token: secret, approve: true },
    });
    expect(confirm.statusCode).toBe(409);
    expect((await state(order.id)).order).toBe('awaiting_payment');
  });

  it('an authorised PaymentIntent (requires_capture) is captured, then counted paid', async () => {
    const { order } = await placeStripe();
    const row = await paymentRow(order.id);
    // The same payment as a PaymentIntent with manual capture (an account that authorises first).
    const manual = await stripe.paymentIntents.create({
      amount: row.amountCents,
      currency: 'usd',
      capture_method: 'manual',
      metadata: { order_id: order.id, payment_id: row.id, order_number: order.number },
    });
    await t.db
      .update(payments)
      .set({ providerRef: manual.id, actionToken: manual.client_secret })
      .where(eq(payments.id, row.id));
    fake.confirm(manual.id, 'pm_card_visa');
    expect(intentAt(manual.id).status).toBe('requires_capture');
    expect((await sync(order.id, manual.client_secret ?? '')).json().status).toBe('paid');
    expect(intentAt(manual.id).status).toBe('succeeded');
    expect(await state(order.id)).toMatchObject({ charges: 1 });
    const captures = fake.requests.filter((r) => r.path === `/v1/payment_intents/${manual.id}/capture`);
    expect(captures.map((r) => r.idempotencyKey)).toEqual([`shop-capture-${row.id}`]);
  });

  it('a succeeded PaymentIntent for another amount is never counted paid', async () => {
    const { order, pi, secret } = await placeStripe();
    await stripe.paymentIntents.update(pi, { amount: 100 });
    fake.confirm(pi, 'pm_card_visa');
    expect((await sync(order.id, secret)).json().status).toBe('awaiting_payment');
    await deliver('payment_intent.succeeded', intentAt(pi));
    await t.drain();
    expect(await state(order.id)).toMatchObject({ order: 'awaiting_payment', charges: 0 });
  });
});

describe('network faults and Stripe’s idempotent replays', () => {
  it('a create whose answer was lost is asked again with the same key: Stripe replays the same PaymentIntent', async () => {
    const before = fake.requests.length;
    fake.failNext(1, 'drop');
    const { order, pi } = await placeStripe();
    const creates = fake.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    const row = await paymentRow(order.id);
    expect(creates.length).toBeGreaterThanOrEqual(2);
    expect(new Set(creates.map((r) => r.idempotencyKey))).toEqual(new Set([`shop-payment-${row.id}`]));
    expect(creates.some((r) => r.replayed)).toBe(true);
    expect(intentAt(pi).metadata.payment_id).toBe(row.id);
  });

  it('Stripe answering 500s and then hanging: 503 “try again”; the order settles once Stripe answers, and a retry gets the client secret', async () => {
    const product = await createProduct(t, { available: 3 });
    const body = guestBody([{ product_id: product.id, quantity: 1 }], { payment: STRIPE_CARD });
    const key = randomUUID();
    fake.failNext(3, 'http500');
    fake.failNext(1, 'hang');
    const res = await placeOrder(t, body, { key });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
    expect(await stockOf(t, product.id)).toBe(2); // the order holds its stock while its payment is unknown
    // The shop asks again by itself once Stripe answers (reconcileWhenBack); the retry then finds it settled.
    const [row] = await t.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.email, body.email as string));
    const paymentId = row?.id ?? '';
    const status = async () => (await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.status;
    for (let i = 0; i < 200 && (await status()) === 'processing'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const retry = await placeOrder(t, body, { key });
    expect(retry.statusCode).toBe(201);
    const order = retry.json() as Order;
    const pi = await piOf(order.id);
    expect(secretOf(order).startsWith(`${pi}_secret_`)).toBe(true);
    expect(intentAt(pi).metadata.payment_id).toBe(paymentId);
  });

  it('a sync while Stripe does not answer → 503, nothing changes; the next one settles', async () => {
    const { order, pi, secret } = await placeStripe();
    fake.confirm(pi, 'pm_card_visa');
    fake.failNext(2, 'http500');
    const down = await sync(order.id, secret);
    expect(down.statusCode).toBe(503);
    expect((await state(order.id)).order).toBe('awaiting_payment');
    expect((await sync(order.id, secret)).json().status).toBe('paid');
  });
});

describe('the webhook', () => {
  it('a bad or missing signature → 400 in the shop’s error format, nothing stored; a forged “succeeded” pays nothing', async () => {
    const { order, pi } = await placeStripe();
    const events = async () => (await t.db.select().from(paymentEvents)).length;
    const before = await events();
    const forged = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...intentAt(pi), status: 'succeeded' } },
    });
    for (const signature of [null, 't=1,v1=00', sign(forged, 'whsec_notthesecretatall')]) {
      const res = await deliverRaw(forged, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'The webhook signature is missing or does not match',
        code: 'BAD_REQUEST',
      });
    }
    // A signed payload altered afterwards fails too.
    const good = fake.event('payment_intent.succeeded', intentAt(pi) as unknown as Record<string, unknown>);
    const payload = typeof good === 'string' ? good : JSON.stringify(good);
    expect(
      (await deliverRaw(payload.replace('"payment_intent.succeeded"', '"payment_intent.canceled"'), sign(payload)))
        .statusCode,
    ).toBe(400);
    await t.drain();
    expect(await events()).toBe(before);
    expect(await state(order.id)).toMatchObject({ order: 'awaiting_payment', charges: 0 });
  });

  it('a signed “succeeded” about a PaymentIntent Stripe has not charged pays nothing: the job asks Stripe', async () => {
    const { order, pi } = await placeStripe();
    const claimed = { ...intentAt(pi), status: 'succeeded' };
    const { res } = await deliver('payment_intent.succeeded', claimed);
    expect(res.statusCode).toBe(200);
    await t.drain();
    expect(await state(order.id)).toMatchObject({ order: 'awaiting_payment', charges: 0 });
  });

  it('payment_intent.succeeded pays the order through the job; the same event again has no effect', async () => {
    const { order, pi } = await placeStripe();
    fake.confirm(pi, 'pm_card_visa');
    const event = fake.event('payment_intent.succeeded', intentAt(pi) as unknown as Record<string, unknown>);
    const payload = typeof event === 'string' ? event : JSON.stringify(event);
    const first = await deliverRaw(payload, sign(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect((await state(order.id)).order).toBe('awaiting_payment'); // handled by the job, not the request
    await t.drain();
    expect(await state(order.id)).toMatchObject({ order: 'paid', charges: 1, paidEvents: 1 });
    const again = await deliverRaw(payload, sign(payload));
    expect(again.statusCode).toBe(200);
    await t.drain();
    expect(await state(order.id)).toMatchObject({ order: 'paid', charges: 1, paidEvents: 1 });
    const id = (JSON.parse(payload) as { id: string }).id;
    const [stored] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
    expect(stored).toMatchObject({ type: 'payment_intent.succeeded', objectId: pi, provider: 'stripe' });
    expect(stored?.handledAt).toBeInstanceOf(Date);
    const mails = await t.db.execute(sql`select 1 from mail_outbox where "to" = ${order.email}`);
    expect(mails.rows).toHaveLength(1);
  });

  it('events out of order: payment_failed after succeeded (and before) leaves the order paid once', async () => {
    const { order, pi } = await placeStripe();
    fake.confirm(pi, 'pm_card_chargeDeclined');
    const failedObject = intentAt(pi);
    fake.confirm(pi, 'pm_card_visa');
    const succeededObject = intentAt(pi);
    await deliver('payment_intent.succeeded', succeededObject);
    await deliver('payment_intent.payment_failed', failedObject);
    await t.drain();
    expect(await state(order.id)).toMatchObject({ order: 'paid', charges: 1, failure: null });

    const b = await placeStripe();
    fake.confirm(b.pi, 'pm_card_chargeDeclined');
    const bFailed = intentAt(b.pi);
    await deliver('payment_intent.payment_failed', bFailed);
    await t.drain();
    expect((await state(b.order.id)).failure).toMatch(/declined/i);
    fake.confirm(b.pi, 'pm_card_visa');
    await deliver('payment_intent.succeeded', intentAt(b.pi));
    await deliver('payment_intent.payment_failed', bFailed);
    await t.drain();
    expect(await state(b.order.id)).toMatchObject({ order: 'paid', charges: 1 });
  });

  it('payment_intent.canceled (cancelled in the Dashboard) cancels the order and restocks it once', async () => {
    const { product, order, pi } = await placeStripe({ available: 1 });
    expect(await stockOf(t, product.id)).toBe(0);
    await stripe.paymentIntents.cancel(pi);
    await deliver('payment_intent.canceled', intentAt(pi));
    await deliver('payment_intent.canceled', intentAt(pi));
    await t.drain();
    expect(await state(order.id)).toMatchObject({ order: 'cancelled', payment: 'cancelled' });
    expect(await stockOf(t, product.id)).toBe(1);
  });

  it('events of other types, or about PaymentIntents not of this shop, are stored and ignored', async () => {
    const foreign = await stripe.paymentIntents.create({ amount: 500, currency: 'usd' });
    const a = await deliver('payment_intent.succeeded', foreign);
    const b = await deliver('customer.created', { id: 'cus_123', object: 'customer' });
    // One Stripe no longer has: nothing to settle, and asking again would not help.
    const c = await deliver('payment_intent.processing', { id: 'pi_gone', object: 'payment_intent' });
    expect([a.res.statusCode, b.res.statusCode, c.res.statusCode]).toEqual([200, 200, 200]);
    await t.drain();
    const rows = await t.db.select().from(paymentEvents).where(sql`${paymentEvents.id} in (${a.id}, ${b.id}, ${c.id})`);
    expect(rows.map((r) => r.handledAt instanceof Date)).toEqual([true, true, true]);
  });

  it('is not blocked by maintenance mode, needs no Origin or cookies, and refuses a body over its limit (413)', async () => {
    const { order, pi } = await placeStripe();
    const maintenance = async (on: boolean) => {
      await t.db.execute(sql`update store_settings set maintenance_mode = ${on}`);
      await t.app.services.settings.invalidate();
    };
    await maintenance(true);
    try {
      // Shoppers' changes are refused meanwhile; Stripe's word still gets in.
      expect((await placeOrder(t, guestBody([{ product_id: randomUUID(), quantity: 1 }]))).statusCode).toBe(503);
      fake.confirm(pi, 'pm_card_visa');
      const { res } = await deliver('payment_intent.succeeded', intentAt(pi));
      expect(res.statusCode).toBe(200);
      await t.drain();
      expect((await state(order.id)).order).toBe('paid');
    } finally {
      await maintenance(false);
    }
    const huge = JSON.stringify({ id: 'evt_huge', padding: 'x'.repeat(300 * 1024) });
    expect((await deliverRaw(huge, sign(huge))).statusCode).toBe(413);
  });
});

describe('the race of a card payment: the browser’s return and the webhook at the same moment', () => {
  it('20 orders, each synced and handled by the job at once: each paid once, one charge row each', async () => {
    const placed = await Promise.all(Array.from({ length: 20 }, () => placeStripe()));
    for (const p of placed) fake.confirm(p.pi, 'pm_card_visa');
    const events = await Promise.all(placed.map((p) => deliver('payment_intent.succeeded', intentAt(p.pi))));
    expect(events.map((e) => e.res.statusCode)).toEqual(placed.map(() => 200));
    const answers = await Promise.all(
      placed.flatMap((p, i) => [
        sync(p.order.id, p.secret),
        t.app.services.orders.handlePaymentEvent({
          eventId: events[i]!.id,
          type: 'payment_intent.succeeded',
          objectId: p.pi,
          paymentRef: p.pi,
        }),
      ]),
    );
    await t.drain();
    for (const [i, p] of placed.entries()) {
      const sent = answers[i * 2] as Awaited<ReturnType<typeof sync>>;
      expect(sent.statusCode).toBe(200);
      expect(sent.json().status).toBe('paid');
      expect(await state(p.order.id)).toMatchObject({ order: 'paid', payment: 'succeeded', charges: 1, paidEvents: 1 });
    }
  });
});

describe('the sweep of unpaid Stripe orders', () => {
  it('cancels the PaymentIntent at Stripe first, then the order, and restocks; one paid meanwhile is paid instead', async () => {
    const abandoned = await placeStripe({ available: 1 });
    const paidLate = await placeStripe({ available: 1 });
    fake.confirm(paidLate.pi, 'pm_card_visa'); // the browser never came back
    t.clock.advance(31 * 60 * 1000);
    try {
      expect(await t.app.services.orders.expireUnconfirmedPayments()).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.set(new Date());
    }
    expect(intentAt(abandoned.pi).status).toBe('canceled');
    expect(await state(abandoned.order.id)).toMatchObject({ order: 'cancelled', payment: 'cancelled' });
    expect(await stockOf(t, abandoned.product.id)).toBe(1);
    expect(await state(paidLate.order.id)).toMatchObject({ order: 'paid', charges: 1 });
    expect(await stockOf(t, paidLate.product.id)).toBe(0);
    // A late return of the abandoned one's browser finds it cancelled.
    expect((await sync(abandoned.order.id, abandoned.secret)).json().status).toBe('cancelled');
  });
});

describe('a Stripe order cancelled before it was paid', () => {
  async function ownOrder() {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 2 });
    await addToCart(t, u.headers, p.id);
    const order = (await placeOrder(t, userBody({ payment: STRIPE_CARD }), { headers: u.headers })).json() as Order;
    const cancel = () => t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: u.headers });
    return { order, pi: await piOf(order.id), product: p, cancel };
  }

  it('the customer’s cancel closes the PaymentIntent at Stripe too', async () => {
    const { order, pi, product, cancel } = await ownOrder();
    expect((await cancel()).statusCode).toBe(200);
    expect(intentAt(pi).status).toBe('canceled');
    expect(await state(order.id)).toMatchObject({ order: 'cancelled', payment: 'cancelled' });
    expect(await stockOf(t, product.id)).toBe(2);
  });

  it('money that arrives after all (Stripe could not be told) goes straight back: charge and refund in the ledger', async () => {
    fake.refundOutcome('succeeded');
    const { order, pi, cancel } = await ownOrder();
    const before = fake.requests.length;
    fake.failNext(3, 'reset');
    expect((await cancel()).statusCode).toBe(200);
    while (fake.requests.length - before < 3) await stripe.refunds.list({ payment_intent: pi }).catch(() => undefined);
    expect(intentAt(pi).status).toBe('requires_payment_method'); // still open at Stripe
    fake.confirm(pi, 'pm_card_visa'); // a second tab's Payment Element
    await deliver('payment_intent.succeeded', intentAt(pi));
    await t.drain();
    const s = await state(order.id);
    expect(s).toMatchObject({ order: 'cancelled', payment: 'refunded', charges: 1, paidEvents: 0 });
    expect(s.refunds).toHaveLength(1);
    expect(s.refunds[0]?.ref).toMatch(/^re_/);
  });
});

describe('refunds through Stripe', () => {
  async function refundRows(orderId: string) {
    return t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
  }

  it('partial then the rest, each succeeded at Stripe: re_ references in the ledger, the order refunded', async () => {
    fake.refundOutcome('succeeded');
    const { order } = await paidOrder();
    const total = order.totals.total;
    const part = await admin.refund(order.id, { amount: 1, reason: 'Scratched' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().payment.status).toBe('partially_refunded');
    const rest = await admin.refund(order.id, { reason: 'Returned' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'refunded', payment: { status: 'refunded' } });
    const s = await state(order.id);
    expect(s.refunds.map((r) => r.cents).sort((a, b) => a - b)).toEqual(
      [100, Math.round(total * 100) - 100].sort((a, b) => a - b),
    );
    expect(s.refunds.every((r) => r.ref?.startsWith('re_'))).toBe(true);
    expect((await refundRows(order.id)).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    const keys = fake.requests
      .filter((r) => r.path === '/v1/refunds' && r.method === 'POST')
      .map((r) => r.idempotencyKey);
    for (const row of await refundRows(order.id)) expect(keys).toContain(`shop-refund-${row.id}`);
  });

  it('pending: recorded when Stripe confirms by webhook; it counts against what is left meanwhile', async () => {
    fake.refundOutcome('pending');
    const { order, pi } = await paidOrder();
    const res = await admin.refund(order.id, { reason: 'Returned' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', payment: { status: 'succeeded' } });
    expect(res.json().events.at(-1).note).toMatch(/^Refund of \$[\d.,]+ requested; waiting for Stripe/);
    expect((await state(order.id)).refunds).toEqual([]);
    const more = await admin.refund(order.id, { amount: 1, reason: 'Again' });
    expect(more.statusCode).toBe(409);
    // The order page offers no more than is left either: nothing, while the whole total is pending.
    expect((await admin.detail(order.id)).payment_detail.refundable).toBe(0);
    expect((await admin.detail(order.id)).actions.refund).toBe(false);
    const [row] = await refundRows(order.id);
    expect(row).toMatchObject({ status: 'pending' });
    expect(row?.providerRef).toMatch(/^re_/);
    fake.settleRefund(row!.providerRef!, 'succeeded');
    const refund = await stripe.refunds.retrieve(row!.providerRef!);
    await deliver('refund.updated', refund);
    await deliver('charge.refunded', { id: 'ch_x', object: 'charge', payment_intent: pi });
    await t.drain();
    const s = await state(order.id);
    expect(s).toMatchObject({ order: 'refunded', payment: 'refunded' });
    expect(s.refunds).toHaveLength(1);
    expect(s.refunds[0]?.ref).toBe(row!.providerRef);
    fake.refundOutcome('succeeded');
  });

  it('a refund event before the refund row’s answer (Stripe’s answer lost) still settles it once', async () => {
    fake.refundOutcome('succeeded');
    const { order, pi } = await paidOrder();
    // Stripe makes the refund and the answer is lost; every retry of the shop's client (perhaps one more
    // for a closed connection) is cut off too. A fault it did not use is spent before anything else
    // talks to the fake.
    const before = fake.requests.length;
    fake.failNext(1, 'drop');
    fake.failNext(2, 'reset');
    const res = await admin.refund(order.id, { reason: 'Lost answer' });
    while (fake.requests.length - before < 3) await stripe.refunds.list({ payment_intent: pi }).catch(() => undefined);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await refundRows(order.id);
    expect(row).toMatchObject({ status: 'pending', providerRef: null });
    // Stripe made the refund; its event comes before the shop heard of it.
    const made = (await stripe.refunds.list({ payment_intent: pi })).data;
    expect(made).toHaveLength(1);
    await deliver('refund.created', made[0]);
    await t.drain();
    expect((await refundRows(order.id))[0]).toMatchObject({ status: 'succeeded', providerRef: made[0]?.id });
    // The retry job (queued for a minute later) asks again with the same key: one refund, recorded once.
    const due = await t.pool.query(
      "update graphile_worker._private_jobs set run_at = now() where key = 'payment-refund:' || $1",
      [row?.id],
    );
    expect(due.rowCount).toBe(1);
    await t.drain();
    const s = await state(order.id);
    expect(s).toMatchObject({ order: 'refunded', payment: 'refunded' });
    expect(s.refunds).toHaveLength(1);
    expect((await stripe.refunds.list({ payment_intent: pi })).data).toHaveLength(1);
  });

  it('a refund Stripe never received (no answer) is pending, then made once by the retry job with the same key', async () => {
    fake.refundOutcome('succeeded');
    const { order, pi } = await paidOrder();
    const before = fake.requests.length;
    fake.failNext(3, 'reset');
    const res = await admin.refund(order.id, { amount: 2, reason: 'No answer' });
    while (fake.requests.length - before < 3) await stripe.refunds.list({ payment_intent: pi }).catch(() => undefined);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().events.at(-1).note).toMatch(/^Refund of \$2\.00 requested; waiting for Stripe/);
    const [row] = await refundRows(order.id);
    expect(row).toMatchObject({ status: 'pending', providerRef: null, amountCents: 200 });
    expect((await stripe.refunds.list({ payment_intent: pi })).data).toHaveLength(0);
    await t.pool.query("update graphile_worker._private_jobs set run_at = now() where key = 'payment-refund:' || $1", [
      row?.id,
    ]);
    await t.drain();
    await t.drain();
    expect((await refundRows(order.id))[0]).toMatchObject({ status: 'succeeded' });
    expect(await state(order.id)).toMatchObject({ order: 'paid', payment: 'partially_refunded' });
    expect((await state(order.id)).refunds).toHaveLength(1);
    expect((await stripe.refunds.list({ payment_intent: pi })).data).toHaveLength(1);
  });

  it('failed at Stripe: 422 with Stripe’s words, only the failed refund recorded; a pending one failing later frees its amount', async () => {
    fake.refundOutcome('failed');
    const { order } = await paidOrder();
    const res = await admin.refund(order.id, { reason: 'Nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^The payment provider refused the refund: /);
    expect((await refundRows(order.id)).map((r) => r.status)).toEqual(['failed']);
    expect(await state(order.id)).toMatchObject({ order: 'paid', payment: 'succeeded', refunds: [] });
    expect((await paymentRow(order.id)).refundedCents).toBe(0);

    fake.refundOutcome('pending');
    const { order: o2 } = await paidOrder();
    expect((await admin.refund(o2.id, { reason: 'Later fails' })).statusCode).toBe(200);
    const refundRef = (await refundRows(o2.id))[0]?.providerRef ?? '';
    expect(refundRef).toMatch(/^re_/);
    fake.settleRefund(refundRef, 'failed');
    await deliver('refund.failed', await stripe.refunds.retrieve(refundRef));
    await t.drain();
    expect((await refundRows(o2.id))[0]).toMatchObject({ status: 'failed' });
    expect(await state(o2.id)).toMatchObject({ order: 'paid', payment: 'succeeded', refunds: [] });
    fake.refundOutcome('succeeded');
    const retry = await admin.refund(o2.id, { reason: 'Second try' });
    expect(retry.statusCode).toBe(200);
    expect(await state(o2.id)).toMatchObject({ order: 'refunded' });
  });

  it('ten parallel partial refunds with Stripe never give back more than was paid', async () => {
    fake.refundOutcome('pending');
    const { order } = await paidOrder();
    const totalCents = Math.round(order.totals.total * 100);
    const share = Math.floor(totalCents / 4) / 100;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => admin.refund(order.id, { amount: share, reason: 'Parallel' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
    const rows = await refundRows(order.id);
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBeLessThanOrEqual(totalCents);
    fake.refundOutcome('succeeded');
  });

  it('the customer’s cancel of a paid Stripe order refunds it through Stripe', async () => {
    fake.refundOutcome('succeeded');
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 2 });
    await addToCart(t, u.headers, p.id);
    const order = (await placeOrder(t, userBody({ payment: STRIPE_CARD }), { headers: u.headers })).json() as Order;
    fake.confirm(await piOf(order.id), 'pm_card_visa');
    expect((await sync(order.id, secretOf(order), u.headers)).json().status).toBe('paid');
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: u.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await state(order.id)).toMatchObject({ order: 'cancelled', payment: 'refunded' });
    expect((await state(order.id)).refunds[0]?.ref).toMatch(/^re_/);
    expect(await stockOf(t, p.id)).toBe(2);
  });
});
