import fs from 'node:fs';
import path from 'node:path';
import type { Order, Quote } from '@shop/contracts/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, orders, products, productVariants } from '../src/db/schema.ts';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { guestBody, placeOrder, quote, writeCounts } from './orders-fixtures.ts';
import { pdfText } from './pdf-text.ts';

let t: TestApp;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  adminHeaders = await authHeaders(t, await createUser(t, { role: 'admin' }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: adminHeaders,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The demo's zones: the United States, the European Union. */
const US = '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b02';
const EU = '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b03';

const CLASSES = [
  { code: 'standard', name: 'Standard', rate_percent: 0 },
  { code: 'reduced', name: 'Reduced', rate_percent: 0 },
];
const rate = (zone: string, classCode: string, country: string, region: string | null, percent: number) => ({
  zone_id: zone,
  class_code: classCode,
  country,
  region,
  rate_percent: percent,
  reverse_charge: zone === EU,
});
const TAX = {
  prices_include_tax: false,
  name: 'Tax',
  origin_country: 'US',
  shipping_class: 'standard',
  classes: CLASSES,
  rates: [
    rate(US, 'standard', 'US', 'TX', 6.25),
    rate(EU, 'standard', 'DE', null, 19),
    rate(EU, 'reduced', 'DE', null, 7),
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
const AUSTIN = {
  name: 'Ada Lovelace',
  line1: '1 Congress Ave',
  city: 'Austin',
  region: 'TX',
  postal_code: '78701',
  country: 'US',
};

/** A product in `taxClass` at `cents`, weighing `grams`. */
async function product(cents: number, taxClass = 'standard', grams = 0) {
  const p = await createProduct(t, { salePriceCents: cents });
  await t.db.update(products).set({ taxClass }).where(eq(products.id, p.id));
  await t.db.update(productVariants).set({ weightGrams: grams }).where(eq(productVariants.productId, p.id));
  return p;
}

describe('admin Settings › Tax', () => {
  it('refuses a rate of −1 % or 1,000 %, an undefined class, a rate twice, and a country outside its zone; nothing saved', async () => {
    const before = (await call('GET', '/api/admin/tax')).json();
    const cases: [unknown, string, string][] = [
      [
        { ...TAX, rates: [rate(EU, 'standard', 'DE', null, -1)] },
        'body.rates.0.rate_percent',
        'Rate must not be negative',
      ],
      [
        { ...TAX, rates: [rate(EU, 'standard', 'DE', null, 1000)] },
        'body.rates.0.rate_percent',
        'Rate must be at most 100 %',
      ],
      [{ ...TAX, rates: [rate(EU, 'books', 'DE', null, 7)] }, 'body.rates.0.class_code', 'There is no class books'],
      [
        { ...TAX, rates: [rate(EU, 'standard', 'DE', null, 19), rate(EU, 'standard', 'DE', null, 16)] },
        'body.rates.1',
        'This zone already has a rate for standard in Germany',
      ],
      [
        { ...TAX, classes: [CLASSES[1]] },
        'body.classes',
        'Keep the standard class: products without a class are in it',
      ],
      [
        { ...TAX, rates: [rate(EU, 'standard', 'US', null, 5)] },
        'body.rates.0.country',
        'United States is not in the zone European Union',
      ],
      [
        { ...TAX, rates: [rate('0b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b09', 'standard', 'DE', null, 5)] },
        'body.rates.0.zone_id',
        'That shipping zone does not exist (any more)',
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await call('PUT', '/api/admin/tax', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().details.issues).toContainEqual({ path, message });
    }
    expect((await call('GET', '/api/admin/tax')).json()).toEqual(before);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'tax.update'))).length).toBe(0);
  });
});

describe('tax by destination', () => {
  it('US/TX, prices without tax: 6.25 % on the goods and the shipping by weight, added on top, to the cent', async () => {
    expect((await call('PUT', '/api/admin/tax', TAX)).statusCode).toBe(200);
    const p = await product(2000, 'standard', 1200);
    const body = guestBody([{ product_id: p.id, quantity: 2 }], { shipping_address: AUSTIN });
    const q = (await quote(t, body)).json() as Quote;
    // $40.00 of goods, 2,400 g → $9.99 (2–10 kg); 6.25 %: $2.50 + $0.62 (0.624375).
    expect(q.totals).toEqual({ subtotal: 40, discount: 0, shipping: 9.99, tax: 3.12, total: 53.11 });
    expect(q).toMatchObject({
      tax_rate: 6.25,
      tax_included: false,
      reverse_charge: false,
      tax_lines: [{ name: 'Tax', rate: 6.25, taxable: 49.99, amount: 3.12 }],
    });
    const order = (await placeOrder(t, body)).json() as Order;
    expect(order).toMatchObject({ totals: q.totals, tax_lines: q.tax_lines, tax_included: false });
  });

  it('DE, prices including tax: 19 % and 7 % on a book, express taxed at 19 %; the shopper pays the shelf price', async () => {
    expect((await call('PUT', '/api/admin/tax', { ...TAX, prices_include_tax: true, name: 'VAT' })).statusCode).toBe(
      200,
    );
    const shirt = await product(11_900);
    const book = await product(2140, 'reduced');
    const body = guestBody(
      [
        { product_id: shirt.id, quantity: 1 },
        { product_id: book.id, quantity: 2 },
      ],
      { shipping_address: BERLIN, currency: 'USD', shipping_method: 'express' },
    );
    const q = (await quote(t, body)).json() as Quote;
    // Held in $161.80 of goods and $24.90 express: 19 % of 119.00 → 19.00; 7 % of 42.80 → 2.80;
    // 19 % of 24.90 → 3.98 (3.9756). The total adds nothing: 161.80 + 24.90.
    expect(q.totals).toEqual({ subtotal: 161.8, discount: 0, shipping: 24.9, tax: 25.78, total: 186.7 });
    expect(q).toMatchObject({
      tax_included: true,
      tax_rate: 19,
      tax_lines: [
        { name: 'VAT', rate: 7, taxable: 40, amount: 2.8 },
        { name: 'VAT', rate: 19, taxable: 120.92, amount: 22.98 },
      ],
    });
    const placed = await placeOrder(t, body);
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ totals: q.totals, tax_lines: q.tax_lines, tax_included: true });
    // The confirmation mail lists the same figures: the method, each rate held, the shelf total.
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
    for (const row of [
      'Shipping (Express shipping): $24.90',
      'incl. VAT 7%: $2.80',
      'incl. VAT 19%: $22.98',
      'Total: $186.70',
    ]) {
      expect(mail?.text).toContain(row);
    }
  });

  it('an EU business with a valid VAT number, across a border: 0 % and the reverse-charge note on its invoice', async () => {
    expect((await call('PUT', '/api/admin/tax', { ...TAX, origin_country: 'NL', name: 'VAT' })).statusCode).toBe(200);
    const p = await product(10_000);
    const body = guestBody([{ product_id: p.id, quantity: 1 }], {
      shipping_address: BERLIN,
      currency: 'USD',
      shipping_method: 'express',
      vat_number: 'de 136 695 976',
    });
    const q = (await quote(t, body)).json() as Quote;
    expect(q.totals).toEqual({ subtotal: 100, discount: 0, shipping: 24.9, tax: 0, total: 124.9 });
    expect(q).toMatchObject({ reverse_charge: true, tax_lines: [{ name: 'VAT', rate: 0, taxable: 124.9, amount: 0 }] });
    const order = (await placeOrder(t, body)).json() as Order;
    expect(order).toMatchObject({ reverse_charge: true, vat_number: 'DE136695976' });
    const link = new URL(order.invoice?.pdf_url ?? '', 'http://shop.test');
    const pdf = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Reverse charge: VAT to be accounted for by the recipient');
    expect(text).toContain('DE136695976');
    expect(text).toContain('VAT (0%)');
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
    expect(mail?.text).toContain('Reverse charge: VAT to be accounted for by the recipient');
    expect(mail?.text).toContain('Your VAT number: DE136695976');

    // The same buyer from the shop's own country pays VAT: no border crossed.
    const home = { ...TAX, origin_country: 'DE', name: 'VAT' };
    expect((await call('PUT', '/api/admin/tax', home)).statusCode).toBe(200);
    const domestic = (await quote(t, body)).json() as Quote;
    expect(domestic).toMatchObject({ reverse_charge: false, totals: { tax: 23.73 } });
  });

  it('a VAT number that is not valid for the destination is refused on its field, nothing written', async () => {
    const p = await product(1000);
    const before = await writeCounts(t);
    for (const vat of ['DE123', 'FR40303265045', 'x'.repeat(21)]) {
      const res = await placeOrder(
        t,
        guestBody([{ product_id: p.id, quantity: 1 }], { shipping_address: BERLIN, currency: 'USD', vat_number: vat }),
      );
      expect(res.statusCode, vat).toBe(400);
    }
    const res = await quote(
      t,
      guestBody([{ product_id: p.id, quantity: 1 }], {
        shipping_address: BERLIN,
        currency: 'USD',
        vat_number: 'DE123',
      }),
    );
    expect(res.json()).toMatchObject({
      message: 'That is not a valid VAT number for Germany, where the order goes',
      details: { field: 'vat_number' },
    });
    expect(await writeCounts(t)).toEqual(before);
  });
});

