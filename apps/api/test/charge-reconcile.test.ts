import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, payments, transactions } from '../src/db/schema.ts';
import { createSessionLocks } from '../src/lib/session-locks.ts';
import { createProduct } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { card, guestBody, MANY_ORDERS, placeOrder, stockOf } from './orders-fixtures.ts';

/**
 * A card payment left `processing` by a request that died (its process or the
 * database, between the order's commit and the charge's outcome) is settled with the gateway's answer
 * (paid, or cancelled and restocked) at start and on a retry of its key, while one a live request
 * still settles is left to it. ops/checkout-crash.test.ts shows it with real kills; this shows each rule.
 */
let t: TestApp;
let other: pg.Pool;
beforeAll(async () => {
  t = await createTestApp(MANY_ORDERS);
  // Another process's connections, for holding a payment's settling lock as its live request would.
  other = new pg.Pool({ connectionString: t.pool.options.connectionString, max: 2 });
});
afterAll(async () => {
  await other.end();
  await t.close();
});

/**
 * A paid card order turned back into what a crash between the commit and the outcome leaves: order
 * awaiting payment, payment `processing`, nothing in the ledger. `gateway: 'never'` also forgets the
 * charge at the gateway (the crash came before the charge reached it).
 */
async function abandonedCheckout(gateway: 'charged' | 'never') {
  const product = await createProduct(t, { available: 10 });
  const body = guestBody([{ product_id: product.id, quantity: 2 }], { payment: card() });
  const key = randomUUID();
  const placed = await placeOrder(t, body, { key });
  expect(placed.statusCode).toBe(201);
  const orderId: string = placed.json().id;
  await t.db.update(orders).set({ status: 'awaiting_payment' }).where(eq(orders.id, orderId));
  const [payment] = await t.db
    .update(payments)
    .set({ status: 'processing', providerRef: null })
    .where(eq(payments.orderId, orderId))
    .returning();
  await t.db.delete(transactions).where(eq(transactions.orderId, orderId));
  await t.db.delete(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'paid')));
  if (gateway === 'never') {
    await t.db.execute(sql`delete from test_gateway.charges where reference = ${payment?.id}`);
  }
  return { product, body, key, orderId, paymentId: payment?.id as string };
}

async function state(orderId: string) {
  const [o] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const [p] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  const ledger = await t.db.select().from(transactions).where(eq(transactions.orderId, orderId));
  return {
    order: o?.status,
    payment: p?.status,
    ledger: ledger.map((l) => `${l.kind} ${l.amountCents === o?.totalCents ? 'total' : l.amountCents}`),
  };
}

describe('card payments left processing by a request that died', () => {
  it('a retry of the key asks the gateway: it charged the card → 201 paid, one charge in the ledger', async () => {
    const c = await abandonedCheckout('charged');
    const retry = await placeOrder(t, c.body, { key: c.key });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ id: c.orderId, status: 'paid' });
    const s = await state(c.orderId);
    expect(s).toMatchObject({ order: 'paid', payment: 'succeeded' });
    expect(s.ledger).toEqual(['charge total']);
    expect(await stockOf(t, c.product.id)).toBe(8);
  });

  it('a retry of the key asks the gateway: it never got the charge → closed there, order cancelled and restocked, 402', async () => {
    const c = await abandonedCheckout('never');
    const retry = await placeOrder(t, c.body, { key: c.key });
    expect(retry.statusCode).toBe(402);
    expect(retry.json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect(await state(c.orderId)).toEqual({ order: 'cancelled', payment: 'declined', ledger: [] });
    expect(await stockOf(t, c.product.id)).toBe(10);
    // Closed at the gateway: a charge arriving late with this reference can no longer take money.
    const gateway = await t.db.execute<{ status: string }>(
      sql`select status from test_gateway.charges where reference = ${c.paymentId}`,
    );
    expect(gateway.rows[0]?.status).toBe('void');
    // And every later retry answers the same.
    expect((await placeOrder(t, c.body, { key: c.key })).statusCode).toBe(402);
  });

  it('one a live request still settles (its lock held, here by another process) is left alone: 409, and the reconciliation skips it', async () => {
    const c = await abandonedCheckout('charged');
    const live = createSessionLocks(other);
    const release = await live.tryHold(`payment:${c.paymentId}`);
    expect(release).toBeDefined();
    try {
      const retry = await placeOrder(t, c.body, { key: c.key });
      expect(retry.statusCode).toBe(409);
      expect(retry.json()).toMatchObject({ code: 'CONFLICT' });
      expect(await t.app.services.orders.reconcileUnsettledCharges()).toBe(0);
      expect(await state(c.orderId)).toMatchObject({ order: 'awaiting_payment', payment: 'processing' });
    } finally {
      await release?.();
    }
    // The holder is gone (as when its process dies): now it is settled.
    expect(await t.app.services.orders.reconcileUnsettledCharges()).toBe(1);
    expect(await state(c.orderId)).toMatchObject({ order: 'paid', payment: 'succeeded' });
  });

  it('reconcileUnsettledCharges (run at start) settles every abandoned charge as its gateway says', async () => {
    const charged = await abandonedCheckout('charged');
    const never = await abandonedCheckout('never');
    expect(await t.app.services.orders.reconcileUnsettledCharges()).toBe(2);
    expect(await state(charged.orderId)).toMatchObject({ order: 'paid', payment: 'succeeded' });
    expect(await state(never.orderId)).toMatchObject({ order: 'cancelled', payment: 'declined' });
    expect(await t.app.services.orders.reconcileUnsettledCharges()).toBe(0);
  });
});

describe('session locks (lib/session-locks.ts)', () => {
  it('tell other processes, and this one, who holds a name; the connection goes back to the pool when none is held', async () => {
    const here = createSessionLocks(t.pool);
    const there = createSessionLocks(other);
    const name = `test:${randomUUID()}`;
    const release = await here.tryHold(name);
    expect(release).toBeDefined();
    // PostgreSQL's session locks are re-entrant; this process's own second hold is refused all the same.
    expect(await here.tryHold(name)).toBeUndefined();
    expect(await there.tryHold(name)).toBeUndefined();
    await release?.();
    const theirs = await there.tryHold(name);
    expect(theirs).toBeDefined();
    await theirs?.();
    // Nothing held: no connection is kept out of either pool, so pool.end() never waits for one.
    expect(t.pool.totalCount - t.pool.idleCount).toBe(0);
    expect(other.totalCount - other.idleCount).toBe(0);
  });
});
