import type { AdminOrderDetail, AdminOrderList, PayLaterList, TransactionList } from '@shop/contracts/admin-orders';
import type { Order } from '@shop/contracts/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  invoices,
  mailOutbox,
  orderEvents,
  orders,
  payments,
  stockMovements,
  transactions,
} from '../src/db/schema.ts';
import { TEST_CARDS } from '../src/modules/payments/index.ts';
import { authHeaders, createProduct, rowCount, signedInUser } from './cart-fixtures.ts';
import { parseCsv } from './csv-reader.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import {
  addToCart,
  card,
  forceStatus,
  freshOrder,
  guestBody,
  PAY_LATER,
  placeOrder,
  stockOf,
  userBody,
} from './orders-fixtures.ts';

let t: TestApp;
let staff: Record<string, string>;
let staffId: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t, { role: 'staff' });
  staffId = user.id;
  staff = await authHeaders(t, user);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/${url}`, headers: staff, ...(payload ? { payload } : {}) });
const detail = async (id: string) => (await call('GET', `orders/${id}`)).json() as AdminOrderDetail;
const setStatus = (id: string, payload: object) => call('POST', `orders/${id}/status`, payload);
const refund = (id: string, payload: object) => call('POST', `orders/${id}/refund`, payload);

/** Everything a staff change writes: equal before and after a refused call = nothing written. */
async function counts() {
  const [e, a, m, x, s] = await Promise.all([
    rowCount(t, orderEvents),
    rowCount(t, auditLog),
    rowCount(t, mailOutbox),
    rowCount(t, transactions),
    rowCount(t, stockMovements),
  ]);
  return { events: e, audit: a, mails: m, transactions: x, movements: s };
}

const ledgerOf = (orderId: string) =>
  t.db.select().from(transactions).where(eq(transactions.orderId, orderId)).orderBy(transactions.createdAt);
const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const auditOf = (orderId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, action)));

describe('the ledger written by checkout and orders', () => {
  it('a paid card order writes one charge of its total with the provider reference', async () => {
    const { order } = await freshOrder(t, { quantity: 2 });
    const rows = await ledgerOf(order.id);
    expect(rows).toHaveLength(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows[0]).toMatchObject({
      kind: 'charge',
      method: 'card',
      amountCents: payment?.amountCents,
      providerRef: payment?.providerRef,
      actorId: null,
    });
    expect(rows[0]?.providerRef).toMatch(/^demo_ch_/);
  });

  it('a card that needs the confirmation step is charged in the ledger only once it is approved', async () => {
    const { order } = await freshOrder(t, { payment: card(TEST_CARDS.requiresAction) });
    expect(await ledgerOf(order.id)).toHaveLength(0);
    const placed = (await t.app.inject({ url: `/api/admin/orders/${order.id}`, headers: staff })).json() as Order;
    const token = (await t.db.select().from(payments).where(eq(payments.orderId, order.id)))[0]?.actionToken;
    expect(placed.status).toBe('awaiting_payment');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/confirm-payment`,
      payload: { token, approve: true },
    });
    expect(res.statusCode).toBe(200);
    const rows = await ledgerOf(order.id);
    expect(rows.map((r) => r.kind)).toEqual(['charge']);
  });

  it('a declined card and a pay-later order write no ledger row', async () => {
    const before = await rowCount(t, transactions);
    const p = await createProduct(t, { available: 5 });
    const declined = await placeOrder(
      t,
      guestBody([{ product_id: p.id, quantity: 1 }], { payment: card(TEST_CARDS.declined) }),
    );
    expect(declined.statusCode).toBe(402);
    await freshOrder(t, { payment: PAY_LATER });
    expect(await rowCount(t, transactions)).toBe(before);
  });

  it("the customer's cancel of a paid card order writes the refund", async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 5 });
    await addToCart(t, u.headers, p.id, 2);
    const order = (await placeOrder(t, userBody({ payment: card() }), { headers: u.headers })).json() as Order;
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: u.headers });
    expect(res.statusCode).toBe(200);
    const rows = await ledgerOf(order.id);
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([
      ['charge', rows[0]?.amountCents],
      ['refund', rows[0]?.amountCents],
    ]);
  });
});

