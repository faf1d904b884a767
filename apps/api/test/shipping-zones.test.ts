import fs from 'node:fs';
import path from 'node:path';
import type { Order, Quote } from '@shop/contracts/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, productVariants } from '../src/db/schema.ts';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ADDRESS, guestBody, placeOrder, quote, writeCounts } from './orders-fixtures.ts';

let t: TestApp;
let adminHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  adminHeaders = await authHeaders(t, await createUser(t, { role: 'admin' }));
  staffHeaders = await authHeaders(t, await createUser(t, { role: 'staff' }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', payload?: unknown, headers = adminHeaders) =>
  t.app.inject({
    method,
    url: '/api/admin/shipping',
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const flat = (code: string, name: string, price: number, freeOver: number | null = null) => ({
  code,
  name,
  estimate: '',
  rate: { kind: 'flat', price },
  free_over: freeOver,
  free_over_basis: 'after_discount',
});

/** The zones these tests ship by: the US by weight, Germany and France, Iceland light parcels only; nowhere else. */
const ZONES = {
  zones: [
    {
      name: 'United States',
      countries: ['US'],
      methods: [
        {
          code: 'standard',
          name: 'Ground',
          estimate: '3–5 business days',
          rate: {
            kind: 'weight',
            bands: [
              { from_grams: 0, to_grams: 1000, price: 5 },
              { from_grams: 1000, to_grams: 5000, price: 8.5 },
              { from_grams: 5000, to_grams: null, price: 12 },
            ],
          },
          free_over: null,
          free_over_basis: 'after_discount',
        },
        flat('express', 'Express', 14.99),
      ],
    },
    {
      name: 'EU',
      countries: ['DE', 'FR'],
      methods: [
        {
          code: 'standard',
          name: 'DHL Paket',
          estimate: '2–4 business days',
          rate: { kind: 'weight', bands: [{ from_grams: 0, to_grams: 2000, price: 4.9 }] },
          free_over: 100,
          free_over_basis: 'after_discount',
        },
        flat('express', 'DHL Express', 9.9),
      ],
    },
    {
      name: 'Iceland',
      countries: ['IS'],
      methods: [
        {
          ...flat('standard', 'Letter post', 0),
          rate: { kind: 'weight', bands: [{ from_grams: 0, to_grams: 2000, price: 7 }] },
        },
      ],
    },
  ],
};

/** In the base currency (`currency: 'USD'` beside it): the demo gives Germany euros otherwise (currencies.test.ts). */
const BERLIN = {
  name: 'Erika Mustermann',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
};

/** A product whose one variant weighs `grams`, at $20.00. */
async function parcel(grams: number) {
  const p = await createProduct(t, { salePriceCents: 2000 });
  await t.db.update(productVariants).set({ weightGrams: grams }).where(eq(productVariants.productId, p.id));
  return p;
}

describe('admin Settings › Shipping', () => {
  it('answers the demo zones, and is for admins only', async () => {
    const res = await call('GET');
    expect(res.statusCode).toBe(200);
    expect(res.json().zones.map((z: { name: string }) => z.name)).toEqual([
      'United States',
      'European Union',
      'United Kingdom',
      'Rest of world',
    ]);
    expect((await call('GET', undefined, staffHeaders)).statusCode).toBe(403);
    expect((await call('PUT', ZONES, staffHeaders)).statusCode).toBe(403);
  });

  it('refuses overlapping bands, a negative rate, an unknown country and a country in two zones; nothing saved', async () => {
    const before = (await call('GET')).json();
    const [us, eu] = ZONES.zones as [(typeof ZONES.zones)[0], (typeof ZONES.zones)[1]];
    const overlapping = {
      ...us,
      methods: [
        {
          ...us.methods[0],
          rate: {
            kind: 'weight',
            bands: [
              { from_grams: 0, to_grams: 1000, price: 5 },
              { from_grams: 500, to_grams: null, price: 8 },
            ],
          },
        },
      ],
    };
    const cases: [unknown, string, string][] = [
      [
        { zones: [overlapping] },
        'body.zones.0.methods.0.rate.bands.1.from',
        'Bands overlap: each band must start at or after the end of the one before (grams)',
      ],
      [
        { zones: [{ ...eu, methods: [flat('express', 'Express', -0.01)] }] },
        'body.zones.0.methods.0.rate.price',
        'Price must not be negative',
      ],
      [{ zones: [{ ...eu, countries: ['Germany'] }] }, 'body.zones.0.countries.0', 'Choose a country from the list'],
      [
        { zones: [eu, { ...us, name: 'Germany', countries: ['DE'] }] },
        'body.zones.1.countries',
        'Germany is already in the zone EU',
      ],
      [
        { zones: [{ ...eu, methods: [flat('pick-up', 'Pick up', 0), flat('pick-up', 'Collect', 0)] }] },
        'body.zones.0.methods.1.code',
        'Two methods of this zone have the code pick-up',
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await call('PUT', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().details.issues).toContainEqual({ path, message });
    }
    expect((await call('GET')).json()).toEqual(before);
  });

  it('saves every zone at once, keeps a zone’s id across saves, and audits before and after', async () => {
    const saved = await call('PUT', ZONES);
    expect(saved.statusCode).toBe(200);
    const zones = saved.json().zones;
    expect(zones.map((z: { name: string }) => z.name)).toEqual(['United States', 'EU', 'Iceland']);
    expect(zones[0].methods[0].rate.bands[2]).toEqual({ from_grams: 5000, to_grams: null, price: 12 });
    const again = await call('PUT', saved.json());
    expect(again.json()).toEqual(saved.json());
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'shipping.update'));
    expect(entries.at(-1)?.after).toEqual(saved.json());
    const setup = await t.app.inject({ url: '/api/admin/setup-checklist', headers: adminHeaders });
    expect(setup.json().steps).toContainEqual(expect.objectContaining({ id: 'shipping', done: true }));
  });
});

describe('checkout by destination', () => {
  beforeAll(async () => {
    expect((await call('PUT', ZONES)).statusCode).toBe(200);
  });

  it('US/TX: standard by weight — 2 × 1.2 kg falls in the 1–5 kg band — with tax, to the cent', async () => {
    const p = await parcel(1200);
    const q = (await quote(t, guestBody([{ product_id: p.id, quantity: 2 }]))).json() as Quote;
    // $40.00 of goods; 2,400 g → $8.50; 8 % on each, rounded half up: $3.20 + $0.68.
    expect(q.totals).toEqual({ subtotal: 40, discount: 0, shipping: 8.5, tax: 3.88, total: 52.38 });
    expect(q.shipping_method).toBe('standard');
    expect(q.shipping_options).toEqual([
      { code: 'standard', name: 'Ground', estimate: '3–5 business days', price: 8.5 },
      { code: 'express', name: 'Express', estimate: '', price: 14.99 },
    ]);
    const order = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 2 }]));
    expect(order.statusCode).toBe(201);
    expect(order.json() as Order).toMatchObject({
      totals: q.totals,
      shipping_method: 'standard',
      shipping_method_name: 'Ground',
    });
  });

  it('DE: the EU zone’s methods and prices; a quote without a method prices the first one offered', async () => {
    const p = await parcel(1200);
    const body = guestBody([{ product_id: p.id, quantity: 1 }], {
      shipping_address: BERLIN,
      currency: 'USD',
      shipping_method: undefined,
    });
    const q = (await quote(t, body)).json() as Quote;
    // $20.00 + $4.90; 8 %: $1.60 + $0.39 (0.392).
    expect(q.totals).toEqual({ subtotal: 20, discount: 0, shipping: 4.9, tax: 1.99, total: 26.89 });
    expect(q.shipping_options.map((o) => [o.code, o.name, o.price])).toEqual([
      ['standard', 'DHL Paket', 4.9],
      ['express', 'DHL Express', 9.9],
    ]);
    expect(q.shipping_method).toBe('standard');
  });

  it('a method that cannot take the order is not offered: the quote prices the next, the order is refused', async () => {
    const p = await parcel(1200);
    // 2,400 g is past DHL Paket's one band (up to 2 kg).
    const body = guestBody([{ product_id: p.id, quantity: 2 }], { shipping_address: BERLIN, currency: 'USD' });
    const q = (await quote(t, body)).json() as Quote;
    expect(q.shipping_options.map((o) => o.code)).toEqual(['express']);
    expect(q.shipping_method).toBe('express');
    expect(q.totals).toEqual({ subtotal: 40, discount: 0, shipping: 9.9, tax: 3.99, total: 53.89 });

    const before = await writeCounts(t);
    const refused = await placeOrder(t, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      reason: 'unknown_shipping_method',
      message: 'That delivery option is not available for this address and order: choose one of DHL Express',
      details: { field: 'shipping_method', options: ['express'] },
    });
    expect(await writeCounts(t)).toEqual(before);
    const placed = await placeOrder(t, { ...body, shipping_method: 'express' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().totals).toEqual(q.totals);
  });

  it('NO: no zone ships there — the quote and the order are refused before payment with the message', async () => {
    const p = await parcel(100);
    const oslo = {
      name: 'Ola Nordmann',
      line1: 'Karl Johans gate 1',
      city: 'Oslo',
      postal_code: '0154',
      country: 'NO',
    };
    const body = guestBody([{ product_id: p.id, quantity: 1 }], { shipping_address: oslo });
    const before = await writeCounts(t);
    for (const res of [await quote(t, body), await placeOrder(t, body)]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        reason: 'not_shippable',
        message: 'We do not ship to Norway.',
        details: { field: 'shipping_address.country', country: 'NO' },
      });
    }
    expect(await writeCounts(t)).toEqual(before);
  });

  it('IS: a zone none of whose methods takes the order says why', async () => {
    const p = await parcel(2500);
    const reykjavik = {
      name: 'Jón Jónsson',
      line1: 'Laugavegur 1',
      city: 'Reykjavík',
      postal_code: '101',
      country: 'IS',
    };
    const res = await quote(t, guestBody([{ product_id: p.id, quantity: 1 }], { shipping_address: reykjavik }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      reason: 'not_shippable',
      message:
        'We cannot ship this order to Iceland: none of our delivery options takes it. Remove some items or contact us.',
    });
  });

  it('an order keeps its method’s name when the owner renames the method', async () => {
    const p = await parcel(100);
    const placed = (
      await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }], { shipping_method: 'express' }))
    ).json() as Order;
    expect(placed.shipping_method_name).toBe('Express');
    const current = (await call('GET')).json();
    current.zones[0].methods[1].name = 'Overnight';
    expect((await call('PUT', current)).statusCode).toBe(200);
    const [row] = await t.db.select({ name: orders.shippingMethodName }).from(orders).where(eq(orders.id, placed.id));
    expect(row?.name).toBe('Express');
    const q = (await quote(t, guestBody([{ product_id: p.id, quantity: 1 }], { shipping_address: ADDRESS }))).json();
    expect(q.shipping_options[1].name).toBe('Overnight');
  });
});

