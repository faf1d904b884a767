import type { Quote } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.ts';
import { authHeaders, rowCount } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { addToCart, guestBody, MANY_ORDERS, quote } from './orders-fixtures.ts';

/**
 * A shop whose base currency is the yen (docs/adr/050-currencies.md): every price, rate and threshold the
 * owner enters is whole yen, and every answer says them so — ¥1,500 is 1500 on the wire, never 15.00.
 * The base is set directly on this test's own database, past the admin rule that wants an empty shop.
 */

let t: TestApp;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp(MANY_ORDERS);
  adminHeaders = await authHeaders(t, await createUser(t, { role: 'admin' }));
  await t.app.services.settings.saveCurrencies(t.db, { base: { code: 'JPY', digits: 0 }, presentment: [] });
  await t.app.services.settings.invalidate();
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: adminHeaders, ...(payload ? { payload } : {}) });

const unique = () => Math.random().toString(36).slice(2, 8);

/** A published product at `price` yen, made through admin Products. */
async function yenProduct(price: number) {
  const name = `Yen Kettle ${unique()}`;
  const res = await admin('POST', '/products', {
    name,
    description: 'Cast iron.',
    category: 'home',
    regular_price: price,
    images: [],
    colors: [],
    available_sizes: [],
    features: [],
    featured: [],
    published: true,
    available: 10,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; regular_price: number; sale_price: number };
}

/** The issues of a 400, by field. */
const issuesOf = (body: string) => (JSON.parse(body).details?.issues ?? []) as { path: string; message: string }[];

describe('a JPY base', () => {
  it('answers a ¥1,500 product as 1500 in admin, on its page, in the listing and in the cart', async () => {
    const p = await yenProduct(1500);
    expect(p).toMatchObject({ regular_price: 1500, sale_price: 1500 });
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ regularPriceCents: 1500, salePriceCents: 1500 });

    expect((await t.app.inject({ url: `/api/products/${p.id}` })).json()).toMatchObject({ sale_price: 1500 });
    const variants = (await t.app.inject({ url: `/api/products/${p.id}/variants` })).json();
    expect(variants.variants[0]).toMatchObject({ price: 1500, compare_at_price: 1500 });

    const listed = await t.app.inject({ url: `/api/products?q=${encodeURIComponent(p.name)}` });
    expect(listed.json().items).toEqual([expect.objectContaining({ id: p.id, sale_price: 1500 })]);
    // The price filters are yen too.
    const within = await t.app.inject({
      url: `/api/products?q=${encodeURIComponent(p.name)}&min_price=1500&max_price=1500`,
    });
    expect(within.json().items.map((i: { id: string }) => i.id)).toEqual([p.id]);
    const below = await t.app.inject({ url: `/api/products?q=${encodeURIComponent(p.name)}&max_price=1499` });
    expect(below.json().items).toEqual([]);

    const shopper = await authHeaders(t, await createUser(t));
    const cart = await addToCart(t, shopper, p.id, 2);
    expect(cart.total_price).toBe(3000);
    expect(cart.cart_items[0].product).toMatchObject({ sale_price: 1500, regular_price: 1500 });
  });

  it('refuses a price of 1500.5 on its field and saves nothing', async () => {
    const before = await rowCount(t, products);
    const res = await admin('POST', '/products', {
      name: `Half Yen ${unique()}`,
      description: 'No such coin.',
      category: 'home',
      regular_price: 1500.5,
      images: [],
      colors: [],
      available_sizes: [],
      features: [],
      featured: [],
      published: true,
      available: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res.body)).toEqual([{ path: 'body.regular_price', message: 'Prices in JPY have no decimals' }]);
    expect(await rowCount(t, products)).toBe(before);

    const p = await yenProduct(2000);
    const patch = await admin('PATCH', `/products/${p.id}`, { sale_price: 1999.9 });
    expect(patch.statusCode).toBe(400);
    expect(issuesOf(patch.body)[0]?.path).toBe('body.sale_price');
    expect((await admin('GET', `/products/${p.id}`)).json()).toMatchObject({ regular_price: 2000, sale_price: 2000 });
  });

  it('keeps a fixed discount of ¥500 and a ¥800 flat rate as whole yen, and a guest quote totals whole yen', async () => {
    const code = `YEN${unique().toUpperCase()}`;
    const created = await admin('POST', '/discounts', { code, kind: 'fixed', value: 500, min_subtotal: 1000 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ value: 500, min_subtotal: 1000 });
    const refused = await admin('POST', '/discounts', { code: `${code}X`, kind: 'fixed', value: 0.5 });
    expect(refused.statusCode).toBe(400);
    expect(issuesOf(refused.body)).toEqual([{ path: 'body.value', message: 'Amounts in JPY have no decimals' }]);

    const zones = {
      zones: [
        {
          name: 'Everywhere',
          everywhere_else: true,
          countries: [],
          methods: [
            {
              code: 'standard',
              name: 'Yamato',
              estimate: '',
              rate: { kind: 'flat', price: 800 },
              free_over: null,
              free_over_basis: 'after_discount',
            },
          ],
        },
      ],
    };
    const saved = await admin('PUT', '/shipping', zones);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().zones[0].methods[0].rate).toEqual({ kind: 'flat', price: 800 });
    const { shippingZones } = await t.app.services.settings.current(t.db);
    expect(shippingZones[0]?.methods[0]?.rate).toEqual({ kind: 'flat', priceCents: 800 });
    const fractional = structuredClone(zones);
    fractional.zones[0]!.methods[0]!.rate.price = 800.25;
    const no = await admin('PUT', '/shipping', fractional);
    expect(no.statusCode).toBe(400);
    expect(issuesOf(no.body)[0]?.path).toBe('body.zones.0.methods.0.rate.price');
    expect((await admin('GET', '/shipping')).json().zones[0].methods[0].rate).toEqual({ kind: 'flat', price: 800 });

    const p = await yenProduct(1500);
    const res = await quote(t, guestBody([{ product_id: p.id, quantity: 1 }], { discount_code: code }));
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json() as Quote;
    expect(q.currency).toEqual({ code: 'JPY', digits: 0 });
    expect(q.totals).toMatchObject({ subtotal: 1500, discount: 500, shipping: 800 });
    expect(q.totals.total).toBe(q.totals.subtotal - q.totals.discount + q.totals.shipping + q.totals.tax);
    for (const amount of Object.values(q.totals)) expect(Number.isInteger(amount)).toBe(true);
  });

  it('the sales report says its amounts are in JPY', async () => {
    const sales = await admin('GET', '/reports/sales');
    expect(sales.statusCode, sales.body).toBe(200);
    expect(sales.json().currency).toEqual({ code: 'JPY', digits: 0 });
  });

  it('exports the catalogue with whole-yen prices', async () => {
    const p = await yenProduct(1234);
    const res = await admin('GET', '/products/export?format=shop');
    expect(res.statusCode).toBe(200);
    const line = res.body
      .split('\n')
      .find((l) => l.includes(p.id) || l.includes(p.name.toLowerCase().replaceAll(' ', '-')));
    expect(line).toContain(',1234,');
    expect(line).not.toContain('12.34');
  });
});
