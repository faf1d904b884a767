import type { Quote } from '@shop/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { card, createDiscount, guestBody, MANY_ORDERS, placeOrder, quote } from './orders-fixtures.ts';

// Guests' quotes are kept for a moment and dropped by every change they read
// (docs/adr/051-guest-quote-cache.md): the quote after a change prices it, whatever the clock says.
let t: TestApp;
let adminHeaders: Record<string, string>;
let statements = 0;
beforeAll(async () => {
  t = await createTestApp(MANY_ORDERS);
  adminHeaders = await authHeaders(t, await createUser(t, { role: 'admin' }));
  // A quote reads outside any transaction: every statement of it goes through `pool.query`.
  const query = t.pool.query.bind(t.pool);
  // biome-ignore lint/suspicious/noExplicitAny: counting calls only
  (t.pool as any).query = (...args: any[]) => {
    statements++;
    // biome-ignore lint/suspicious/noExplicitAny: see above
    return (query as any)(...args);
  };
});
afterAll(() => t.close());

const admin = (method: 'PATCH' | 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: adminHeaders, payload });

/** A guest's quote, with the statements it sent. */
async function quoted(body: Record<string, unknown>) {
  const before = statements;
  const res = await quote(t, body);
  return { res, quote: res.json() as Quote, statements: statements - before };
}

describe('the guest quote cache', () => {
  it('answers the same body again without a statement, whoever the guest is; a code or an account is always priced', async () => {
    const p = await createProduct(t, { salePriceCents: 2600 });
    const items = [{ product_id: p.id, quantity: 1 }];
    const first = await quoted(guestBody(items));
    expect(first.res.statusCode).toBe(200);
    expect(first.statements).toBeGreaterThan(0);
    const again = await quoted(guestBody(items)); // another e-mail, the same lines and address
    expect(again.quote).toEqual(first.quote);
    expect(again.statements).toBe(0);
    const code = await createDiscount(t);
    const withCode = await quoted(guestBody(items, { discount_code: code.code }));
    expect(withCode.quote.totals.discount).toBe(2.6);
    expect((await quoted(guestBody(items, { discount_code: code.code }))).statements).toBeGreaterThan(0);
  });

  it('sees a price change, a stock change by the owner and by an order, a settings change and a discount change at once', async () => {
    const p = await createProduct(t, { salePriceCents: 2600, regularPriceCents: 3000, available: 3 });
    const items = [{ product_id: p.id, quantity: 2 }];
    expect((await quoted(guestBody(items))).quote.totals.subtotal).toBe(52);

    // The owner's new price.
    const priced = await admin('PATCH', `/products/${p.id}`, { sale_price: 25 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect((await quoted(guestBody(items))).quote.totals.subtotal).toBe(50);

    // An order takes two of the three: two more cannot be had.
    const placed = await placeOrder(t, guestBody(items, { payment: card() }));
    expect(placed.statusCode, placed.body).toBe(201);
    const short = await quoted(guestBody(items));
    expect(short.res.statusCode).toBe(409);
    expect(short.res.json().details.lines).toMatchObject([{ reason: 'insufficient_stock', available: 1 }]);

    // The owner's delivery: in stock again.
    const restocked = await admin('POST', `/products/${p.id}/stock-adjustments`, { delta: 5, reason: 'Delivery' });
    expect(restocked.statusCode, restocked.body).toBe(201);
    const stocked = await quoted(guestBody(items));
    expect(stocked.res.statusCode).toBe(200);
    expect(stocked.quote.tax_rate).toBe(8);

    // A new tax rate for Texas.
    const tax = await admin('PUT', '/tax', {
      prices_include_tax: false,
      name: 'Tax',
      origin_country: 'US',
      shipping_class: 'standard',
      classes: [{ code: 'standard', name: 'Standard', rate_percent: 8 }],
      rates: [
        {
          zone_id: US_ZONE,
          class_code: 'standard',
          country: 'US',
          region: 'TX',
          rate_percent: 6.25,
          reverse_charge: false,
        },
      ],
    });
    expect(tax.statusCode, tax.body).toBe(200);
    expect((await quoted(guestBody(items))).quote.tax_rate).toBe(6.25);

    // A code ended by the owner is refused by the next quote that names it.
    const code = await createDiscount(t);
    expect((await quoted(guestBody(items, { discount_code: code.code }))).res.statusCode).toBe(200);
    const ended = await admin('PATCH', `/discounts/${code.id}`, { active: false });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await quoted(guestBody(items, { discount_code: code.code }))).res.statusCode).toBe(422);
  });
});

/** The demo's United States zone. */
const US_ZONE = '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b02';
