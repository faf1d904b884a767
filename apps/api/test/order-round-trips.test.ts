import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orderEvents, orderLines, orders, payments } from '../src/db/schema.ts';
import { loadOrder } from '../src/modules/orders/index.ts';
import { createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { card, MANY_ORDERS, PAY_LATER, placeOrder, userBody } from './orders-fixtures.ts';
import { countStatements } from './round-trips.ts';

/**
 * What one order costs the database, pinned so that a regression fails. The figures and why
 * each statement is there: docs/performance.md ("An add and an order").
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(MANY_ORDERS);
});
afterAll(() => t.close());

async function shopperWithCart() {
  const u = await signedInUser(t);
  const p = await createProduct(t, { available: 1000 });
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/products/add-to-cart',
    headers: u.headers,
    payload: { product_id: p.id, variant_id: p.variants[0]?.id, quantity: 2 },
  });
  expect(added.statusCode).toBe(200);
  return u;
}

describe('one order, in statements', () => {
  // Earlier releases: 45 (card) and 36 (pay later).
  it('a paid card order makes at most 32 statements, a pay-later order at most 23', async () => {
    // The demo gateway makes its table on first use: not part of an order's cost.
    await placeOrder(t, userBody({ payment: card() }), { headers: (await shopperWithCart()).headers });

    const byCard = await shopperWithCart();
    const paid = await countStatements(t.pool, () =>
      placeOrder(t, userBody({ payment: card() }), { headers: byCard.headers }),
    );
    expect(paid.value.statusCode).toBe(201);
    expect(paid.value.json().status).toBe('paid');
    expect(paid.statements.length).toBeLessThanOrEqual(32);

    const later = await shopperWithCart();
    const placed = await countStatements(t.pool, () =>
      placeOrder(t, userBody({ payment: PAY_LATER }), { headers: later.headers }),
    );
    expect(placed.value.statusCode).toBe(201);
    expect(placed.statements.length).toBeLessThanOrEqual(23);
  });

  it('loadOrder reads in one statement exactly what a select of each table reads', async () => {
    const u = await shopperWithCart();
    const res = await placeOrder(t, userBody({ payment: PAY_LATER }), { headers: u.headers });
    const id = res.json().id as string;
    const { value: bundle, statements } = await countStatements(t.pool, () => loadOrder(t.db, id));
    expect(statements).toHaveLength(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(bundle).toEqual({
      order,
      lines: await t.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position)),
      events: await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id)),
      payment: (await t.db.select().from(payments).where(eq(payments.orderId, id)))[0],
      invoice: (await t.db.select().from(invoices).where(eq(invoices.orderId, id)))[0],
    });
    expect(bundle?.order.createdAt).toBeInstanceOf(Date);
    expect(await loadOrder(t.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