describe('Reports › Tax', () => {
  it('sums the tax lines of the month per zone and rate, in JSON and as CSV for filing', async () => {
    const day = t.clock.now().toISOString().slice(0, 10);
    const url = `/api/admin/reports/tax?from=${day}&to=${day}&group=month`;
    const report = (await call('GET', url)).json();
    const ours = report.rows.filter(
      (r: { zone: string; rate: number }) => r.zone === 'European Union' || r.rate === 6.25,
    );
    const month = `${day.slice(0, 7)}-01`;
    expect(ours).toEqual([
      { period: month, zone: 'European Union', name: 'VAT', rate: 0, orders: 1, taxable: 124.9, tax: 0 },
      { period: month, zone: 'European Union', name: 'VAT', rate: 7, orders: 1, taxable: 40, tax: 2.8 },
      { period: month, zone: 'European Union', name: 'VAT', rate: 19, orders: 1, taxable: 120.92, tax: 22.98 },
      { period: month, zone: 'United States', name: 'Tax', rate: 6.25, orders: 1, taxable: 49.99, tax: 3.12 },
    ]);
    const csv = await call('GET', `${url}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('period,zone,tax,rate_percent,orders,taxable,tax_amount');
    expect(lines).toContain(`${month},European Union,VAT,19,1,120.92,22.98`);
  });
});

describe('migration 0021', () => {
  const file = path.join(import.meta.dirname, '../src/db/migrations/0021_tax_by_destination.sql');

  it('makes the one rate the standard class’s, and gives every earlier order its tax line', async () => {
    const m = await createTestApp();
    try {
      const p = await createProduct(m, { salePriceCents: 1000 });
      const placed = (await placeOrder(m, guestBody([{ product_id: p.id, quantity: 1 }]))).json() as Order;
      // Back to the tables as they were before it: one rate in settings, none kept per order.
      await m.db.execute(sql`alter table store_settings add column tax_rate_basis_points integer`);
      await m.db.execute(sql`update store_settings set tax_rate_basis_points = 650`);
      await m.db.execute(
        sql`alter table store_settings add constraint store_settings_tax_range check (tax_rate_basis_points between 0 and 5000)`,
      );
      await m.db.execute(sql`alter table store_settings drop column tax`);
      await m.db.execute(sql`alter table products drop column tax_class`);
      await m.db.execute(sql`alter table product_variants drop column tax_class`);
      await m.db.execute(sql`alter table orders drop constraint orders_amounts`);
      for (const column of ['tax_included', 'tax_lines', 'vat_number', 'reverse_charge']) {
        await m.db.execute(sql.raw(`alter table orders drop column ${column}`));
      }
      await m.db.execute(
        sql`alter table orders add constraint orders_amounts check (total_cents = subtotal_cents - discount_cents + shipping_cents + tax_cents)`,
      );

      await m.db.execute(sql.raw(fs.readFileSync(file, 'utf8')));

      const { tax } = await m.app.services.settings.current(m.db);
      expect(tax).toMatchObject({ pricesIncludeTax: false, shippingClass: 'standard', rates: [] });
      expect(tax.classes.map((c) => [c.code, c.rateBasisPoints])).toEqual([
        ['standard', 650],
        ['reduced', 650],
        ['zero', 0],
        ['exempt', 0],
      ]);
      const [row] = await m.db.select().from(orders).where(eq(orders.id, placed.id));
      // $10.00 + $5.99 at the order's 8 %: $1.28.
      expect(row).toMatchObject({
        taxIncluded: false,
        reverseCharge: false,
        taxLines: [{ name: 'Tax', zone: 'United States', rateBasisPoints: 800, taxableCents: 1599, taxCents: 128 }],
      });
    } finally {
      await m.close();
    }
  });
});
