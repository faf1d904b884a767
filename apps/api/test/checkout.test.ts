import { randomBytes } from 'node:crypto';
import type { Order, Quote } from '@shop/contracts/orders';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect } from '../src/db/client.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { discountCodes, products, storeSettings } from '../src/db/schema.ts';
import { seedIfEmpty } from '../src/db/seed/index.ts';
import { createProduct, signedInUser } from './cart-fixtures.ts';
import { withDatabase } from './global-setup.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { addToCart, createDiscount, guestBody, placeOrder, quote, userBody, writeCounts } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cents = (amount: number) => Math.round(amount * 100);

describe('GET /api/checkout/settings', () => {
  it('answers the store settings checkout shows', async () => {
    const settings = await t.app.inject({ url: '/api/checkout/settings' });
    expect(settings.json()).toMatchObject({ currency: 'USD', tax_rate_percent: 8, pay_later_days: 14 });
  });
});

describe('POST /api/checkout/quote', () => {
  it('prices a guest’s items: free standard shipping is judged after the discount; express is never free', async () => {
    const p = await createProduct(t, { salePriceCents: 2600 });
    const items = [{ product_id: p.id, quantity: 2 }];
    // 52.00 ≥ 50 → free standard shipping; tax 8 % of 52 = 4.16
    const plain = (await quote(t, guestBody(items))).json() as Quote;
    expect(plain.totals).toEqual({ subtotal: 52, discount: 0, shipping: 0, tax: 4.16, total: 56.16 });
    expect(plain).toMatchObject({ shipping_method: 'standard', tax_rate: 8, discount_code: null });
    expect(plain.lines).toEqual([
      {
        product_id: p.id,
        // The product's one variant, chosen without asking.
        variant_id: p.variants[0]?.id,
        sku: p.slug,
        name: p.name,
        image: p.images[0],
        unit_price: 26,
        quantity: 2,
        color: null,
        size: null,
        options: [],
        line_total: 52,
      },
    ]);
    // 10 % off → 46.80 < 50 → shipping 5.99; tax 8 % of 52.79 = 4.2232 → 4.22
    const discounted = (await quote(t, guestBody(items, { discount_code: 'WELCOME10' }))).json() as Quote;
    expect(discounted.totals).toEqual({ subtotal: 52, discount: 5.2, shipping: 5.99, tax: 4.22, total: 57.01 });
    const express = (await quote(t, guestBody(items, { shipping_method: 'express' }))).json() as Quote;
    expect(express.totals.shipping).toBe(14.99);
  });

  it('prices the signed-in user’s cart, and refuses items in a signed-in body', async () => {
    const u = await signedInUser(t);
    const p = await createProduct(t, { salePriceCents: 1000 });
    await addToCart(t, u.headers, p.id, 3);
    const res = await quote(t, userBody(), u.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().totals.subtotal).toBe(30);
    const withItems = await quote(t, userBody({ items: [{ product_id: p.id, quantity: 1 }] }), u.headers);
    expect(withItems.statusCode).toBe(400);
    const empty = await quote(t, userBody(), (await signedInUser(t)).headers);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Your cart is empty');
  });

  it('refuses a country name in place of its code on the country field, and saves nothing', async () => {
    const p = await createProduct(t, { salePriceCents: 1000 });
    const before = await writeCounts(t);
    for (const country of ['Germany', 'XX']) {
      const body = guestBody([{ product_id: p.id, quantity: 1 }]);
      const res = await placeOrder(t, { ...body, shipping_address: { ...(body.shipping_address as object), country } });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().details)).toContain('shipping_address.country');
      expect(JSON.stringify(res.json().details)).toContain('Choose a country from the list');
    }
    expect(await writeCounts(t)).toEqual(before);
    const ok = await placeOrder(t, guestBody([{ product_id: p.id, quantity: 1 }]));
    expect(ok.json().shipping_address.country).toBe('US');
  });

  it('refuses a postcode that is not the country’s, or a missing state where the post needs one, on its field', async () => {
    const p = await createProduct(t, { salePriceCents: 1000 });
    const before = await writeCounts(t);
    const body = guestBody([{ product_id: p.id, quantity: 1 }]);
    const home = body.shipping_address as object;
    const cases: [object, string, string][] = [
      [
        { country: 'DE', postal_code: '1234' },
        'postal_code',
        'Postal code is not valid for Germany (for example 10115)',
      ],
      [{ country: 'US', postal_code: '78701', region: undefined }, 'region', 'State is required'],
      [{ country: 'NL', postal_code: '' }, 'postal_code', 'Postal code is required'],
    ];
    for (const [where, field, message] of cases) {
      for (const which of ['shipping_address', 'billing_address']) {
        const res = await placeOrder(t, { ...body, [which]: { ...home, ...where } });
        expect(res.statusCode).toBe(400);
        expect(res.json().details.issues).toContainEqual({ path: `body.${which}.${field}`, message });
      }
    }
    expect(await writeCounts(t)).toEqual(before);
    // Hong Kong has no postcodes: none is asked for.
    const hk = await placeOrder(t, { ...body, shipping_address: { ...home, country: 'hk', postal_code: '' } });
    expect(hk.statusCode).toBe(201);
    expect(hk.json().shipping_address).toMatchObject({ country: 'HK', postal_code: '' });
  });

  it('writes nothing, and the order then charges exactly the quoted totals', async () => {
    const p = await createProduct(t, { salePriceCents: 1337 });
    const body = guestBody([{ product_id: p.id, quantity: 3 }], {
      discount_code: 'WELCOME10',
      shipping_method: 'express',
    });
    const before = await writeCounts(t);
    const q = (await quote(t, body)).json() as Quote;
    expect(await writeCounts(t)).toEqual(before);
    const order = (await placeOrder(t, body)).json() as Order;
    expect(order.totals).toEqual(q.totals);
    expect(order.lines).toEqual(q.lines);
  });

  it('answers 409 with the line when the stock cannot cover it', async () => {
    const p = await createProduct(t, { available: 2 });
    const res = await quote(t, guestBody([{ product_id: p.id, quantity: 3 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().details.lines).toEqual([
      expect.objectContaining({ product_id: p.id, reason: 'insufficient_stock', requested: 3, available: 2 }),
    ]);
  });

  it('follows the store settings (tax rate) once the cache is invalidated', async () => {
    const p = await createProduct(t, { salePriceCents: 10_000 });
    const { tax } = await t.app.services.settings.current(t.db);
    const standard = (rateBasisPoints: number) => ({
      ...tax,
      classes: tax.classes.map((c) => (c.code === 'standard' ? { ...c, rateBasisPoints } : c)),
    });
    await t.db
      .update(storeSettings)
      .set({ tax: standard(1025) })
      .where(eq(storeSettings.id, 1));
    t.app.services.settings.invalidate();
    try {
      const q = (await quote(t, guestBody([{ product_id: p.id, quantity: 1 }]))).json() as Quote;
      expect(q.tax_rate).toBe(10.25);
      expect(q.totals.tax).toBe(10.25);
    } finally {
      await t.db
        .update(storeSettings)
        .set({ tax: standard(800) })
        .where(eq(storeSettings.id, 1));
      t.app.services.settings.invalidate();
    }
  });

  it('totals = Σ line × qty − discount + shipping + tax, never negative, whole cents (random carts and codes)', async () => {
    const catalogue = await Promise.all(
      [1, 99, 1999, 2501, 4999, 12_345].map((salePriceCents) =>
        createProduct(t, { salePriceCents, available: 10_000 }),
      ),
    );
    const codes = [
      null,
      'WELCOME10',
      (await createDiscount(t, { kind: 'percent', value: 33 })).code,
      (await createDiscount(t, { kind: 'fixed', value: 2000 })).code,
      (await createDiscount(t, { kind: 'fixed', value: 999_999 })).code,
    ];
    const line = fc.record({ product: fc.constantFrom(...catalogue), quantity: fc.integer({ min: 1, max: 7 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...codes),
        fc.constantFrom('standard', 'express'),
        async (lines, code, method) => {
          const body = guestBody(
            lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity })),
            { shipping_method: method, ...(code ? { discount_code: code } : {}) },
          );
          const res = await quote(t, body);
          expect(res.statusCode).toBe(200);
          const { totals } = res.json() as Quote;
          const subtotal = lines.reduce((s, l) => s + l.product.salePriceCents * l.quantity, 0);
          const parts = [totals.subtotal, totals.discount, totals.shipping, totals.tax, totals.total].map(cents);
          for (const [i, v] of parts.entries()) {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(Object.values(totals)[i]).toBe(v / 100); // at most two decimals on the wire
          }
          const [s, d, sh, tax, total] = parts as [number, number, number, number, number];
          expect(s).toBe(subtotal);
          expect(d).toBeLessThanOrEqual(s);
          expect(total).toBe(s - d + sh + tax);
          expect(sh).toBe(method === 'express' ? 1499 : s - d >= 5000 ? 0 : 599);
          expect(Math.abs(tax - ((s - d + sh) * 800) / 10_000)).toBeLessThanOrEqual((lines.length + 1) / 2);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('settings seed', () => {
  it('every shop gets the settings, even with SEED=none; demo codes and bank details only come with the demo', async () => {
    const server = inject('pgServerUrl');
    const name = `shop_t_${inject('pgRun')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: withDatabase(server, 'postgres') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = connect(withDatabase(server, name), { warn: () => {} });
    try {
      await applyMigrations(database.pool);
      const quiet = { info: () => {}, warn: () => {} };
      await seedIfEmpty(database.db, { mode: 'none', adminPassword: 'a-long-test-password', log: quiet });
      const [settings] = await database.db.select().from(storeSettings);
      // No bank details: pay later stays off until the owner saves them (the demo seeds its own).
      expect(settings).toMatchObject({ payLaterDays: 14, bankAccount: '' });
      // One rate everywhere, added on top, and one zone shipping everywhere, until the owner draws their own.
      expect(settings?.tax).toMatchObject({ pricesIncludeTax: false, rates: [] });
      expect(settings?.tax.classes[0]).toEqual({ code: 'standard', name: 'Standard', rateBasisPoints: 800 });
      expect(settings?.shippingZones.map((z) => [z.name, z.everywhereElse])).toEqual([['Everywhere', true]]);
      const [codes] = await database.db.select({ n: count() }).from(discountCodes);
      expect(codes?.n).toBe(0);
      const [items] = await database.db.select({ n: count() }).from(products);
      expect(items?.n).toBe(0);
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