describe('GET /api/admin/orders', () => {
  it('lists newest first, filters by status (one or several), method, search and days, pages', async () => {
    const email = `list-${Date.now()}@example.com`;
    const a = await freshOrder(t, { email });
    t.clock.advance(1000);
    const b = await freshOrder(t, { email, payment: PAY_LATER });
    t.clock.advance(1000);
    const c = await freshOrder(t, { email });
    await forceStatus(t, c.order.id, 'shipped');

    const all = (await call('GET', `orders?q=${encodeURIComponent(email)}`)).json() as AdminOrderList;
    expect(all.total).toBe(3);
    expect(all.items.map((o) => o.number)).toEqual([c.order.number, b.order.number, a.order.number]);
    expect(all.items[1]).toMatchObject({
      status: 'placed',
      payment_method: 'pay_later',
      customer_name: 'Ada Lovelace',
    });

    const paid = (await call('GET', `orders?q=${email}&status=paid`)).json() as AdminOrderList;
    expect(paid.items.map((o) => o.id)).toEqual([a.order.id]);
    const several = (await call('GET', `orders?q=${email}&status=paid,shipped`)).json() as AdminOrderList;
    expect(several.items.map((o) => o.id)).toEqual([c.order.id, a.order.id]);
    const repeated = (await call('GET', `orders?q=${email}&status=placed&status=shipped`)).json() as AdminOrderList;
    expect(repeated.items.map((o) => o.id)).toEqual([c.order.id, b.order.id]);
    const byMethod = (await call('GET', `orders?q=${email}&method=pay_later`)).json() as AdminOrderList;
    expect(byMethod.items.map((o) => o.id)).toEqual([b.order.id]);
    const byNumber = (await call('GET', `orders?q=${b.order.number.toLowerCase()}`)).json() as AdminOrderList;
    expect(byNumber.items.map((o) => o.id)).toEqual([b.order.id]);
    const paged = (await call('GET', `orders?q=${email}&limit=2&page=2`)).json() as AdminOrderList;
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.items.map((o) => o.id)).toEqual([a.order.id]);

    const today = t.clock.now().toISOString().slice(0, 10);
    const inRange = (await call('GET', `orders?q=${email}&from=${today}&to=${today}`)).json() as AdminOrderList;
    expect(inRange.total).toBe(3);
    const before = (await call('GET', `orders?q=${email}&to=2000-01-01`)).json() as AdminOrderList;
    expect(before.total).toBe(0);
  });

  it('leaves card attempts whose money never arrived out unless asked, and counts them', async () => {
    const email = `attempts-${Date.now()}@example.com`;
    const paid = await freshOrder(t, { email });
    t.clock.advance(1000);
    const later = await freshOrder(t, { email, payment: PAY_LATER });
    t.clock.advance(1000);
    const declinedProduct = await createProduct(t);
    const declined = await placeOrder(
      t,
      guestBody([{ product_id: declinedProduct.id, quantity: 1 }], { email, payment: card(TEST_CARDS.declined) }),
    );
    expect(declined.statusCode).toBe(402);
    t.clock.advance(1000);
    const waiting = await freshOrder(t, { email, payment: card(TEST_CARDS.requiresAction) });
    expect(waiting.order.status).toBe('awaiting_payment');

    const shown = (await call('GET', `orders?q=${encodeURIComponent(email)}`)).json() as AdminOrderList;
    expect(shown.items.map((o) => o.id)).toEqual([later.order.id, paid.order.id]);
    expect(shown).toMatchObject({ total: 2, unpaid_attempts: 2 });

    const only = (await call('GET', `orders?q=${encodeURIComponent(email)}&attempts=only`)).json() as AdminOrderList;
    expect(only.items.map((o) => [o.status, o.payment_status])).toEqual([
      ['awaiting_payment', 'requires_action'],
      ['cancelled', 'declined'],
    ]);
    expect(only).toMatchObject({ total: 2, unpaid_attempts: 2 });
    const all = (await call('GET', `orders?q=${encodeURIComponent(email)}&attempts=include`)).json() as AdminOrderList;
    expect(all.total).toBe(4);

    // The dashboard's newest orders skip it too, though it is the newest of all.
    const dashboard = (await call('GET', 'dashboard')).json() as { recent_orders: { number: string }[] };
    expect(dashboard.recent_orders.map((o) => o.number)).not.toContain(waiting.order.number);
    expect(dashboard.recent_orders.map((o) => o.number)).toContain(later.order.number);

    const bad = await call('GET', 'orders?attempts=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('attempts must be include or only');
  });

  it('finds orders by the customer name of an account', async () => {
    const u = await signedInUser(t, { firstName: 'Grace', lastName: `Hopper${Date.now()}` });
    const p = await createProduct(t);
    await addToCart(t, u.headers, p.id, 1);
    const order = (await placeOrder(t, userBody(), { headers: u.headers })).json() as Order;
    const found = (await call('GET', `orders?q=${encodeURIComponent(u.lastName)}`)).json() as AdminOrderList;
    expect(found.items.map((o) => o.id)).toEqual([order.id]);
    expect(found.items[0]?.customer_name).toBe(`Grace ${u.lastName}`);
  });

  it('refuses bad filters with 400 and a clear message', async () => {
    const bad = await call('GET', 'orders?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status must be one of');
    expect((await call('GET', 'orders?from=2026-02-30')).statusCode).toBe(400);
    const reversed = await call('GET', 'orders?from=2026-03-02&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('from must not be after to');
    expect((await call('GET', 'orders?method=cash')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('has lines, totals, addresses, payment, timeline, transactions and the allowed actions', async () => {
    const { order } = await freshOrder(t, { quantity: 3 });
    const d = await detail(order.id);
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]?.quantity).toBe(3);
    expect(d.shipping_address.name).toBe('Ada Lovelace');
    expect(d.customer).toBeNull();
    expect(d.payment).toMatchObject({ method: 'card', status: 'succeeded', card_last4: '4242' });
    expect(d.payment_detail.amount).toBe(d.totals.total);
    expect(d.payment_detail.refundable).toBe(d.totals.total);
    expect(d.payment_detail.reference).toMatch(/^demo_ch_/);
    expect(d.events.map((e) => e.status)).toEqual(['awaiting_payment', 'paid']);
    expect(d.transactions).toEqual([
      expect.objectContaining({ kind: 'charge', amount: d.totals.total, order_number: order.number }),
    ]);
    expect(d.actions).toEqual({
      process: true,
      ship: true,
      deliver: false,
      cancel: true,
      refund: true,
      mark_paid: false,
    });
  });

  it('404 for an unknown order, 400 for a malformed id', async () => {
    expect((await call('GET', 'orders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('GET', 'orders/nope')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/orders/:id/status', () => {
  it('paid → processing → shipped (tracking) → delivered: events, audit, a mail at each step', async () => {
    const { order } = await freshOrder(t);
    const processing = await setStatus(order.id, { status: 'processing' });
    expect(processing.statusCode).toBe(200);
    expect((processing.json() as AdminOrderDetail).status).toBe('processing');

    const shipped = await setStatus(order.id, { status: 'shipped', tracking_number: '  1Z 999-AA1/0123.45  ' });
    expect(shipped.statusCode).toBe(200);
    const s = shipped.json() as AdminOrderDetail;
    expect(s.tracking_number).toBe('1Z 999-AA1/0123.45');
    expect(s.actions).toMatchObject({ deliver: true, cancel: false, ship: false });

    const delivered = await setStatus(order.id, { status: 'delivered' });
    expect((delivered.json() as AdminOrderDetail).status).toBe('delivered');

    const d = await detail(order.id);
    expect(d.events.map((e) => e.status)).toEqual(['awaiting_payment', 'paid', 'processing', 'shipped', 'delivered']);
    expect(d.events[3]?.note).toContain('1Z 999-AA1/0123.45');

    const [ship] = await auditOf(order.id, 'order.ship');
    expect(ship).toMatchObject({
      actorId: staffId,
      entityType: 'order',
      before: { status: 'processing', tracking_number: null },
      after: { status: 'shipped', tracking_number: '1Z 999-AA1/0123.45' },
    });
    expect(await auditOf(order.id, 'order.process')).toHaveLength(1);
    expect(await auditOf(order.id, 'order.deliver')).toHaveLength(1);

    const mails = await mailsTo(order.email);
    const subjects = mails.map((m) => m.subject);
    expect(subjects.some((x) => x.includes(`${order.number} is being prepared`))).toBe(true);
    expect(subjects.some((x) => x.includes(`${order.number} has been delivered`))).toBe(true);
    const shippedMail = mails.find((m) => m.subject.includes('has shipped'));
    expect(shippedMail?.text).toContain('Tracking number: 1Z 999-AA1/0123.45');
  });

  it('ships a paid order straight away, and a pay-later order before it is paid', async () => {
    const paid = await freshOrder(t);
    expect((await setStatus(paid.order.id, { status: 'shipped', tracking_number: 'TRACK123' })).statusCode).toBe(200);

    const later = await freshOrder(t, { payment: PAY_LATER });
    expect((await detail(later.order.id)).actions).toMatchObject({ process: true, ship: true, mark_paid: true });
    expect((await setStatus(later.order.id, { status: 'processing' })).statusCode).toBe(200);
    const shipped = await setStatus(later.order.id, { status: 'shipped', tracking_number: 'PL-0001' });
    expect(shipped.statusCode).toBe(200);
    expect((shipped.json() as AdminOrderDetail).invoice?.status).toBe('open');
  });

  it('refuses every other transition with 409 naming the current status, and writes nothing', async () => {
    const { order } = await freshOrder(t);
    const cases: [string, object, RegExp][] = [
      ['paid', { status: 'delivered' }, /is paid: it cannot be marked delivered/],
      ['delivered', { status: 'processing' }, /is delivered: it cannot be marked processing/],
      ['shipped', { status: 'processing' }, /is shipped: it cannot be marked processing/],
      ['delivered', { status: 'shipped', tracking_number: 'ABCD1234' }, /is delivered/],
      ['cancelled', { status: 'shipped', tracking_number: 'ABCD1234' }, /is cancelled/],
      ['refunded', { status: 'processing' }, /is refunded/],
      ['awaiting_payment', { status: 'processing' }, /is awaiting payment/],
    ];
    for (const [status, body, message] of cases) {
      await forceStatus(t, order.id, status as 'paid');
      const before = await counts();
      const res = await setStatus(order.id, body);
      expect([status, res.statusCode]).toEqual([status, 409]);
      expect(res.json().message).toMatch(message);
      expect(res.json().details).toEqual({ status });
      expect(await counts()).toEqual(before);
      const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
      expect(row?.status).toBe(status);
    }
  });

  it('a placed order whose invoice is no longer open cannot be shipped', async () => {
    const { order } = await freshOrder(t, { payment: PAY_LATER });
    await t.db.update(invoices).set({ status: 'void' }).where(eq(invoices.orderId, order.id));
    const res = await setStatus(order.id, { status: 'processing' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('no open pay-later invoice');
  });

  it('400 for an unknown status, a missing or malformed tracking number; nothing written', async () => {
    const { order } = await freshOrder(t);
    const before = await counts();
    const unknown = await setStatus(order.id, { status: 'lost' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('status must be one of: processing, shipped, delivered');
    const missing = await setStatus(order.id, { status: 'shipped' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('A tracking number is required');
    for (const tracking_number of ['   ', 'ab', '<script>', 'x'.repeat(65), 'ABC;DROP']) {
      const res = await setStatus(order.id, { status: 'shipped', tracking_number });
      expect([tracking_number, res.statusCode]).toEqual([tracking_number, 400]);
    }
    expect((await setStatus(order.id, { status: 'processing', extra: 1 })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await detail(order.id)).status).toBe('paid');
  });

  it('404 for an unknown order', async () => {
    const res = await setStatus('00000000-0000-4000-8000-000000000000', { status: 'processing' });
    expect(res.statusCode).toBe(404);
  });

  it('of parallel transitions exactly one wins', async () => {
    const { order } = await freshOrder(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => setStatus(order.id, { status: 'shipped', tracking_number: `PARALLEL${i}` })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.status === 'shipped')).toHaveLength(1);
    expect(await auditOf(order.id, 'order.ship')).toHaveLength(1);
  });
});

describe('POST /api/admin/orders/:id/cancel', () => {
  it('cancels a paid card order: restocked once, refunded in full (ledger), audited, mailed', async () => {
    const { order, product } = await freshOrder(t, { quantity: 3, available: 10 });
    expect(await stockOf(t, product.id)).toBe(7);
    await setStatus(order.id, { status: 'processing' });
    const res = await call('POST', `orders/${order.id}/cancel`, { reason: 'Customer asked by phone' });
    expect(res.statusCode).toBe(200);
    const d = res.json() as AdminOrderDetail;
    expect(d.status).toBe('cancelled');
    expect(d.payment.status).toBe('refunded');
    expect(d.events.at(-1)?.note).toContain('Cancelled by the store (Customer asked by phone)');
    expect(await stockOf(t, product.id)).toBe(10);
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
    expect(moves.map((m) => [m.delta, m.reason]).sort()).toEqual([
      [-3, 'order'],
      [3, 'order_cancelled'],
    ]);
    expect(d.transactions.map((x) => [x.kind, x.amount])).toEqual([
      ['refund', d.totals.total],
      ['charge', d.totals.total],
    ]);
    const [refundRow] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, order.id), eq(transactions.kind, 'refund')));
    expect(refundRow?.actorId).toBe(staffId);
    const [entry] = await auditOf(order.id, 'order.cancel');
    expect(entry?.before).toMatchObject({ status: 'processing', payment_status: 'succeeded' });
    expect(entry?.after).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      reason: 'Customer asked by phone',
    });
    const mail = (await mailsTo(order.email)).find((m) => m.subject.includes('has been cancelled'));
    expect(mail?.text).toContain('refunded to your card');
    expect(mail?.text).toContain('Customer asked by phone');
  });

  it('ten parallel cancels restock exactly once', async () => {
    const { order, product } = await freshOrder(t, { quantity: 4, available: 10 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', `orders/${order.id}/cancel`, {})));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await stockOf(t, product.id)).toBe(10);
    const restocks = await t.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
    expect(restocks.filter((m) => m.delta > 0)).toHaveLength(1);
    expect((await ledgerOf(order.id)).filter((r) => r.kind === 'refund')).toHaveLength(1);
  });

  it('voids the open invoice of a pay-later order; no money moves', async () => {
    const { order } = await freshOrder(t, { payment: PAY_LATER });
    const d = (await call('POST', `orders/${order.id}/cancel`, {})).json() as AdminOrderDetail;
    expect(d.invoice?.status).toBe('void');
    expect(d.payment.status).toBe('cancelled');
    expect(await ledgerOf(order.id)).toHaveLength(0);
  });

  it('refuses a shipped order with 409; nothing written', async () => {
    const { order, product } = await freshOrder(t);
    await setStatus(order.id, { status: 'shipped', tracking_number: 'SHIP0001' });
    const before = await counts();
    const res = await call('POST', `orders/${order.id}/cancel`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('This order is shipped');
    expect(await counts()).toEqual(before);
    expect(await stockOf(t, product.id)).toBe(9);
  });
});

describe('POST /api/admin/orders/:id/refund', () => {
  it('refunds in part, then the rest; the order becomes refunded; ledger, audit and mails', async () => {
    const { order } = await freshOrder(t, { quantity: 2 });
    await setStatus(order.id, { status: 'shipped', tracking_number: 'REFUND01' });
    const total = (await detail(order.id)).totals.total;

    const part = await refund(order.id, { amount: 10.5, reason: 'Scratched box' });
    expect(part.statusCode).toBe(200);
    const p = part.json() as AdminOrderDetail;
    expect(p.status).toBe('shipped');
    expect(p.payment.status).toBe('partially_refunded');
    expect(p.payment_detail.refunded).toBe(10.5);
    expect(p.payment_detail.refundable).toBeCloseTo(total - 10.5, 2);

    const over = await refund(order.id, { amount: total, reason: 'Too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('can still be refunded');

    const rest = await refund(order.id, { reason: 'Returned' });
    expect(rest.statusCode).toBe(200);
    const r = rest.json() as AdminOrderDetail;
    expect(r.status).toBe('refunded');
    expect(r.payment.status).toBe('refunded');
    expect(r.payment_detail.refundable).toBe(0);
    expect(r.actions.refund).toBe(false);

    const [pay] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(pay?.refundedCents).toBe(pay?.amountCents);
    const refunds = (await ledgerOf(order.id)).filter((x) => x.kind === 'refund');
    expect(refunds.map((x) => x.amountCents).sort((a, b) => a - b)).toEqual(
      [1050, (pay?.amountCents ?? 0) - 1050].sort((a, b) => a - b),
    );
    expect(refunds.every((x) => x.method === 'card' && x.actorId === staffId)).toBe(true);
    expect(await auditOf(order.id, 'order.refund')).toHaveLength(2);
    const mails = (await mailsTo(order.email)).filter((m) => m.subject.startsWith('Refund of'));
    expect(mails.map((m) => m.subject).some((s) => s.includes('$10.50'))).toBe(true);
    expect(mails).toHaveLength(2);

    const again = await refund(order.id, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('no payment to refund');
  });

  it('refuses bad amounts (400) and an order that was never paid (409); nothing written', async () => {
    const { order } = await freshOrder(t);
    const unpaid = await freshOrder(t, { payment: PAY_LATER });
    const before = await counts();
    for (const payload of [
      { amount: -1, reason: 'x' },
      { amount: 0, reason: 'x' },
      { amount: 1.005, reason: 'x' },
      { amount: '5', reason: 'x' },
      { amount: 5 },
      { amount: 5, reason: '   ' },
    ]) {
      const res = await refund(order.id, payload);
      expect([payload, res.statusCode]).toEqual([payload, 400]);
    }
    const res = await refund(unpaid.order.id, { reason: 'Nothing paid' });
    expect(res.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('ten parallel partial refunds never give back more than was paid', async () => {
    const { order } = await freshOrder(t, { quantity: 1 });
    const total = (await detail(order.id)).totals.total;
    const slice = Math.ceil((total / 4) * 100) / 100; // four slices cover it; the fifth never fits
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => refund(order.id, { amount: slice, reason: `Part ${i}` })),
    );
    const ok = answers.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(Math.floor(total / slice + 1e-9));
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(10 - ok);
    const [pay] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(pay?.refundedCents).toBe(ok * Math.round(slice * 100));
    expect(pay?.refundedCents).toBeLessThanOrEqual(pay?.amountCents ?? 0);
    const refunds = (await ledgerOf(order.id)).filter((x) => x.kind === 'refund');
    expect(refunds.reduce((s, x) => s + x.amountCents, 0)).toBe(pay?.refundedCents);
  });

  it('a paid pay-later order is refunded by hand, recorded the same way', async () => {
    const { order } = await freshOrder(t, { payment: PAY_LATER });
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect((await call('POST', `pay-later/${inv?.id}/mark-paid`)).statusCode).toBe(200);
    const res = await refund(order.id, { reason: 'Goodwill' });
    expect(res.statusCode).toBe(200);
    const d = res.json() as AdminOrderDetail;
    expect(d.status).toBe('refunded');
    expect(d.transactions.map((x) => [x.kind, x.method])).toEqual([
      ['refund', 'pay_later'],
      ['charge', 'pay_later'],
    ]);
    const mail = (await mailsTo(order.email)).find((m) => m.subject.startsWith('Refund of'));
    expect(mail?.text).toContain('bank transfer');
  });
});

describe('pay later', () => {
  it('lists outstanding invoices with totals; marking paid records the charge and pays the order', async () => {
    const email = `paylater-${Date.now()}@example.com`;
    const { order } = await freshOrder(t, { payment: PAY_LATER, email, quantity: 2 });
    const list = (await call('GET', `pay-later?q=${email}`)).json() as PayLaterList;
    expect(list.items).toHaveLength(1);
    const inv = list.items[0]!;
    expect(inv).toMatchObject({ order_number: order.number, status: 'open', email, customer_name: 'Ada Lovelace' });
    expect(list.totals).toMatchObject({ outstanding: inv.amount, outstanding_count: 1, overdue: 0, overdue_count: 0 });

    const paid = await call('POST', `pay-later/${inv.id}/mark-paid`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', order_status: 'paid' });
    const d = await detail(order.id);
    expect(d.status).toBe('paid');
    expect(d.payment.status).toBe('succeeded');
    expect(d.invoice?.paid_at).not.toBeNull();
    expect(d.transactions).toEqual([
      expect.objectContaining({ kind: 'charge', method: 'pay_later', amount: inv.amount }),
    ]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, inv.id));
    expect(entry).toMatchObject({ action: 'invoice.mark_paid', entityType: 'invoice', before: { status: 'open' } });
    expect((await mailsTo(email)).some((m) => m.subject.includes(`Payment received for invoice ${inv.number}`))).toBe(
      true,
    );

    const again = await call('POST', `pay-later/${inv.id}/mark-paid`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already paid');
    expect(await ledgerOf(order.id)).toHaveLength(1);

    const paidList = (await call('GET', `pay-later?filter=paid&q=${email}`)).json() as PayLaterList;
    expect(paidList.items.map((i) => i.id)).toEqual([inv.id]);
    expect(((await call('GET', `pay-later?q=${email}`)).json() as PayLaterList).items).toHaveLength(0);
  });

  it('a shipped pay-later order keeps its status when paid', async () => {
    const { order } = await freshOrder(t, { payment: PAY_LATER });
    await setStatus(order.id, { status: 'shipped', tracking_number: 'PLSHIP01' });
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const res = await call('POST', `pay-later/${inv?.id}/mark-paid`);
    expect(res.json()).toMatchObject({ status: 'paid', order_status: 'shipped' });
  });

  it('a void invoice cannot be marked paid or reminded; an unknown one is 404', async () => {
    const { order } = await freshOrder(t, { payment: PAY_LATER });
    await call('POST', `orders/${order.id}/cancel`, {});
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const before = await counts();
    expect((await call('POST', `pay-later/${inv?.id}/mark-paid`)).statusCode).toBe(409);
    expect((await call('POST', `pay-later/${inv?.id}/remind`)).statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    expect((await call('POST', 'pay-later/00000000-0000-4000-8000-000000000000/remind')).statusCode).toBe(404);
    expect((await call('POST', 'pay-later/nope/remind')).statusCode).toBe(400);
  });

  it('reminds with amount and due date, remembers when; overdue once the clock passes the due date', async () => {
    const email = `remind-${Date.now()}@example.com`;
    const { order } = await freshOrder(t, { payment: PAY_LATER, email });
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    if (!inv) throw new Error('no invoice');
    const res = await call('POST', `pay-later/${inv.id}/remind`);
    expect(res.statusCode).toBe(200);
    expect(res.json().last_reminder_at).toBe(t.clock.now().toISOString());
    const due = inv.dueAt.toISOString().slice(0, 10);
    const [mail] = (await mailsTo(email)).filter((m) => m.subject.includes(`invoice ${inv.number}`));
    expect(mail?.subject).toContain('Reminder');
    expect(mail?.text).toContain(`Due date: ${due}`);
    expect(mail?.text).toMatch(/Amount due: \$\d+\.\d\d/);
    expect((await detail(order.id)).events.at(-1)?.note).toContain('Payment reminder sent');

    expect(((await call('GET', `pay-later?filter=overdue&q=${email}`)).json() as PayLaterList).total).toBe(0);
    t.clock.set(new Date(inv.dueAt.getTime() + 60_000));
    staff = await authHeaders(t, { id: staffId, role: 'staff' }); // the old token expired with the jump
    const overdue = (await call('GET', `pay-later?filter=overdue&q=${email}`)).json() as PayLaterList;
    expect(overdue.items.map((i) => [i.id, i.status])).toEqual([[inv.id, 'overdue']]);
    expect(overdue.totals.overdue_count).toBe(1);
    expect(overdue.totals.overdue).toBe(overdue.items[0]?.amount);
    await call('POST', `pay-later/${inv.id}/remind`);
    const second = (await mailsTo(email)).filter((m) => m.subject.startsWith('Overdue: invoice'));
    expect(second).toHaveLength(1);
    expect(second[0]?.text).toContain('is still open');
    // The whole list's totals count it too.
    const all = (await call('GET', 'pay-later?filter=all')).json() as PayLaterList;
    expect(all.totals.overdue_count).toBeGreaterThanOrEqual(1);
    expect((await call('GET', 'pay-later?filter=late')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/transactions', () => {
  it('filters by kind, method, days and order number, with totals; the CSV matches the JSON', async () => {
    // A day of its own: nothing else in the ledger happened on it.
    t.clock.advance(3 * 24 * 60 * 60 * 1000);
    staff = await authHeaders(t, { id: staffId, role: 'staff' });
    const a = await freshOrder(t, { quantity: 2 });
    await refund(a.order.id, { amount: 5, reason: 'Partial, with "quotes", and commas' });
    const b = await freshOrder(t, { payment: PAY_LATER });
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, b.order.id));
    await call('POST', `pay-later/${inv?.id}/mark-paid`);

    const one = (await call('GET', `transactions?q=${a.order.number}`)).json() as TransactionList;
    expect(one.items.map((x) => x.kind)).toEqual(['refund', 'charge']);
    const charge = one.items[1]!.amount;
    expect(one.totals).toEqual({
      charges: charge,
      refunds: 5,
      net: Math.round((charge - 5) * 100) / 100,
      count: 2,
      currency: { code: 'USD', digits: 2 },
    });
    const refundsOnly = (await call('GET', `transactions?q=${a.order.number}&kind=refund`)).json() as TransactionList;
    expect(refundsOnly.items.map((x) => x.amount)).toEqual([5]);
    const payLater = (await call('GET', 'transactions?method=pay_later&limit=100')).json() as TransactionList;
    expect(payLater.items.every((x) => x.method === 'pay_later')).toBe(true);
    expect(payLater.items.some((x) => x.order_number === b.order.number)).toBe(true);

    // Totals equal the sums of every matching row in the database, not just the page.
    const today = t.clock.now().toISOString().slice(0, 10);
    const paged = (await call('GET', `transactions?from=2000-01-01&to=${today}&limit=2`)).json() as TransactionList;
    const rows = await t.db.select().from(transactions);
    const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.amountCents, 0);
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBe(rows.length);
    expect(paged.totals.charges).toBe(sum('charge') / 100);
    expect(paged.totals.refunds).toBe(sum('refund') / 100);
    expect(paged.totals.net).toBe((sum('charge') - sum('refund')) / 100);

    // The CSV holds every matching row (the whole ledger here, the demo's history included), not a page.
    const everything = parseCsv((await call('GET', `transactions?format=csv&limit=1&to=${today}`)).body);
    expect(everything.length - 1).toBe(rows.length);

    // Today's rows: the CSV equals the JSON row by row.
    const csv = await call('GET', `transactions?format=csv&from=${today}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('transactions.csv');
    const [header, ...lines] = parseCsv(csv.body);
    expect(header).toEqual(['date', 'order_number', 'kind', 'method', 'amount', 'currency', 'reference', 'note']);
    const json = (await call('GET', `transactions?limit=100&from=${today}&to=${today}`)).json() as TransactionList;
    expect(json.total).toBe(3);
    expect(lines).toEqual(
      json.items.map((x) => [
        x.created_at,
        x.order_number,
        x.kind,
        x.method,
        x.amount.toFixed(2),
        x.currency.code,
        x.reference ?? '',
        x.note ?? '',
      ]),
    );
    const csvSum = (kind: string) =>
      lines.filter((l) => l[2] === kind).reduce((s, l) => s + Math.round(Number(l[4]) * 100), 0);
    expect(csvSum('charge') / 100).toBe(json.totals.charges);
    expect(csvSum('refund') / 100).toBe(json.totals.refunds);
    expect(lines.some((l) => l[7] === 'Partial, with "quotes", and commas')).toBe(true);

    const filtered = parseCsv((await call('GET', `transactions?format=csv&q=${a.order.number}&kind=refund`)).body);
    expect(filtered.slice(1).map((l) => [l[1], l[2], l[4]])).toEqual([[a.order.number, 'refund', '5.00']]);
  });

  it('refuses bad filters with 400', async () => {
    expect((await call('GET', 'transactions?kind=payout')).statusCode).toBe(400);
    expect((await call('GET', 'transactions?format=xml')).statusCode).toBe(400);
    expect((await call('GET', 'transactions?from=2026-13-01')).statusCode).toBe(400);
  });

  it('the ledger is filtered by day', async () => {
    const { order } = await freshOrder(t);
    const day = t.clock.now().toISOString().slice(0, 10);
    const hit = (await call('GET', `transactions?q=${order.number}&from=${day}&to=${day}`)).json() as TransactionList;
    expect(hit.total).toBe(1);
    const miss = (await call('GET', `transactions?q=${order.number}&to=2001-01-01`)).json() as TransactionList;
    expect(miss.total).toBe(0);
  });
});
