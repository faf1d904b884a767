import { randomUUID } from 'node:crypto';
import type { AdminSettings } from '@shop/contracts/admin-settings';
import type { Order } from '@shop/contracts/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, mailOutbox, orderEvents, orders, payments, products, stockMovements } from '../src/db/schema.ts';
import { ORDER_RATE_LIMITS } from '../src/modules/orders/index.ts';
import { TEST_CARDS } from '../src/modules/payments/index.ts';
import { authHeaders, createProduct, freshIp } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ADDRESS, addToCart, card, guestBody, PAY_LATER, stockOf, userBody, writeCounts } from './orders-fixtures.ts';

// Points 3 (anonymous stock hoarding and mail relay) and 9 (reviews
// without paying), each written as the attack.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const HOUR = 60 * 60 * 1000;

/** POST /api/orders from a client address of the test's choosing (every test its own address). */
function place(payload: unknown, opts: { ip: string; headers?: Headers; key?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: opts.ip,
    headers: { ...opts.headers, 'idempotency-key': opts.key ?? randomUUID() },
    payload: payload as Record<string, unknown>,
  });
}

async function placed(payload: unknown, opts: { ip?: string; headers?: Headers } = {}): Promise<Order> {
  const res = await place(payload, { ip: opts.ip ?? freshIp(), headers: opts.headers });
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

/** Fresh staff and admin tokens: tests that move the clock by hours outlive the 15-minute ones. */
async function staffHeaders(role: 'staff' | 'admin' = 'staff') {
  return authHeaders(t, await createUser(t, { role }));
}

const admin = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, role?: 'admin') =>
  t.app.inject({
    method,
    url: `/api/admin/${url}`,
    headers: await staffHeaders(role ?? 'staff'),
    ...(payload ? { payload } : {}),
  });

const mailsTo = (to: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt);
const statusOf = async (orderId: string) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

function expectRateLimited(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/),
    code: 'RATE_LIMITED',
  });
}

