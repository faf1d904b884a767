import { randomUUID } from 'node:crypto';
import type { AdminSettings } from '@shop/contracts/admin-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/db/schema.ts';
import { currentSettings } from './admin-store-fixtures.ts';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { BANK_DETAILS } from './invoice-fixtures.ts';
import { card, guestBody, MANY_ORDERS, placeOrder, stockOf, writeCounts } from './orders-fixtures.ts';

// Pay later is offered only once the shop has saved the bank details its invoices print: without them
// a shopper would get an invoice they cannot pay. The demo seeds its own account.

const NO_BANK = { bank_account_holder: '', bank_account: '', bank_code: '', bank_name: '' } as const;

async function putSettings(t: TestApp, body: AdminSettings) {
  const headers = await authHeaders(t, await createUser(t, { role: 'admin' }));
  const res = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

const offered = async (t: TestApp) =>
  ((await t.app.inject({ url: '/api/checkout/settings' })).json() as { payments: { pay_later: boolean } }).payments
    .pay_later;

describe('pay later follows the bank details', () => {
  let t: TestApp;
  let original: AdminSettings;
  beforeAll(async () => {
    t = await createTestApp(MANY_ORDERS);
    original = await currentSettings(t);
  });
  afterAll(() => t.close());

  it('the demo shop has its own bank details, so pay later is offered', async () => {
    expect(original.bank_account).not.toBe('');
    expect(await offered(t)).toBe(true);
  });

  it('without bank details a pay-later order is refused on payment.method and writes nothing; saved again, the same key places it', async () => {
    await putSettings(t, { ...original, ...NO_BANK });
    try {
      expect(await offered(t)).toBe(false);
      const p = await createProduct(t);
      const before = await writeCounts(t);
      const key = randomUUID();
      const body = guestBody([{ product_id: p.id, quantity: 1 }]);
      const refused = await placeOrder(t, body, { key });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: 'Pay later is not available in this shop: pay by card.',
        code: 'UNPROCESSABLE',
        details: { field: 'payment.method', reason: 'pay_later_unavailable' },
        reason: 'pay_later_unavailable',
        cards: true,
      });
      expect(await writeCounts(t)).toEqual(before);
      expect(await stockOf(t, p.id)).toBe(100);
      const keys = await t.db.select().from(idempotencyKeys);
      expect(keys.filter((k) => k.key === key)).toEqual([]);
      // Cards still work meanwhile.
      expect(
        (await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }], { payment: card() }))).statusCode,
      ).toBe(201);

      await putSettings(t, { ...original, ...BANK_DETAILS });
      expect(await offered(t)).toBe(true);
      const placed = await placeOrder(t, body, { key });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().invoice).toMatchObject({ status: 'open' });
    } finally {
      await putSettings(t, original);
    }
  });
});

describe('a shop without bank details and without a card provider', () => {
  it('says it cannot take orders yet, on payment.method, and writes nothing', async () => {
    const prod = await createTestApp({ env: { ...MANY_ORDERS.env, NODE_ENV: 'production' } });
    try {
      const original = await currentSettings(prod);
      await putSettings(prod, { ...original, ...NO_BANK });
      expect((await prod.app.inject({ url: '/api/checkout/settings' })).json().payments).toEqual({
        card: null,
        stripe_publishable_key: null,
        pay_later: false,
      });
      const p = await createProduct(prod);
      const before = await writeCounts(prod);
      const res = await placeOrder(prod, guestBody([{ product_id: p.id, quantity: 1 }]));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'This shop cannot take orders yet: it has no way to pay set up.',
        code: 'UNPROCESSABLE',
        details: { field: 'payment.method', reason: 'pay_later_unavailable' },
        reason: 'pay_later_unavailable',
        cards: false,
      });
      expect(await writeCounts(prod)).toEqual(before);
    } finally {
      await prod.close();
    }
  });
});
