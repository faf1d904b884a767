import { randomUUID } from 'node:crypto';
import type { Order } from '@shop/contracts/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, payments, stockMovements } from '../src/db/schema.ts';
import { createProduct, setStock, signedInUser, variantStock } from './cart-fixtures.ts';
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
} from './orders-fixtures.ts';

/** Races on the real PostgreSQL (docs/architecture.md §6): every request is its own transaction on the pool. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(MANY_ORDERS);
});
afterAll(() => t.close());

async function unitsSold(productId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(sql`${orderLines.productId} = ${productId} and ${orders.status} <> 'cancelled'`);
  return row?.n ?? 0;
}

describe('no oversell', () => {
  it('50 concurrent orders for the last unit → exactly one 201, 49 × 409, stock 0', async () => {
    const p = await createProduct(t, { available: 1 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }], { payment: i % 2 ? card() : PAY_LATER })),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json().details.lines).toEqual([
        expect.objectContaining({ product_id: p.id, reason: 'insufficient_stock', requested: 1, available: 0 }),
      ]);
    }
    expect(await stockOf(t, p.id)).toBe(0);
    expect(await unitsSold(p.id)).toBe(1);
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id));
    expect(moves.map((m) => m.delta)).toEqual([-1]);
  });

  it('two carts each fine alone but over stock together → exactly one succeeds', async () => {
    const p = await createProduct(t, { available: 5 });
    const [a, b] = await Promise.all([signedInUser(t), signedInUser(t)]);
    await addToCart(t, a.headers, p.id, 3);
    await addToCart(t, b.headers, p.id, 3);
    const answers = await Promise.all([
      placeOrder(t, userBody(), { headers: a.headers }),
      placeOrder(t, userBody({ payment: card() }), { headers: b.headers }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await stockOf(t, p.id)).toBe(2);
    expect(await unitsSold(p.id)).toBe(3);
  });

  it('lines of one variant are checked as one against its stock; a sibling variant has its own', async () => {
    const p = await createProduct(t, { colors: ['Red', 'Blue'] }, [
      { values: ['Red'], available: 3 },
      { values: ['Blue'], available: 3 },
    ]);
    const [red, blue] = p.variants;
    if (!red || !blue) throw new Error('variants missing');
    // Guest: each Red line alone fits (2 ≤ 3), together they do not (4 > 3).
    const guest = await placeOrder(
      t,
      guestBody([
        { product_id: p.id, quantity: 2, color: 'Red' } as never,
        { product_id: p.id, quantity: 2, color: 'red' } as never,
      ]),
    );
    expect(guest.statusCode).toBe(409);
    expect(guest.json().details.lines).toEqual([
      expect.objectContaining({
        product_id: p.id,
        variant_id: red.id,
        reason: 'insufficient_stock',
        requested: 4,
        available: 3,
      }),
    ]);
    // Signed in: the cart's two colour lines, Red's stock lowered after they were added.
    const u = await signedInUser(t);
    for (const [color, quantity] of [
      ['Red', 2],
      ['Blue', 1],
    ] as const) {
      await t.app.inject({
        method: 'POST',
        url: '/api/products/add-to-cart',
        headers: u.headers,
        payload: { product_id: p.id, quantity, color },
      });
    }
    await setStock(t, red.id, 1);
    const mine = await placeOrder(t, userBody(), { headers: u.headers });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().details.lines).toEqual([
      expect.objectContaining({ variant_id: red.id, requested: 2, available: 1 }),
    ]);
    expect(await stockOf(t, p.id)).toBe(4);
    // Lines that fit are one order with two lines, each taken from its own variant.
    const ok = await placeOrder(
      t,
      guestBody([
        { product_id: p.id, quantity: 1, color: 'red' } as never,
        { product_id: p.id, quantity: 3, color: 'Blue' } as never,
      ]),
    );
    expect(ok.statusCode).toBe(201);
    expect((ok.json() as Order).lines.map((l) => [l.color, l.quantity, l.variant_id])).toEqual([
      ['Red', 1, red.id],
      ['Blue', 3, blue.id],
    ]);
    expect([await variantStock(t, red.id), await variantStock(t, blue.id), await stockOf(t, p.id)]).toEqual([0, 0, 0]);
  });

  it('orders over overlapping products in opposite orders never deadlock', async () => {
    const [a, b, c] = await Promise.all([
      createProduct(t, { available: 1000 }),
      createProduct(t, { available: 1000 }),
      createProduct(t, { available: 1000 }),
    ]);
    const sets = [
      [a, b, c],
      [c, b, a],
      [b, a],
      [c, a],
    ];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        placeOrder(t, guestBody((sets[i % 4] ?? []).map((p) => ({ product_id: p.id, quantity: 2 })))),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    for (const p of [a, b, c]) expect((await stockOf(t, p.id)) + (await unitsSold(p.id))).toBe(1000);
  });
});

describe('no double orders', () => {
  it('the same Idempotency-Key sent 10 times in parallel → one order and one payment', async () => {
    const p = await createProduct(t, { available: 100 });
    const body = guestBody([{ product_id: p.id, quantity: 1 }], { payment: card() });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => placeOrder(t, body, { key })));
    const created = answers.filter((r) => r.statusCode === 201);
    // The first places it; the others see it in flight (409) or replay its answer (201, same order).
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.json().id)).size).toBe(1);
    const placed = await t.db
      .select()
      .from(orders)
      .where(eq(orders.email, body.email as string));
    expect(placed).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, placed[0]!.id))).toHaveLength(1);
    expect(await stockOf(t, p.id)).toBe(99);
    // Once settled, every retry gets the order.
    const retry = await placeOrder(t, body, { key });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ id: placed[0]!.id, status: 'paid' });
  });

  it('a signed-in shopper double-submitting with one key buys the cart once', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { available: 100 });
    await addToCart(t, u.headers, p.id, 2);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(t, userBody({ payment: card() }), { headers: u.headers, key })),
    );
    expect(answers.some((r) => r.statusCode === 201)).toBe(true);
    expect(await t.db.select().from(orders).where(eq(orders.userId, u.id))).toHaveLength(1);
    expect(await stockOf(t, p.id)).toBe(98);
  });
});