describe('migration 0020', () => {
  const file = path.join(import.meta.dirname, '../src/db/migrations/0020_shipping_zones.sql');

  it('makes the two methods one zone shipping everywhere at the same rates, and names each earlier order’s method', async () => {
    const m = await createTestApp();
    try {
      const p = await createProduct(m, { salePriceCents: 1000 });
      const placed = await placeOrder(
        m,
        guestBody([{ product_id: p.id, quantity: 1 }], { shipping_method: 'express' }),
      );
      expect(placed.statusCode).toBe(201);
      // Back to the tables as they were before it: the methods in settings, no name on the order.
      const before = [
        { id: 'standard', name: 'Post', description: '3–5 days', priceCents: 450, freeOverCents: 4000 },
        { id: 'express', name: 'Courier', description: 'Next day', priceCents: 1200, freeOverCents: null },
      ];
      await m.db.execute(sql`alter table store_settings add column shipping_methods jsonb`);
      await m.db.execute(sql`update store_settings set shipping_methods = ${JSON.stringify(before)}::jsonb`);
      await m.db.execute(sql`alter table store_settings drop column shipping_zones`);
      await m.db.execute(sql`alter table orders drop column shipping_method_name`);

      await m.db.execute(sql.raw(fs.readFileSync(file, 'utf8')));

      const [zone, ...others] = (await m.app.services.settings.current(m.db)).shippingZones;
      expect(others).toEqual([]);
      expect(zone).toMatchObject({ name: 'Everywhere', everywhereElse: true, countries: [], regions: [] });
      expect(zone?.methods).toEqual([
        {
          code: 'standard',
          name: 'Post',
          estimate: '3–5 days',
          rate: { kind: 'flat', priceCents: 450 },
          freeOverCents: 4000,
          afterDiscount: true,
        },
        {
          code: 'express',
          name: 'Courier',
          estimate: 'Next day',
          rate: { kind: 'flat', priceCents: 1200 },
          freeOverCents: null,
          afterDiscount: true,
        },
      ]);
      const [row] = await m.db
        .select({ name: orders.shippingMethodName })
        .from(orders)
        .where(eq(orders.id, placed.json().id));
      expect(row?.name).toBe('Courier');
    } finally {
      await m.close();
    }
  });
});
