import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  discountCodes,
  invoices,
  orderEvents,
  orderLines,
  orders,
  payments,
  products,
  stockMovements,
} from '../src/db/schema.ts';
import { TEST_CARDS, type TestCard } from '../src/modules/payments/index.ts';
import { createProduct, freshIp, rowCount } from './cart-fixtures.ts';
import type { TestApp } from './helpers.ts';

/**
 * For test files that place many orders from one address to test something else: orders are rate
 * limited per address and per e-mail (security-orders.test.ts), scaled like e2e's.
 */
export const MANY_ORDERS = { env: { RATE_LIMIT_SCALE: '1000' } };

/**
 * Shared by the checkout and order tests: in the demo's United States zone, whose standard shipping
 * for goods without weight is $5.99 (free from $50 after discount) and express $14.99.
 */
export const ADDRESS = {
  name: 'Ada Lovelace',
  line1: '12 Analytical Way',
  city: 'Austin',
  region: 'TX',
  postal_code: '78701',
  country: 'us',
};

/**
 * A demo card as the browser sends it (brand and last 4, never the number), valid until well
 * after any clock the tests use. The demo provider decides by the last 4 (TEST_CARDS).
 */
export const card = (test: TestCard = TEST_CARDS.success) => ({
  method: 'card' as const,
  card: { brand: test.brand, last4: test.last4, exp_month: 12, exp_year: 2099, name: 'Ada Lovelace' },
});
export const PAY_LATER = { method: 'pay_later' as const };

type Headers = Record<string, string>;

export function guestBody(items: { product_id: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  return {
    email: `guest-${randomUUID().slice(0, 8)}@example.com`,
    items,
    shipping_address: ADDRESS,
    shipping_method: 'standard',
    payment: PAY_LATER,
    ...extra,
  };
}

export function userBody(extra: Record<string, unknown> = {}) {
  return { shipping_address: ADDRESS, shipping_method: 'standard', payment: PAY_LATER, ...extra };
}

/** POST /api/orders with a fresh (or given) Idempotency-Key, from 127.0.0.1 or the given address. */
export function placeOrder(
  t: TestApp,
  payload: unknown,
  opts: { headers?: Headers; key?: string | null; ip?: string } = {},
) {
  const key = opts.key === undefined ? randomUUID() : opts.key;
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...opts.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: payload as Record<string, unknown>,
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

/** POST /api/checkout/quote with an order body minus its payment (the quote takes none). */
export function quote(t: TestApp, payload: Record<string, unknown>, headers: Headers = {}) {
  const { payment: _payment, ...body } = payload;
  return t.app.inject({ method: 'POST', url: '/api/checkout/quote', headers, payload: body });
}

export async function addToCart(t: TestApp, headers: Headers, productId: string, quantity = 1) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/add-to-cart',
    headers,
    payload: { product_id: productId, quantity },
  });
  if (res.statusCode !== 200) throw new Error(`add-to-cart failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createDiscount(t: TestApp, overrides: Partial<typeof discountCodes.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(discountCodes)
    .values({ code: `TEST${randomUUID().slice(0, 8).toUpperCase()}`, kind: 'percent', value: 10, ...overrides })
    .returning();
  if (!row) throw new Error('discount not created');
  return row;
}

export async function stockOf(t: TestApp, productId: string): Promise<number> {
  const [p] = await t.db.select({ available: products.available }).from(products).where(eq(products.id, productId));
  return p?.available ?? -1;
}

/** Row counts of everything placing an order writes: equal before and after = nothing written. */
export async function writeCounts(t: TestApp) {
  const [o, l, e, p, i, m] = await Promise.all([
    rowCount(t, orders),
    rowCount(t, orderLines),
    rowCount(t, orderEvents),
    rowCount(t, payments),
    rowCount(t, invoices),
    rowCount(t, stockMovements),
  ]);
  return { orders: o, lines: l, events: e, payments: p, invoices: i, movements: m };
}

/**
 * A fresh product and a guest order of it (admin tests): paid by card unless `payment`
 * says otherwise. Every call makes its own product, so stock assertions never collide.
 */
export async function freshOrder(
  t: TestApp,
  opts: { payment?: unknown; quantity?: number; available?: number; email?: string } = {},
) {
  const product = await createProduct(t, { available: opts.available ?? 10 });
  const body = guestBody([{ product_id: product.id, quantity: opts.quantity ?? 1 }], {
    payment: opts.payment ?? card(),
    ...(opts.email ? { email: opts.email } : {}),
  });
  // Its own client address too: a test that needs many orders is not about the rate limits on them.
  const res = await placeOrder(t, body, { ip: freshIp() });
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`);
  return { product, order: res.json() as { id: string; number: string; email: string; status: string } };
}

/** Moves an order to a status directly (for tests that need an order already in that state). */
export async function forceStatus(t: TestApp, orderId: string, status: (typeof orders.$inferInsert)['status']) {
  await t.db.update(orders).set({ status }).where(eq(orders.id, orderId));
}
