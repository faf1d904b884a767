import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments, stockMovements, transactions } from '../src/db/schema.ts';
import { authHeaders } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { freshOrder, PAY_LATER, stockOf } from './orders-fixtures.ts';

// Staff changes that race each other never double money or stock and
// never fail with a deadlock (each locks the order row first).
let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await authHeaders(t, await createUser(t, { role: 'staff' }));
});
afterAll(() => t.close());

const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/admin/${url}`, headers: staff, payload });
const ledgerOf = (orderId: string) => t.db.select().from(transactions).where(eq(transactions.orderId, orderId));
async function invoiceOf(orderId: string) {
  const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!inv) throw new Error('no invoice');
  return inv;
}

describe('racing staff changes', () => {
  it('ten parallel mark-paid of one invoice: one charge', async () => {
    const { order } = await freshOrder(t, { payment: PAY_LATER });
    const inv = await invoiceOf(order.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`pay-later/${inv.id}/mark-paid`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect((await ledgerOf(order.id)).map((r) => r.kind)).toEqual(['charge']);
  });

  it('mark-paid against cancel: no error, and the ledger tells what happened', async () => {
    for (let round = 0; round < 5; round++) {
      const { order, product } = await freshOrder(t, { payment: PAY_LATER, quantity: 2 });
      const inv = await invoiceOf(order.id);
      const [paid, cancelled] = await Promise.all([
        post(`pay-later/${inv.id}/mark-paid`),
        post(`orders/${order.id}/cancel`, { reason: 'race' }),
      ]);
      expect(cancelled.statusCode).toBe(200);
      expect([200, 409]).toContain(paid.statusCode);
      const kinds = (await ledgerOf(order.id)).map((r) => r.kind).sort();
      // Paid first: the cancel gives the money back. Cancelled first: the void invoice is refused.
      expect(kinds).toEqual(paid.statusCode === 200 ? ['charge', 'refund'] : []);
      expect(await stockOf(t, product.id)).toBe(10);
      const restocks = await t.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
      expect(restocks.filter((m) => m.delta > 0)).toHaveLength(1);
    }
  });

  it('refunds against cancel: never more back than was paid', async () => {
    for (let round = 0; round < 5; round++) {
      const { order } = await freshOrder(t);
      const answers = await Promise.all([
        post(`orders/${order.id}/refund`, { amount: 1, reason: 'race' }),
        post(`orders/${order.id}/cancel`, {}),
        post(`orders/${order.id}/refund`, { amount: 2, reason: 'race' }),
      ]);
      expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      const [pay] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
      const refunded = (await ledgerOf(order.id))
        .filter((r) => r.kind === 'refund')
        .reduce((s, r) => s + r.amountCents, 0);
      expect(refunded).toBe(pay?.refundedCents);
      expect(refunded).toBe(pay?.amountCents); // the cancel always wins in the end: everything is back
    }
  });
});
