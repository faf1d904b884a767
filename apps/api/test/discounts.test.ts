import type { Order } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, discountRedemptions, orders } from '../src/db/schema.ts';
import { TEST_CARDS } from '../src/modules/payments/index.ts';
import { createProduct, signedInUser } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  addToCart,
  card,
  createDiscount,
  guestBody,
  MANY_ORDERS,
  placeOrder,
  quote,
  stockOf,
  userBody,
  writeCounts,
} from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(MANY_ORDERS);
});
afterAll(() => t.close());

async function usedCount(id: string) {
  const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row?.usedCount;
}

describe('discount codes at checkout', () => {
  it('the demo code WELCOME10 takes 10 % off, matched without regard to case', async () => {
    const p = await createProduct(t, { salePriceCents: 2000 });
    const res = await quote(t, guestBody([{ product_id: p.id, quantity: 2 }], { discount_code: ' welcome10 ' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ discount_code: 'WELCOME10', totals: { subtotal: 40, discount: 4 } });
  });

  it('unknown, expired, used-up, not-yet-started codes and a too-small subtotal → 422 with the shopper’s message', async () => {
    const p = await createProduct(t, { salePriceCents: 1000 });
    const now = t.clock.now().getTime();
    const expired = await createDiscount(t, { expiresAt: new Date(now - 1000) });
    const usedUp = await createDiscount(t, { usageLimit: 3, usedCount: 3 });
    const future = await createDiscount(t, { startsAt: new Date(now + 60_000) });
    const inactive = await createDiscount(t, { active: false });
    const minimum = await createDiscount(t, { kind: 'fixed', value: 500, minSubtotalCents: 2500 });
    const cases: [string, string][] = [
      ['NOPE', 'This discount code is not valid'],
      [expired.code, 'This discount code has expired'],
      [usedUp.code, 'This discount code has been used up'],
      [future.code, 'This discount code is not valid'],
      [inactive.code, 'This discount code is not valid'],
      [minimum.code, 'This code needs a subtotal of at least $25.00'],
    ];
    const before = await writeCounts(t);
    for (const [code, message] of cases) {
      const body = guestBody([{ product_id: p.id, quantity: 2 }], { discount_code: code });
      const q = await quote(t, body);
      expect(q.statusCode, code).toBe(422);
      expect(q.json().message).toBe(message);
      const o = await placeOrder(t, body);
      expect(o.statusCode, code).toBe(422);
      expect(o.json().message).toBe(message);
    }
    expect(await writeCounts(t)).toEqual(before);
    expect(await stockOf(t, p.id)).toBe(100);
  });

  it('a fixed amount larger than the subtotal takes the subtotal off, never more', async () => {
    const p = await createProduct(t, { salePriceCents: 1000 });
    const big = await createDiscount(t, { kind: 'fixed', value: 100_000 });
    const res = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }], { discount_code: big.code }));
    expect(res.statusCode).toBe(201);
    // 10.00 − 10.00 = 0 < 50 → shipping 5.99; tax 8 % of 5.99 = 0.4792 → 0.48
    expect((res.json() as Order).totals).toEqual({
      subtotal: 10,
      discount: 10,
      shipping: 5.99,
      tax: 0.48,
      total: 6.47,
    });
  });

  it('a code limited to 1 use, 20 parallel orders → exactly one discounted order', async () => {
    const p = await createProduct(t, { available: 100 });
    const once = await createDiscount(t, { usageLimit: 1 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }], { discount_code: once.code })),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.json().message).toBe('This discount code has been used up');
    expect(await usedCount(once.id)).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.discountCodeId, once.id))).toHaveLength(1);
    expect(
      await t.db.select().from(discountRedemptions).where(eq(discountRedemptions.discountCodeId, once.id)),
    ).toHaveLength(1);
    expect(await stockOf(t, p.id)).toBe(99);
  });

  it('a declined card or a cancel gives the use back', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t);
    const once = await createDiscount(t, { usageLimit: 1 });
    await addToCart(t, u.headers, p.id);
    const declined = await placeOrder(t, userBody({ discount_code: once.code, payment: card(TEST_CARDS.declined) }), {
      headers: u.headers,
    });
    expect(declined.statusCode).toBe(402);
    expect(await usedCount(once.id)).toBe(0);

    const paid = await placeOrder(t, userBody({ discount_code: once.code, payment: card() }), { headers: u.headers });
    expect(paid.statusCode).toBe(201);
    expect(await usedCount(once.id)).toBe(1);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${paid.json().id}/cancel`,
      headers: u.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await usedCount(once.id)).toBe(0);
  });

  it('a discount amount sent by the client is refused; the code alone decides', async () => {
    const p = await createProduct(t);
    const res = await placeOrder(
      t,
      guestBody([{ product_id: p.id, quantity: 1 }], { discount_code: 'WELCOME10', discount: 99 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/discount/);
  });
});
