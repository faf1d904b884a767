import type { Quote } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../src/db/schema.ts';
import { readCsv } from '../src/modules/admin-catalog-io/csv.ts';
import { multipartFile } from './admin-catalog-fixtures.ts';
import { authHeaders, rowCount } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { guestBody, quote } from './orders-fixtures.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  // One admin runs every import of this file: the per-minute limit is scaled out of the way.
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
  headers = await authHeaders(t, await createUser(t, { role: 'admin' }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const unique = () => Math.random().toString(36).slice(2, 8);

/** The demo's European Union zone. */
const EU = '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b03';

const TAX = {
  prices_include_tax: false,
  name: 'Tax',
  origin_country: null,
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

/** In the base currency (`currency: 'USD'` beside it): the demo gives Germany euros otherwise (currencies.test.ts). */
const BERLIN = {
  name: 'Erika Mustermann',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
};

const productBody = (extra: Record<string, unknown> = {}) => ({
  name: `Paperback ${unique()}`,
  category: 'fashion',
  regular_price: 10,
  published: true,
  available: 5,
  ...extra,
});

describe('a product’s tax class', () => {
  it('is standard unless given, is set on create and changed on update, and is audited', async () => {
    const plain = await call('POST', '/products', productBody());
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().tax_class).toBe('standard');

    const created = await call('POST', '/products', productBody({ tax_class: 'reduced' }));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect(created.json().tax_class).toBe('reduced');
    expect((await call('GET', `/products/${id}`)).json().tax_class).toBe('reduced');

    const updated = await call('PATCH', `/products/${id}`, { tax_class: 'zero' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().tax_class).toBe('zero');
    const [row] = await t.db.select({ taxClass: products.taxClass }).from(products).where(eq(products.id, id));
    expect(row?.taxClass).toBe('zero');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'product.update'));
    expect(entry).toMatchObject({ entityId: id, before: { tax_class: 'reduced' }, after: { tax_class: 'zero' } });
  });

  it('refuses a class the store does not have, or that is not a code, on its field, and saves nothing', async () => {
    const before = await rowCount(t, products);
    const res = await call('POST', '/products', productBody({ tax_class: 'books' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'There is no tax class "books": add it in Settings › Tax',
      details: {
        issues: [{ path: 'body.tax_class', message: 'There is no tax class "books": add it in Settings › Tax' }],
      },
    });
    expect(await rowCount(t, products)).toBe(before);

    const { id } = (await call('POST', '/products', productBody({ tax_class: 'reduced' }))).json();
    const patch = await call('PATCH', `/products/${id}`, { tax_class: 'books', name: 'Renamed' });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().details.issues).toEqual([
      { path: 'body.tax_class', message: 'There is no tax class "books": add it in Settings › Tax' },
    ]);
    const badCode = await call('PATCH', `/products/${id}`, { tax_class: 'Books!' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().details.issues).toContainEqual({
      path: 'body.tax_class',
      message: 'Tax class must be a class code like "reduced"',
    });
    expect((await call('GET', `/products/${id}`)).json()).toMatchObject({ tax_class: 'reduced' });
    expect((await call('GET', `/products/${id}`)).json().name).not.toBe('Renamed');
  });

  it('a variant may have its own class: kept when the grid leaves it out, back to the product’s with null', async () => {
    const created = await call(
      'POST',
      '/products',
      productBody({
        tax_class: 'reduced',
        available: undefined,
        options: [{ name: 'Format', values: ['Paper', 'E-book'] }],
        variants: [{ options: ['Paper'] }, { options: ['E-book'], tax_class: 'standard' }],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id, variants } = created.json();
    expect(variants.map((v: { tax_class: string | null }) => v.tax_class)).toEqual([null, 'standard']);

    // The product form's grid sends no class: each variant keeps its own.
    const grid = variants.map((v: { id: string; options: string[] }) => ({ id: v.id, options: v.options }));
    const kept = await call('PATCH', `/products/${id}`, { variants: grid });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().variants.map((v: { tax_class: string | null }) => v.tax_class)).toEqual([null, 'standard']);

    const refused = await call('PATCH', `/products/${id}`, {
      variants: [grid[0], { ...grid[1], tax_class: 'books' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.issues).toEqual([
      { path: 'body.variants.1.tax_class', message: 'There is no tax class "books": add it in Settings › Tax' },
    ]);

    const reset = await call('PATCH', `/products/${id}`, { variants: [grid[0], { ...grid[1], tax_class: null }] });
    expect(reset.json().variants.map((v: { tax_class: string | null }) => v.tax_class)).toEqual([null, null]);
  });

  it('is what checkout taxes the product at: a reduced product in Germany pays the reduced rate', async () => {
    expect((await call('PUT', '/tax', TAX)).statusCode).toBe(200);
    const book = (await call('POST', '/products', productBody({ tax_class: 'reduced' }))).json();
    const shirt = (await call('POST', '/products', productBody())).json();
    const body = guestBody(
      [
        { product_id: book.id, quantity: 2 },
        { product_id: shirt.id, quantity: 1 },
      ],
      { shipping_address: BERLIN, currency: 'USD', shipping_method: 'express' },
    );
    const res = await quote(t, body);
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json() as Quote;
    // $20.00 of books at 7 %; the shirt and the shipping (standard) at 19 %.
    expect(q.tax_lines).toContainEqual({ name: 'Tax', rate: 7, taxable: 20, amount: 1.4 });
    expect(q.tax_lines.find((l) => l.rate === 19)?.taxable).toBe(10 + q.totals.shipping);
  });
});

describe('the tax class in our CSV', () => {
  const HEADER = 'handle,name,category,tax_class,sku,price,stock';
  const cellsOf = (csv: string) => [...readCsv(csv)].map((r) => r.cells);

  function importCsv(csv: string, mode: 'dry_run' | 'apply') {
    const { payload, headers: multipart } = multipartFile(Buffer.from(csv), {
      filename: 'products.csv',
      contentType: 'text/csv',
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/products/import?format=shop&mode=${mode}`,
      headers: { ...headers, ...multipart },
      payload,
    });
  }

  it('is exported in its own column, and an import sets it or, left empty, keeps it', async () => {
    const handle = `csv-book-${unique()}`;
    const applied = await importCsv(`${HEADER}\n${handle},Atlas,fashion,reduced,${handle}-1,12.00,3\n`, 'apply');
    expect(applied.statusCode, applied.body).toBe(202);
    await t.drain();
    const taxClassOf = async () =>
      (await t.db.select({ c: products.taxClass }).from(products).where(eq(products.slug, handle)))[0]?.c;
    expect(await taxClassOf()).toBe('reduced');

    const exported = await t.app.inject({ url: '/api/admin/products/export?format=shop', headers });
    const [header, ...rows] = cellsOf(exported.body);
    const column = header?.indexOf('tax_class') ?? -1;
    expect(column).toBeGreaterThan(header?.indexOf('product_type') ?? 0);
    expect(rows.find((r) => r[0] === handle)?.[column]).toBe('reduced');
    // Shopify's format has no such column.
    const shopify = await t.app.inject({ url: '/api/admin/products/export?format=shopify', headers });
    expect(cellsOf(shopify.body)[0]).not.toContain('tax_class');

    expect((await importCsv(`${HEADER}\n${handle},Atlas,fashion,,${handle}-1,12.00,3\n`, 'apply')).statusCode).toBe(
      202,
    );
    await t.drain();
    expect(await taxClassOf()).toBe('reduced');
  });

  it('refuses a class the store does not have on the product’s line, and writes nothing', async () => {
    const handle = `csv-comic-${unique()}`;
    const before = await rowCount(t, products);
    const res = await importCsv(`${HEADER}\n${handle},Comic,fashion,books,${handle}-1,5.00,1\n`, 'apply');
    expect(res.statusCode).toBe(422);
    expect(res.json().details.refusals).toEqual([
      { line: 2, reason: 'There is no tax class "books": add it in Settings › Tax' },
    ]);
    expect(await rowCount(t, products)).toBe(before);
  });
});
