import fs from 'node:fs';
import path from 'node:path';
import { RICH_TEXT_CHARS } from '@shop/contracts/rich-text';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { categories, products } from '../src/db/schema.ts';
import { EXTERNAL_REL, textToRichText } from '../src/lib/rich-text.ts';
import { readCsv } from '../src/modules/admin-catalog-io/csv.ts';
import { multipartFile } from './admin-catalog-fixtures.ts';
import { authHeaders } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * Descriptions are rich text (docs/adr/044-rich-text.md): sanitized on every write — the product form,
 * categories, imports — refused over the limit, rendered as stored, and exported and imported as HTML;
 * a product's type is saved, exported and imported.
 */
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true, env: { RATE_LIMIT_SCALE: '100' } });
  headers = await authHeaders(t, await createUser(t, { role: 'admin' }));
}, 300_000);
afterAll(() => t?.close());

const call = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const stored = async (id: string) =>
  (
    await t.db
      .select({ description: products.description, productType: products.productType })
      .from(products)
      .where(eq(products.id, id))
  )[0];
const unique = () => Math.random().toString(36).slice(2, 7);

async function newProduct(body: Record<string, unknown> = {}) {
  const res = await call('POST', '/products', {
    name: `Harbour lamp ${unique()}`,
    category: 'home',
    regular_price: 30,
    published: true,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; slug: string; description: string; product_type: string };
}

async function importCsv(csv: string, format: 'shop' | 'shopify') {
  const { payload, headers: multipartHeaders } = multipartFile(Buffer.from(csv), {
    filename: 'products.csv',
    contentType: 'text/csv',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/import?format=${format}&mode=apply`,
    headers: { ...headers, ...multipartHeaders },
    payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  await t.drain();
  const record = await call('GET', `/products/imports/${res.json().id}`);
  expect(record.json(), record.body).toMatchObject({ state: 'done', summary: { refusals_total: 0 } });
}

async function exported(format: 'shop' | 'shopify') {
  const res = await call('GET', `/products/export?format=${format}`);
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The export's rows of one product, only its own (others are left out, so the import touches nothing else). */
function rowsOf(csv: string, handleColumn: string, handle: string): string {
  const [head, ...rows] = [...readCsv(csv)].map((r) => r.cells);
  const at = head!.indexOf(handleColumn);
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return [head!, ...rows.filter((r) => r[at] === handle)].map((r) => r.map(quote).join(',')).join('\r\n');
}

const RICH =
  '<h2>Care</h2><p>Solid <strong>brass</strong>, <em>hand-finished</em>.</p>' +
  '<ul><li>Wipe dry</li><li>No polish</li></ul>' +
  `<p>See <a href="/products?category=home">more lamps</a> or <a href="https://example.com/lamps" rel="${EXTERNAL_REL}">the maker</a>.</p>`;

describe('rich text descriptions', () => {
  it('keep the allowed formatting and lose everything executable, on create and on edit', async () => {
    const product = await newProduct({
      description:
        '<h1 onclick="alert(1)">Care</h1><script>alert(1)</script><p style="color:red">Wipe <b>dry</b>.</p>' +
        '<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><svg onload=alert(1)><text>s</text></svg>',
    });
    const clean = '<h2>Care</h2><p>Wipe <strong>dry</strong>.</p><a>x</a>';
    expect(product.description).toBe(clean);
    expect((await stored(product.id))?.description).toBe(clean);

    const edited = await call('PATCH', `/products/${product.id}`, {
      description: '<p onmouseover="steal()">New <i>text</i></p><iframe src="https://evil.example"></iframe>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await stored(product.id))?.description).toBe('<p>New <em>text</em></p>');

    // Text without any tag, as an API client may send it, is plain text: paragraphs at blank lines.
    const plain = await call('PATCH', `/products/${product.id}`, { description: 'One & two\nthree\n\nFour' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect((await stored(product.id))?.description).toBe('<p>One &amp; two<br />three</p><p>Four</p>');
  });

  it('over the limit are refused with a 400 in the shop’s error shape, and nothing changes', async () => {
    const product = await newProduct({ description: '<p>Kept</p>' });
    const long = `<p>${'x'.repeat(RICH_TEXT_CHARS)}</p>`;
    const res = await call('PATCH', `/products/${product.id}`, { description: long, name: 'Renamed lamp' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `description must be at most ${RICH_TEXT_CHARS} characters`,
    });
    expect((await stored(product.id))?.description).toBe('<p>Kept</p>');
    const created = await call('POST', '/products', {
      name: 'Too long',
      category: 'home',
      regular_price: 1,
      description: long,
    });
    expect(created.statusCode).toBe(400);

    const category = await call('POST', '/categories', { name: `Lamps ${unique()}`, description: long });
    expect(category.statusCode).toBe(400);
    expect(category.json().message).toBe(`description must be at most ${RICH_TEXT_CHARS} characters`);
  });

  it('of categories are sanitized too', async () => {
    const created = await call('POST', '/categories', {
      name: `Lanterns ${unique()}`,
      description: '<p>Lit <strong>by hand</strong></p><script>alert(1)</script><p onclick="x()">Two</p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    const read = async () =>
      (await t.db.select({ d: categories.description }).from(categories).where(eq(categories.id, id)))[0]?.d;
    expect(await read()).toBe('<p>Lit <strong>by hand</strong></p><p>Two</p>');
    const edited = await call('PATCH', `/categories/${id}`, { description: '<h2>New</h2><style>p{}</style>' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await read()).toBe('<h2>New</h2>');
  });

  it('survive save → product page → export → import unchanged, in both formats', async () => {
    const product = await newProduct({ description: RICH, product_type: 'Wall lamps' });
    expect((await stored(product.id))?.description).toBe(RICH);

    const page = await t.app.inject({ url: `/products/${product.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(RICH);
    // The page's meta description is the text.
    expect(page.body).toMatch(/<meta name="description" content="[^"]*Care Solid brass, hand-finished\./);

    for (const [format, handleColumn] of [
      ['shop', 'handle'],
      ['shopify', 'Handle'],
    ] as const) {
      const csv = rowsOf(await exported(format), handleColumn, product.slug);
      expect(csv).toContain('Wall lamps');
      const changed = await call('PATCH', `/products/${product.id}`, {
        description: '<p>Changed</p>',
        product_type: '',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await importCsv(csv, format);
      expect(await stored(product.id), format).toEqual({ description: RICH, productType: 'Wall lamps' });
    }
  });

  it('of an import are sanitized; a plain-text description of our CSV becomes paragraphs', async () => {
    const handle = `imported-lamp-${unique()}`;
    const csv = [
      'handle,name,description,category,sku,price,product_type',
      `${handle},Imported lamp,"Line one\nline two\n\nSecond <b>paragraph</b>",home,SKU-${unique()},12,Desk lamps`,
    ].join('\n');
    await importCsv(csv, 'shop');
    const [row] = await t.db
      .select({ description: products.description, productType: products.productType })
      .from(products)
      .where(eq(products.slug, handle));
    expect(row).toEqual({
      description: 'Line one\nline two\n\nSecond <strong>paragraph</strong>',
      productType: 'Desk lamps',
    });

    const plain = `plain-lamp-${unique()}`;
    await importCsv(
      [
        'handle,name,description,category,sku,price',
        `${plain},Plain lamp,"One & two\n\nThree",home,SKU-${unique()},9`,
      ].join('\n'),
      'shop',
    );
    const [p] = await t.db.select({ d: products.description }).from(products).where(eq(products.slug, plain));
    expect(p?.d).toBe('<p>One &amp; two</p><p>Three</p>');

    const shopify = `shopify-lamp-${unique()}`;
    await importCsv(
      [
        'Handle,Title,Body (HTML),Type,Variant Price',
        `${shopify},Shopify lamp,"<p>Bright</p><script>alert(1)</script><img src=x onerror=alert(1)>",Home,15`,
      ].join('\n'),
      'shopify',
    );
    const [s] = await t.db
      .select({ d: products.description, type: products.productType })
      .from(products)
      .where(eq(products.slug, shopify));
    // "Home" names a category: it places the product and is not its type.
    expect(s).toEqual({ d: '<p>Bright</p>', type: '' });
  });

  it('product type: saved, edited, refused over 100 characters, shown to staff', async () => {
    const product = await newProduct({ product_type: ' Floor lamps ' });
    expect(product.product_type).toBe('Floor lamps');
    const res = await call('PATCH', `/products/${product.id}`, { product_type: 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Product type must be at most 100 characters');
    expect((await stored(product.id))?.productType).toBe('Floor lamps');
    expect((await call('GET', `/products/${product.id}`)).json().product_type).toBe('Floor lamps');
  });
});

describe('migration 0014', () => {
  it('writes plain-text descriptions as textToRichText does', async () => {
    const file = fs.readFileSync(path.join(MIGRATIONS_DIR, '0014_rich_descriptions.sql'), 'utf8');
    const update = file.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "categories"'));
    expect(update).toBeDefined();
    const texts = [
      'One line.',
      'A & B <script>alert(1)</script> > C',
      'First paragraph,\nsecond line.\n\nSecond paragraph.',
      '  spaced  \r\n\r\n\r\n  out \t\n\t\n   ',
      'Windows\r\nlines\r\n\r\nand old Mac\rlines',
      '',
    ];
    for (const [i, text] of texts.entries()) {
      await t.db.insert(categories).values({ id: `migrated-${i}`, name: `Migrated ${i}`, icon: '', description: text });
    }
    await t.db.execute(
      sql.raw(
        update!
          .replace('UPDATE "categories"', 'UPDATE "categories"')
          .replace('WHERE "description" <> \'\'', 'WHERE "description" <> \'\' AND "id" LIKE \'migrated-%\''),
      ),
    );
    for (const [i, text] of texts.entries()) {
      const [row] = await t.db
        .select({ d: categories.description })
        .from(categories)
        .where(eq(categories.id, `migrated-${i}`));
      expect(row?.d, JSON.stringify(text)).toBe(textToRichText(text));
    }
  });
});
