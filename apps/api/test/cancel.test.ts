import type { Order } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, mailOutbox, orders, payments, productSubscribers, stockMovements } from '../src/db/schema.ts';
import { createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { addToCart, card, PAY_LATER, placeOrder, stockOf, userBody } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cancel = (orderId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers });

async function orderFor(
  u: Awaited<ReturnType<typeof signedInUser>>,
  quantity: number,
  payment: unknown,
  available = 10,
) {
  const p = await createProduct(t, { available });
  await addToCart(t, u.headers, p.id, quantity);
  const res = await placeOrder(t, userBody({ payment }), { headers: u.headers });
  expect(res.statusCode).toBe(201);
  return { product: p, order: res.json() as Order };
}

describe('POST /api/orders/:id/cancel', () => {
  it('cancels a paid card order: stock back, payment refunded through the provider, timeline updated', async () => {
    const u = await signedInUser(t);
    const { product, order } = await orderFor(u, 3, card());
    expect(await stockOf(t, product.id)).toBe(7);
    const res = await cancel(order.id, u.headers);
    expect(res.statusCode).toBe(200);
    const after = res.json() as Order;
    expect(after.status).toBe('cancelled');
    expect(after.can_cancel).toBe(false);
    expect(after.payment.status).toBe('refunded');
    expect(after.events.map((e) => e.status)).toEqual(['awaiting_payment', 'paid', 'cancelled']);
    expect(after.events.at(-1)?.note).toContain('refunded to Visa •••• 4242');
    expect(await stockOf(t, product.id)).toBe(10);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment?.refundedCents).toBe(payment?.amountCents);
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
    expect(moves.map((m) => [m.delta, m.reason]).sort()).toEqual([
      [-3, 'order'],
      [3, 'order_cancelled'],
    ]);
  });

  it('cancels a pay-later order: the invoice is voided', async () => {
    const u = await signedInUser(t);
    const { order } = await orderFor(u, 1, PAY_LATER);
    const after = (await cancel(order.id, u.headers)).json() as Order;
    expect(after.invoice?.status).toBe('void');
    expect(after.payment.status).toBe('cancelled');
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(inv?.status).toBe('void');
  });

  it('two parallel cancels → one restock', async () => {
    const u = await signedInUser(t);
    const { product, order } = await orderFor(u, 2, card());
    const answers = await Promise.all([cancel(order.id, u.headers), cancel(order.id, u.headers)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe('This order is already cancelled');
    expect(await stockOf(t, product.id)).toBe(10);
    const restocks = await t.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
    expect(restocks.filter((m) => m.delta > 0)).toHaveLength(1);
  });

  it('ten parallel cancels still restock exactly once', async () => {
    const u = await signedInUser(t);
    const { product, order } = await orderFor(u, 4, PAY_LATER);
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(order.id, u.headers)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await stockOf(t, product.id)).toBe(10);
  });

  it('a customer can never cancel another’s order (404, nothing changes)', async () => {
    const [alice, bob] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const { product, order } = await orderFor(alice, 1, card());
    const res = await cancel(order.id, bob.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Order not found');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('paid');
    expect(await stockOf(t, product.id)).toBe(9);
    expect((await cancel(crypto.randomUUID(), bob.headers)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel` })).statusCode).toBe(401);
  });

  it('refuses once the order has shipped (409)', async () => {
    const u = await signedInUser(t);
    const { product, order } = await orderFor(u, 1, card());
    await t.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.id));
    const res = await cancel(order.id, u.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order has shipped and can no longer be cancelled');
    expect(await stockOf(t, product.id)).toBe(9);
  });

  it('a restock that brings a product back into stock tells its subscribers', async () => {
    const [buyer, waiting] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const { product, order } = await orderFor(buyer, 1, card(), 1);
    expect(await stockOf(t, product.id)).toBe(0);
    await t.db.insert(productSubscribers).values({ productId: product.id, userId: waiting.id });
    expect((await cancel(order.id, buyer.headers)).statusCode).toBe(200);
    await t.drain(); // the cancel queued the notify-back-in-stock job in its transaction
    const [sub] = await t.db.select().from(productSubscribers).where(eq(productSubscribers.userId, waiting.id));
    expect(sub?.notifiedAt).not.toBeNull();
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, waiting.email))).toHaveLength(1);
  });
});
