import type { Order, Quote } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, products } from '../src/db/schema.ts';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { createDiscount, guestBody, MANY_ORDERS, placeOrder, quote, writeCounts } from './orders-fixtures.ts';

/**
 * Checkout in the shopper's currency (docs/adr/050-currencies.md), on the demo's settings: a USD base,
 * euros for the euro area and pounds for the UK at 0.92 and 0.79 with prices ending in .99 — and, saved
 * here, yen for Japan at 151.37 without rounding. Every figure below is worked out by hand.
 */

let t: TestApp;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp(MANY_ORDERS);
  adminHeaders = await authHeaders(t, await createUser(t, { role: 'admin' }));
  const { currencies } = await t.app.services.settings.current(t.db);
  await t.app.services.settings.saveCurrencies(t.db, {
    ...currencies,
    presentment: [
      ...currencies.presentment,
      { code: 'JPY', digits: 0, rate: 151.37, rounding: 'none', countries: ['JP'] },
    ],
  });
  await t.app.services.settings.invalidate();
});
afterAll(() => t.close());

const BERLIN = {
  name: 'Erika Mustermann',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
};
const TOKYO = {
  name: 'Aiko Tanaka',
  line1: '1-1 Marunouchi',
  city: 'Chiyoda-ku',
  region: 'Tokyo',
  postal_code: '100-0005',
  country: 'JP',
};

/** The demo's European Union zone. */
const EU = '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b03';

/** A product at `cents` (USD) in `taxClass`. */
async function product(cents: number, taxClass = 'standard') {
  const p = await createProduct(t, { salePriceCents: cents });
  await t.db.update(products).set({ taxClass }).where(eq(products.id, p.id));
  return p;
}

/** Every amount of a quote or an order. */
const amounts = (q: Quote | Order) => [
  ...Object.values(q.totals),
  ...q.lines.flatMap((l) => [l.unit_price, l.line_total]),
  ...q.tax_lines.flatMap((l) => [l.taxable, l.amount]),
];