describe('order placement is rate limited', () => {
  it('one address places at most N orders a minute; the next is refused and writes nothing', async () => {
    const { max } = ORDER_RATE_LIMITS.perAddress;
    const p = await createProduct(t, { available: 1000 });
    const ip = freshIp();
    for (let i = 0; i < max; i++) {
      const res = await place(guestBody([{ product_id: p.id, quantity: 1 }]), { ip });
      expect(res.statusCode, `order ${i + 1}`).toBe(201);
    }
    const before = await writeCounts(t);
    const refused = guestBody([{ product_id: p.id, quantity: 1 }]);
    expectRateLimited(await place(refused, { ip }));
    expect(await writeCounts(t)).toEqual(before);
    expect(await mailsTo(refused.email)).toEqual([]);
    // Another address is not affected.
    expect((await place(guestBody([{ product_id: p.id, quantity: 1 }]), { ip: freshIp() })).statusCode).toBe(201);
  });

  it('one guest e-mail gets at most M orders a minute, whatever address they come from', async () => {
    const { max } = ORDER_RATE_LIMITS.perEmail;
    const p = await createProduct(t, { available: 1000 });
    const email = `hoarder-${randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < max; i++) {
      const res = await place(guestBody([{ product_id: p.id, quantity: 1 }], { email }), { ip: freshIp() });
      expect(res.statusCode, `order ${i + 1}`).toBe(201);
    }
    // The e-mail is compared without case: changing it does not buy more orders (or more mail).
    const again = guestBody([{ product_id: p.id, quantity: 1 }], { email: email.toUpperCase() });
    expectRateLimited(await place(again, { ip: freshIp() }));
    expect(await mailsTo(email)).toHaveLength(max);
  });

  it('a signed-in account is limited the same way, per account', async () => {
    const { max } = ORDER_RATE_LIMITS.perEmail;
    const p = await createProduct(t, { available: 1000 });
    const user = await createUser(t);
    const headers = await authHeaders(t, user);
    for (let i = 0; i < max; i++) {
      await addToCart(t, headers, p.id);
      const res = await place(userBody(), { ip: freshIp(), headers });
      expect(res.statusCode, `order ${i + 1}`).toBe(201);
    }
    await addToCart(t, headers, p.id);
    expectRateLimited(await place(userBody(), { ip: freshIp(), headers }));
  });

  it('a replay of an answered order (same Idempotency-Key) is still answered at the limit', async () => {
    const { max } = ORDER_RATE_LIMITS.perAddress;
    const p = await createProduct(t, { available: 1000 });
    const ip = freshIp();
    const first = guestBody([{ product_id: p.id, quantity: 1 }]);
    const key = randomUUID();
    const original = await place(first, { ip, key });
    expect(original.statusCode).toBe(201);
    for (let i = 1; i < max; i++) {
      expect((await place(guestBody([{ product_id: p.id, quantity: 1 }]), { ip })).statusCode).toBe(201);
    }
    expectRateLimited(await place(guestBody([{ product_id: p.id, quantity: 1 }]), { ip }));
    // The shopper's automatic retry of the first order gets its answer, not a 429.
    const replay = await place(first, { ip, key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(original.json().id);
  });

  it.each([10, 30])(
    '%i simultaneous retries of one order (one Idempotency-Key, one address) place it once, never 429',
    async (n) => {
      const p = await createProduct(t, { available: 1000 });
      const ip = freshIp();
      const key = randomUUID();
      const body = guestBody([{ product_id: p.id, quantity: 1 }]);
      const answers = await Promise.all(Array.from({ length: n }, () => place(body, { ip, key })));
      const created = answers.filter((res) => res.statusCode === 201);
      const inFlight = answers.filter((res) => res.statusCode === 409);
      expect(created.length + inFlight.length, answers.map((r) => r.statusCode).join(',')).toBe(n);
      const ids = new Set(created.map((res) => (res.json() as Order).id));
      expect(ids.size).toBe(1);
      expect(created.filter((res) => res.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
      const [orderId] = ids;
      expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.email, body.email))).toEqual([
        { id: orderId },
      ]);
      // The retries counted against nothing: the address and the e-mail still have their other orders.
      const { max } = ORDER_RATE_LIMITS.perEmail;
      for (let i = 1; i < max; i++) {
        const res = await place(guestBody([{ product_id: p.id, quantity: 1 }], { email: body.email }), { ip });
        expect(res.statusCode, `order ${i + 1}`).toBe(201);
      }
      expectRateLimited(await place(guestBody([{ product_id: p.id, quantity: 1 }], { email: body.email }), { ip }));
    },
  );

  it('confirming card payments is rate limited per address', async () => {
    const { max } = ORDER_RATE_LIMITS.confirmPayment;
    const ip = freshIp();
    const url = `/api/orders/${randomUUID()}/confirm-payment`;
    const payload = { token: 'guess', approve: true };
    for (let i = 0; i < max; i++) {
      expect((await t.app.inject({ method: 'POST', url, payload, remoteAddress: ip })).statusCode).toBe(404);
    }
    expectRateLimited(await t.app.inject({ method: 'POST', url, payload, remoteAddress: ip }));
  });

  it('reporting back after Stripe.js (sync-payment) is rate limited per address, apart from confirming', async () => {
    const { max } = ORDER_RATE_LIMITS.syncPayment;
    const ip = freshIp();
    const url = `/api/orders/${randomUUID()}/sync-payment`;
    const payload = { token: 'pi_guess_secret_guess' };
    for (let i = 0; i < max; i++) {
      expect((await t.app.inject({ method: 'POST', url, payload, remoteAddress: ip })).statusCode).toBe(404);
    }
    expectRateLimited(await t.app.inject({ method: 'POST', url, payload, remoteAddress: ip }));
    // Confirmations from that address are counted apart.
    const confirm = { token: 'guess', approve: true };
    const other = `/api/orders/${randomUUID()}/confirm-payment`;
    expect((await t.app.inject({ method: 'POST', url: other, payload: confirm, remoteAddress: ip })).statusCode).toBe(
      404,
    );
  });
});

describe('unpaid guest pay-later orders hold stock for a bounded time', () => {
  it('the store setting bounds the hold; the sweep frees the units exactly once; paid ones stay', async () => {
    const settings = (await admin('GET', 'settings', undefined, 'admin')).json() as AdminSettings;
    expect(settings.guest_hold_hours).toBe(72);
    const put = await admin('PUT', 'settings', { ...settings, guest_hold_hours: 48 }, 'admin');
    expect(put.statusCode).toBe(200);
    for (const bad of [0, 721, 1.5]) {
      const refused = await admin('PUT', 'settings', { ...settings, guest_hold_hours: bad }, 'admin');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^Unpaid guest orders/);
    }

    // The hoarder takes every unit of a product with an order they never mean to pay.
    const p = await createProduct(t, { available: 3 });
    const hoard = await placed(guestBody([{ product_id: p.id, quantity: 3 }]));
    expect(await stockOf(t, p.id)).toBe(0);
    const deadline = new Date(t.clock.now().getTime() + 48 * HOUR).toISOString();
    // The guest is told the deadline: in the answer (the confirmation page) and in the mail.
    expect(hoard.pay_by).toBe(deadline);
    expect(hoard.invoice?.due_at).toBe(deadline);
    const [mail] = await mailsTo(hoard.email);
    expect(mail?.text).toContain(`${deadline.slice(0, 10)} ${deadline.slice(11, 16)} UTC`);
    expect(mail?.text).toContain('cancelled');

    // Paid guest orders and signed-in pay-later orders are not swept.
    const q = await createProduct(t, { available: 5 });
    const paid = await placed(guestBody([{ product_id: q.id, quantity: 1 }]));
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, paid.id));
    expect((await admin('POST', `pay-later/${inv?.id}/mark-paid`)).statusCode).toBe(200);
    const user = await createUser(t);
    const userHeaders = await authHeaders(t, user);
    await addToCart(t, userHeaders, q.id);
    const member = await placed(userBody(), { headers: userHeaders });
    expect(member.pay_by).toBeNull();
    const byCard = await placed(guestBody([{ product_id: q.id, quantity: 1 }], { payment: card() }));
    expect(byCard.pay_by).toBeNull();

    t.clock.advance(48 * HOUR - 60_000);
    expect(await t.app.services.orders.expireUnpaidGuestOrders()).toBe(0);
    expect(await stockOf(t, p.id)).toBe(0);

    t.clock.advance(2 * 60_000);
    // Two sweeps at once (two processes): the units come back exactly once.
    const swept = await Promise.all([
      t.app.services.orders.expireUnpaidGuestOrders(),
      t.app.services.orders.expireUnpaidGuestOrders(),
    ]);
    expect(swept[0] + swept[1]).toBe(1);
    expect(await t.app.services.orders.expireUnpaidGuestOrders()).toBe(0);
    expect(await stockOf(t, p.id)).toBe(3);
    expect(await statusOf(hoard.id)).toBe('cancelled');
    const moves = await t.db
      .select({ delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, hoard.id), eq(stockMovements.productId, p.id)));
    expect(moves).toEqual(
      expect.arrayContaining([
        { delta: -3, reason: 'order' },
        { delta: 3, reason: 'payment_expired' },
      ]),
    );
    expect(moves).toHaveLength(2);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, hoard.id));
    expect(payment?.status).toBe('cancelled');
    const [voided] = await t.db.select().from(invoices).where(eq(invoices.orderId, hoard.id));
    expect(voided?.status).toBe('void');
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, hoard.id))
      .orderBy(orderEvents.id);
    expect(events.at(-1)).toMatchObject({ status: 'cancelled', note: expect.stringContaining('not paid') });
    expect((await mailsTo(hoard.email)).map((m) => m.subject)).toEqual([
      expect.stringContaining(hoard.number),
      expect.stringContaining('cancelled'),
    ]);

    expect(await statusOf(paid.id)).toBe('paid');
    expect(await statusOf(member.id)).toBe('placed');
    expect(await statusOf(byCard.id)).toBe('paid');

    // A late "mark paid" finds the invoice void.
    const late = await admin('POST', `pay-later/${voided?.id}/mark-paid`);
    expect(late.statusCode).toBe(409);
    expect(await stockOf(t, p.id)).toBe(3);
  });
});

describe('the confirmation mail is no relay for text of the caller’s choosing', () => {
  const SPAM = 'Click http://evil.example to claim';

  it('links, markup and extra lines in the name or address are refused; nothing is written or mailed', async () => {
    const p = await createProduct(t);
    const before = await writeCounts(t);
    const texts = [SPAM, 'Claim at www.evil.example', 'Prize <a href="x">here</a>', 'Flat 1\nYou won! Reply now'];
    for (const field of ['name', 'line1', 'line2', 'city', 'region', 'postal_code'] as const) {
      for (const text of texts) {
        for (const which of ['shipping_address', 'billing_address'] as const) {
          const body = guestBody([{ product_id: p.id, quantity: 1 }], {
            [which]: { ...ADDRESS, [field]: text.slice(0, field === 'postal_code' ? 20 : 100) },
          });
          const res = await place(body, { ip: freshIp() });
          expect(res.statusCode, `${which}.${field}: ${text}`).toBe(400);
          expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('link') });
          expect(await mailsTo(body.email)).toEqual([]);
        }
      }
    }
    expect(await writeCounts(t)).toEqual(before);
  });

  it('other text the shopper typed (name on card, billing address) never reaches the mail', async () => {
    const p = await createProduct(t);
    const billing = { ...ADDRESS, name: 'Billing Person', line1: '99 Invoice Road', phone: '+44 20 7946 0000' };
    const body = guestBody([{ product_id: p.id, quantity: 1 }], {
      payment: { method: 'card', card: { ...card().card, name: SPAM } },
      billing_address: billing,
    });
    const order = await placed(body);
    const [mail] = await mailsTo(order.email);
    expect(mail?.text).not.toContain('evil.example');
    expect(mail?.text).not.toContain('Billing Person');
    expect(mail?.text).not.toContain('7946');
    // The shopper's own name and address are there, one plain line each.
    expect(mail?.text).toContain(`\n  ${ADDRESS.name}\n  ${ADDRESS.line1}\n`);
    // Staff keep everything on the order.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.billingAddress).toMatchObject({ name: 'Billing Person' });
  });
});

describe('only paid purchases review, and a cancelled or refunded one hides its review', () => {
  const good = { rating: 1, title: 'Terrible', body: 'Never buy this.' };
  const getReviews = (productId: string, headers: Headers = {}) =>
    t.app.inject({ url: `/api/products/${productId}/reviews`, headers });
  const postReview = (productId: string, headers: Headers) =>
    t.app.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, headers, payload: good });
  const figures = async (productId: string) => {
    const product = (await t.app.inject({ url: `/api/products/${productId}` })).json();
    const list = (await getReviews(productId)).json();
    return { rating: product.rating, rating_count: product.rating_count, listed: list.items.length, count: list.count };
  };

  async function customer() {
    const user = await createUser(t);
    return { user, headers: await authHeaders(t, user) };
  }
  async function buy(headers: Headers, productId: string, payment: unknown = card()) {
    await addToCart(t, headers, productId);
    return placed(userBody({ payment }), { headers });
  }

  it('an unpaid pay-later or unconfirmed card order does not make a reviewer (403); paid does', async () => {
    const p = await createProduct(t);
    const { headers } = await customer();
    const unpaid = await buy(headers, p.id, PAY_LATER);
    expect(unpaid.status).toBe('placed');
    const pending = await buy(headers, p.id, card(TEST_CARDS.requiresAction));
    expect(pending.status).toBe('awaiting_payment');

    expect((await getReviews(p.id, headers)).json()).toMatchObject({ can_review: false, reviewed: false });
    const refused = await postReview(p.id, headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'You can review this product once your order of it has been paid',
    });
    expect(await figures(p.id)).toEqual({ rating: 0, rating_count: 0, listed: 0, count: 0 });

    // Staff mark the invoice paid: now the purchase counts.
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, unpaid.id));
    expect((await admin('POST', `pay-later/${inv?.id}/mark-paid`)).statusCode).toBe(200);
    expect((await postReview(p.id, headers)).statusCode).toBe(201);
    expect(await figures(p.id)).toEqual({ rating: 1, rating_count: 1, listed: 1, count: 1 });
  });

  it('cancelling the purchase hides its review from the list and the product’s figures', async () => {
    const p = await createProduct(t);
    const honest = await customer();
    await buy(honest.headers, p.id);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/products/${p.id}/reviews`,
          headers: honest.headers,
          payload: { rating: 5, title: 'Great', body: 'Works.' },
        })
      ).statusCode,
    ).toBe(201);

    const { headers } = await customer();
    const order = await buy(headers, p.id);
    expect((await postReview(p.id, headers)).statusCode).toBe(201);
    expect(await figures(p.id)).toEqual({ rating: 3, rating_count: 2, listed: 2, count: 2 });

    expect(
      (await admin('POST', `orders/${order.id}/cancel`, { reason: 'Customer changed their mind' })).statusCode,
    ).toBe(200);
    expect(await figures(p.id)).toEqual({ rating: 5, rating_count: 1, listed: 1, count: 1 });
    expect((await getReviews(p.id, headers)).json()).toMatchObject({ can_review: false, reviewed: true });
    // The rating sort reads the same figures.
    const [row] = await t.db
      .select({ average: products.ratingAverage, count: products.ratingCount })
      .from(products)
      .where(eq(products.id, p.id));
    expect(row).toEqual({ average: 5, count: 1 });
  });

  it('a full refund through the admin API hides the review; a partial one does not', async () => {
    const p = await createProduct(t, { salePriceCents: 5000 });
    const { headers } = await customer();
    const order = await buy(headers, p.id);
    expect((await postReview(p.id, headers)).statusCode).toBe(201);

    expect((await admin('POST', `orders/${order.id}/refund`, { amount: 10, reason: 'Scratched box' })).statusCode).toBe(
      200,
    );
    expect(await figures(p.id)).toEqual({ rating: 1, rating_count: 1, listed: 1, count: 1 });

    expect((await admin('POST', `orders/${order.id}/refund`, { reason: 'Returned' })).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('refunded');
    expect(await figures(p.id)).toEqual({ rating: 0, rating_count: 0, listed: 0, count: 0 });
  });

  it('the review stays while the customer has another paid purchase of the product, and returns with a new one', async () => {
    const p = await createProduct(t);
    const { headers } = await customer();
    const first = await buy(headers, p.id);
    const second = await buy(headers, p.id);
    expect((await postReview(p.id, headers)).statusCode).toBe(201);

    expect((await admin('POST', `orders/${first.id}/cancel`, {})).statusCode).toBe(200);
    expect(await figures(p.id)).toEqual({ rating: 1, rating_count: 1, listed: 1, count: 1 });
    expect((await admin('POST', `orders/${second.id}/cancel`, {})).statusCode).toBe(200);
    expect(await figures(p.id)).toEqual({ rating: 0, rating_count: 0, listed: 0, count: 0 });

    // Buying (and paying for) it again brings the review back.
    await buy(headers, p.id);
    expect(await figures(p.id)).toEqual({ rating: 1, rating_count: 1, listed: 1, count: 1 });
  });
});
