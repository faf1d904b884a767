import fs from 'node:fs';
import path from 'node:path';
import { canTransition } from '@shop/contracts/order-lifecycle';
import { ORDER_STATUSES, type Order, type OrderStatus } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders, payments } from '../src/db/schema.ts';
import { TEST_CARDS } from '../src/modules/payments/index.ts';
import { authHeaders, createProduct, freshIp } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { addToCart, card, freshOrder, MANY_ORDERS, placeOrder, userBody } from './orders-fixtures.ts';

/**
 * The order lifecycle (`@shop/contracts/order-lifecycle`) walked through the API: for every pair of
 * states and every actor, an order is put in the first state and moved to the second the way that
 * actor moves orders. The move happens exactly when the table allows it; otherwise it is refused and
 * the order keeps its status. An order is set up so that nothing but its status stands in the way
 * (its invoice open, its money in), so a move the table does not hold is refused by the table.
 */

let t: TestApp;
let staff: Record<string, string>;
let shopper: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp(MANY_ORDERS);
  staff = await authHeaders(t, await createUser(t, { role: 'staff' }));
  shopper = await authHeaders(t, await createUser(t));
});
afterAll(() => t.close());

const statusOf = async (id: string) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

/**
 * The shopper's own pay-later order, put in `from` with its invoice still open and its money taken:
 * each route then finds nothing in its way but the order's status.
 */
async function orderIn(from: OrderStatus) {
  const product = await createProduct(t, { available: 5 });
  await addToCart(t, shopper, product.id);
  const res = await placeOrder(t, userBody(), { headers: shopper, ip: freshIp() });
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`);
  const { id } = res.json() as Order;
  await t.db.update(orders).set({ status: from }).where(eq(orders.id, id));
  await t.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.orderId, id));
  const [inv] = await t.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, id));
  if (!inv) throw new Error('a pay-later order without an invoice');
  return { id, invoiceId: inv.id };
}

type Route = (order: { id: string; invoiceId: string }) => Promise<{ statusCode: number }>;
const post = (headers: Record<string, string>, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

/** How staff move an order to each state (none moves one back to awaiting payment or placed). */
const STAFF_ROUTES: Partial<Record<OrderStatus, Route>> = {
  processing: (o) => post(staff, `/api/admin/orders/${o.id}/status`, { status: 'processing' }),
  shipped: (o) => post(staff, `/api/admin/orders/${o.id}/status`, { status: 'shipped', tracking_number: 'TRK-1234' }),
  delivered: (o) => post(staff, `/api/admin/orders/${o.id}/status`, { status: 'delivered' }),
  cancelled: (o) => post(staff, `/api/admin/orders/${o.id}/cancel`, { reason: 'Lifecycle test' }),
  refunded: (o) => post(staff, `/api/admin/orders/${o.id}/refund`, { reason: 'Lifecycle test' }),
  paid: (o) => post(staff, `/api/admin/pay-later/${o.invoiceId}/mark-paid`),
};

/** How the shopper moves their own order: they may only cancel it. */
const SHOPPER_ROUTES: Partial<Record<OrderStatus, Route>> = {
  cancelled: (o) => post(shopper, `/api/orders/${o.id}/cancel`),
};

const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => ({ from, to })));

describe.each([
  { actor: 'staff' as const, routes: STAFF_ROUTES },
  { actor: 'shopper' as const, routes: SHOPPER_ROUTES },
])('$actor moves an order exactly as the lifecycle allows', ({ actor, routes }) => {
  it('has a route for every state the table lets it move an order to', () => {
    for (const { from, to } of pairs) {
      if (canTransition(from, to, actor)) expect(routes[to], `${from} → ${to}`).toBeDefined();
    }
  });

  it.each(pairs.filter(({ to }) => routes[to] !== undefined))('$from → $to', async ({ from, to }) => {
    const order = await orderIn(from);
    const res = await (routes[to] as Route)(order);
    if (canTransition(from, to, actor)) {
      expect(res.statusCode, `${from} → ${to}`).toBeLessThan(300);
      expect(await statusOf(order.id)).toBe(to);
    } else {
      // Marking an invoice paid is the invoice's own: the order keeps a status it cannot leave for paid.
      if (to !== 'paid') expect(res.statusCode, `${from} → ${to}`).toBeGreaterThanOrEqual(400);
      expect(await statusOf(order.id)).toBe(from);
    }
  });
});

describe('the payment moves an order exactly as the lifecycle allows', () => {
  /** A guest's card order waiting for the demo's confirmation step, put in `from`. */
  async function waitingCardOrderIn(from: OrderStatus) {
    const { order } = await freshOrder(t, { payment: card(TEST_CARDS.requiresAction) });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    if (!payment?.actionToken) throw new Error('no confirmation step');
    await t.db.update(orders).set({ status: from }).where(eq(orders.id, order.id));
    return { id: order.id, token: payment.actionToken };
  }

  it.each(pairs.filter(({ to }) => to === 'paid' || to === 'cancelled'))('$from → $to', async ({ from, to }) => {
    const order = await waitingCardOrderIn(from);
    await post({}, `/api/orders/${order.id}/confirm-payment`, { token: order.token, approve: to === 'paid' });
    expect(await statusOf(order.id)).toBe(canTransition(from, to, 'payment') ? to : from);
  });
});

describe('the sweep of unpaid orders cancels exactly what the lifecycle allows', () => {
  it.each(ORDER_STATUSES)('%s', async (from) => {
    const { order } = await freshOrder(t, { payment: { method: 'pay_later' } });
    const past = new Date(t.clock.now().getTime() - 60 * 60 * 1000);
    await t.db.update(orders).set({ status: from, createdAt: past, payBy: past }).where(eq(orders.id, order.id));
    await t.app.services.orders.expireUnconfirmedPayments();
    await t.app.services.orders.expireUnpaidGuestOrders();
    expect(await statusOf(order.id)).toBe(canTransition(from, 'cancelled', 'sweep') ? 'cancelled' : from);
  });
});

describe('no status changes outside the lifecycle', () => {
  const src = path.join(import.meta.dirname, '../src');
  const files = (fs.readdirSync(src, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => ({ file: f, text: fs.readFileSync(path.join(src, f), 'utf8') }));

  it('every update of an order’s status carries the lifecycle’s condition', () => {
    const unguarded: string[] = [];
    for (const { file, text } of files) {
      for (const m of text.matchAll(/\.update\(orders\)([\s\S]*?)(\.returning\(|;)/g)) {
        const statement = m[1] ?? '';
        if (/\.set\(\{[^}]*\bstatus\b/.test(statement) && !statement.includes('mayMove(')) unguarded.push(file);
      }
      if (/update\s+orders\s+(\w+\s+)?set\s+[^;]*\bstatus\b/i.test(text)) unguarded.push(`${file} (SQL)`);
    }
    expect(unguarded).toEqual([]);
  });
});