describe('a JP shopper in yen', () => {
  it('is priced in JPY by country: whole yen everywhere, in the quote, the order and its payment', async () => {
    const p = await product(1999);
    const body = guestBody([{ product_id: p.id, quantity: 2 }], { shipping_address: TOKYO });
    const q = (await quote(t, body)).json() as Quote;
    // $19.99 × 151.37 = ¥3,025.8863 → ¥3,026; international standard $19.99 → ¥3,026 too. Rest of
    // world is taxed at the standard class's 8 %, added on top: 8 % of 6,052 = 484.16 → 484, of 3,026 = 242.08 → 242.
    expect(q.currency).toEqual({ code: 'JPY', digits: 0 });
    expect(q.totals).toEqual({ subtotal: 6052, discount: 0, shipping: 3026, tax: 726, total: 9804 });
    expect(q.lines[0]).toMatchObject({ unit_price: 3026, line_total: 6052 });
    expect(q.shipping_options.map((o) => o.price)).toEqual([3026, 6053]); // $39.99 → ¥6,053.2863
    for (const amount of [...amounts(q), ...q.shipping_options.map((o) => o.price)]) {
      expect(Number.isInteger(amount)).toBe(true);
    }

    const placed = await placeOrder(t, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    expect(order).toMatchObject({ currency: { code: 'JPY', digits: 0 }, totals: q.totals });
    for (const amount of amounts(order)) expect(Number.isInteger(amount)).toBe(true);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    // ¥9,804 ÷ 151.37 = $64.768… → 6,477 cents: what reports count it as.
    expect(row).toMatchObject({ currency: 'JPY', exchangeRate: 151.37, totalCents: 9804, baseTotalCents: 6477 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ currency: 'JPY', amountCents: 9804 });
  });

  it('may choose dollars instead, and is refused a currency the shop does not take; nothing written', async () => {
    const p = await product(1999);
    const usd = (
      await quote(t, guestBody([{ product_id: p.id, quantity: 1 }], { shipping_address: TOKYO, currency: 'usd' }))
    ).json() as Quote;
    expect(usd.currency).toEqual({ code: 'USD', digits: 2 });
    expect(usd.totals.subtotal).toBe(19.99);

    const before = await writeCounts(t);
    for (const currency of ['CHF', 'XAU', 'EURO', '€', '']) {
      const body = guestBody([{ product_id: p.id, quantity: 1 }], { shipping_address: TOKYO, currency });
      const res = await placeOrder(t, body);
      expect(res.statusCode, currency).toBe(400);
      const { details } = res.json();
      expect(details.field ?? details.issues?.[0]?.path, currency).toMatch(/^(body\.)?currency$/);
    }
    const refused = await quote(
      t,
      guestBody([{ product_id: p.id, quantity: 1 }], { shipping_address: TOKYO, currency: 'CHF' }),
    );
    expect(refused.json()).toMatchObject({
      message: 'This shop does not take CHF: choose one of USD, EUR, GBP, JPY',
      details: { field: 'currency', offered: ['USD', 'EUR', 'GBP', 'JPY'] },
    });
    expect(await writeCounts(t)).toEqual(before);
  });
});

describe('a DE shopper in euros', () => {
  it('on the demo’s settings sees prices entered without tax with German VAT in them, and pays exactly those', async () => {
    const shirt = await product(11_900);
    const book = await product(2140, 'reduced');
    const body = guestBody(
      [
        { product_id: shirt.id, quantity: 1 },
        { product_id: book.id, quantity: 2 },
      ],
      { shipping_address: BERLIN, shipping_method: 'express' },
    );
    const q = (await quote(t, body)).json() as Quote;
    // $119.00 + 19 % = $141.61 → × 0.92 = €130.2812 → €130.99; $21.40 + 7 % = $22.90 → €21.068 → €21.99;
    // express $24.90 + 19 % = $29.63 → €27.2596 → €27.26. Held: 19 % of 130.99 → 20.91 and of 27.26 →
    // 4.35; 7 % of 43.98 → 2.88.
    expect(q.lines.map((l) => l.unit_price)).toEqual([130.99, 21.99]);
    expect(q.totals).toEqual({ subtotal: 174.97, discount: 0, shipping: 27.26, tax: 28.14, total: 202.23 });
    expect(q).toMatchObject({ currency: { code: 'EUR', digits: 2 }, tax_included: true });
    const placed = await placeOrder(t, body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ totals: q.totals, tax_lines: q.tax_lines, tax_included: true });
  });

  it('prices including 19 % and 7 % (a book) with express: shelf prices end in .99, the shopper pays them exactly', async () => {
    // Named apart from the demo's EU "VAT", which the order placed before is taxed under in the report.
    const tax = {
      prices_include_tax: true,
      name: 'MwSt',
      origin_country: 'NL',
      shipping_class: 'standard',
      classes: [
        { code: 'standard', name: 'Standard', rate_percent: 0 },
        { code: 'reduced', name: 'Reduced', rate_percent: 0 },
      ],
      rates: [
        { zone_id: EU, class_code: 'standard', country: 'DE', region: null, rate_percent: 19, reverse_charge: false },
        { zone_id: EU, class_code: 'reduced', country: 'DE', region: null, rate_percent: 7, reverse_charge: false },
      ],
    };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/tax', headers: adminHeaders, payload: tax });
    expect(saved.statusCode, saved.body).toBe(200);
    const shirt = await product(11_900);
    const book = await product(2140, 'reduced');
    const body = guestBody(
      [
        { product_id: shirt.id, quantity: 1 },
        { product_id: book.id, quantity: 2 },
      ],
      { shipping_address: BERLIN, shipping_method: 'express' },
    );
    const q = (await quote(t, body)).json() as Quote;
    // $119.00 × 0.92 = €109.48 → €109.99; $21.40 → €19.688 → €19.99; express $24.90 → €22.908 → €22.91
    // (shipping is converted to the cent, not rounded up). Held: 19 % of 109.99 → 17.56 and of 22.91 →
    // 3.66; 7 % of 39.98 → 2.62. The total adds nothing: 149.97 + 22.91.
    expect(q.currency).toEqual({ code: 'EUR', digits: 2 });
    expect(q.lines.map((l) => l.unit_price)).toEqual([109.99, 19.99]);
    expect(q.totals).toEqual({ subtotal: 149.97, discount: 0, shipping: 22.91, tax: 23.84, total: 172.88 });
    expect(q).toMatchObject({
      tax_included: true,
      tax_lines: [
        { name: 'MwSt', rate: 7, taxable: 37.36, amount: 2.62 },
        { name: 'MwSt', rate: 19, taxable: 111.68, amount: 21.22 },
      ],
    });
    const placed = await placeOrder(t, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    expect(order).toMatchObject({ currency: { code: 'EUR', digits: 2 }, totals: q.totals, tax_lines: q.tax_lines });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    // €172.88 ÷ 0.92 = $187.913… → 18,791 cents.
    expect(row).toMatchObject({ currency: 'EUR', exchangeRate: 0.92, baseTotalCents: 18_791 });

    // Reports › Tax adds up in dollars, at the rate the order recorded (× 18,791 / 17,288).
    const day = t.clock.now().toISOString().slice(0, 10);
    const report = await t.app.inject({
      url: `/api/admin/reports/tax?from=${day}&to=${day}&group=month`,
      headers: adminHeaders,
    });
    const eu = report
      .json()
      .rows.filter((r: { zone: string; name: string }) => r.zone === 'European Union' && r.name === 'MwSt');
    expect(eu).toEqual([
      expect.objectContaining({ rate: 7, taxable: 40.61, tax: 2.85 }),
      expect.objectContaining({ rate: 19, taxable: 121.39, tax: 23.06 }),
    ]);
  });

  it('a fixed discount and its minimum are converted to the cent: $5 off from $25 is €4.60 off from €23.00', async () => {
    const code = await createDiscount(t, { kind: 'fixed', value: 500, minSubtotalCents: 2500 });
    const cheap = await product(2000); // €18.40 → €18.99, under €23.00
    const under = await quote(
      t,
      guestBody([{ product_id: cheap.id, quantity: 1 }], { shipping_address: BERLIN, discount_code: code.code }),
    );
    expect(under.statusCode).toBe(422);
    expect(under.json().message).toBe('This code needs a subtotal of at least €23.00');
    const enough = (
      await quote(
        t,
        guestBody([{ product_id: cheap.id, quantity: 2 }], { shipping_address: BERLIN, discount_code: code.code }),
      )
    ).json() as Quote;
    expect(enough.totals).toMatchObject({ subtotal: 37.98, discount: 4.6 });
  });
});
