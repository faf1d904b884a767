import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  brands,
  catalogImports,
  products,
  productVariants,
  stockMovements,
  uploadedImages,
} from '../src/db/schema.ts';
import { writeCsv } from '../src/modules/admin-catalog-io/csv.ts';
import { multipartFile } from './admin-catalog-fixtures.ts';
import { authHeaders, rowCount } from './cart-fixtures.ts';
import { imageServer, shopifyCatalog } from './fixtures/shopify-catalog.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
let headers: Record<string, string>;
let images: Awaited<ReturnType<typeof imageServer>>;
// One admin runs every import of this file: the per-minute limit is scaled out of the way.
const env = { IMPORT_IMAGES_ALLOW_PRIVATE: 'true', IMPORT_IMAGE_TIMEOUT_MS: '5000', RATE_LIMIT_SCALE: '100' };

beforeAll(async () => {
  [t, images] = await Promise.all([createTestApp({ env }), imageServer()]);
  headers = await authHeaders(t, await createUser(t, { role: 'admin' }));
});
afterAll(async () => {
  await Promise.all([t?.close(), images?.close()]);
});

type Format = 'shop' | 'shopify';

function upload(app: TestApp, h: Record<string, string>, csv: string, query: string) {
  const { payload, headers: multipartHeaders } = multipartFile(Buffer.from(csv), {
    filename: 'products.csv',
    contentType: 'text/csv',
  });
  return app.app.inject({
    method: 'POST',
    url: `/api/admin/products/import?${query}`,
    headers: { ...h, ...multipartHeaders },
    payload,
  });
}

const dryRun = (csv: string, format: Format = 'shop', app = t, h = headers) =>
  upload(app, h, csv, `format=${format}&mode=dry_run`);

/** Applies and waits for the import to finish; answers its record. */
async function apply(csv: string, format: Format = 'shop', app = t, h = headers) {
  const res = await upload(app, h, csv, `format=${format}&mode=apply`);
  if (res.statusCode !== 202) return { res, record: undefined };
  await app.drain();
  const record = await app.app.inject({ url: `/api/admin/products/imports/${res.json().id}`, headers: h });
  return { res, record: record.json() };
}

async function exportCsv(format: Format, app = t, h = headers) {
  const res = await app.app.inject({ url: `/api/admin/products/export?format=${format}`, headers: h });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return res.body;
}

/** Row counts of every table an import writes: an import refused must leave all of them as they were. */
async function tableCounts(app = t) {
  const count = (table: PgTable) => rowCount(app, table);
  return {
    products: await count(products),
    productVariants: await count(productVariants),
    brands: await count(brands),
    stockMovements: await count(stockMovements),
    uploadedImages: await count(uploadedImages),
    catalogImports: await count(catalogImports),
  };
}

describe('a Shopify export of a real-looking catalogue (240 products, pictures from a local server)', () => {
  let fixture: ReturnType<typeof shopifyCatalog>;
  beforeAll(() => {
    fixture = shopifyCatalog(images.base);
  });

  it('dry run: counts what it would create, refuses nothing, writes nothing', async () => {
    const before = await tableCounts();
    const res = await dryRun(fixture.csv, 'shopify');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.refusals).toEqual([]);
    expect(report).toMatchObject({
      format: 'shopify',
      products: { create: fixture.products, update: 0, unchanged: 0 },
      variants: { create: fixture.variants, update: 0, unchanged: 0 },
      brands: { create: fixture.newBrands.length },
      images: { fetch: fixture.images, stored: 0 },
      refusals_total: 0,
    });
    expect(report.rows).toBeGreaterThan(fixture.variants);
    expect(await tableCounts()).toEqual(before);
    expect(images.requests()).toBe(0);
  });

  it('apply: creates the products, variants, brands and pictures, with stock movements and an audit entry', async () => {
    const before = await tableCounts();
    const { res, record } = await apply(fixture.csv, 'shopify');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ state: 'running', format: 'shopify', file_name: 'products.csv' });
    expect(record).toMatchObject({ state: 'done', error: null });
    expect(record.done_rows).toBe(record.total_rows);
    expect(record.summary).toMatchObject({
      products: { create: fixture.products, update: 0, unchanged: 0 },
      variants: { create: fixture.variants, update: 0, unchanged: 0 },
      brands: { create: fixture.newBrands.length },
      images: { fetch: fixture.images, stored: 0 },
    });
    const after = await tableCounts();
    expect(after.products - before.products).toBe(fixture.products);
    expect(after.productVariants - before.productVariants).toBe(fixture.variants);
    expect(after.brands - before.brands).toBe(fixture.newBrands.length);
    // Each picture is stored once, in both sizes, like an admin upload.
    expect(after.uploadedImages - before.uploadedImages).toBe(fixture.images * 2);
    expect(images.requests()).toBe(fixture.images);

    const created = await t.db
      .select({ name: brands.name, slug: brands.slug })
      .from(brands)
      .where(inArray(brands.name, fixture.newBrands));
    expect(created.map((b) => b.name).sort()).toEqual(fixture.newBrands);
    expect(created.find((b) => b.name === 'Harbor & Pine')?.slug).toBe('harbor-pine');

    for (const sample of fixture.samples) {
      const [p] = await t.db.select().from(products).where(eq(products.slug, sample.handle));
      expect(p, sample.handle).toBeDefined();
      expect(p!.name).toBe(sample.name);
      expect(p!.published).toBe(sample.published);
      expect(p!.images).toHaveLength(sample.images);
      for (const img of p!.images) expect(img).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}\/large\.webp$/);
      expect(p!.description).toMatch(/^<p>The .+\.<\/p>\n<ul><li>Free returns<\/li><li>Ships in 2 days<\/li><\/ul>$/);
      const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, p!.id));
      expect(variants).toHaveLength(sample.variants);
      // The roll-up trigger keeps the product's stock the sum of its variants'.
      expect(p!.available).toBe(variants.reduce((s, v) => s + v.available, 0));
    }
    const phone = (await t.db.select().from(products).where(like(products.slug, '%-phone-%')))[0]!;
    expect(phone.options.map((o) => o.name)).toEqual(['Storage', 'Color']);
    expect(phone.colors).toEqual(['Black', 'Silver', 'Blue']);
    expect(phone.categoryId).toBe('electronics');
    const tee = (await t.db.select().from(products).where(like(products.slug, '%-crew-tee-%')))[0]!;
    expect(tee.categoryId).toBe('fashion');
    expect(tee.availableSizes).toEqual(['S', 'M', 'L', 'XL']);

    const movements = await t.db
      .select()
      .from(stockMovements)
      .where(like(stockMovements.note, `%${res.json().id}%`));
    expect(movements.length).toBeGreaterThan(0);
    expect(movements.every((m) => m.reason === 'adjustment' && m.delta > 0 && m.variantId !== null)).toBe(true);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'catalog.import'), eq(auditLog.entityId, res.json().id)));
    expect(audit).toHaveLength(1);
  });

  it('apply again: nothing is created or updated, no picture is fetched again', async () => {
    const before = await tableCounts();
    const requests = images.requests();
    const { record } = await apply(fixture.csv, 'shopify');
    expect(record.state).toBe('done');
    expect(record.summary).toMatchObject({
      products: { create: 0, update: 0, unchanged: fixture.products },
      variants: { create: 0, update: 0, unchanged: fixture.variants },
      brands: { create: 0 },
      images: { fetch: 0, stored: fixture.images },
    });
    expect(images.requests()).toBe(requests);
    const after = await tableCounts();
    expect({ ...after, catalogImports: 0 }).toEqual({ ...before, catalogImports: 0 });
  });

  it('updates what changed: a price and a stock count, with the stock movement of the difference', async () => {
    const [p] = await t.db.select().from(products).where(eq(products.slug, fixture.samples[0]!.handle));
    const [v] = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, p!.id))
      .orderBy(productVariants.position)
      .limit(1);
    // Its row reads `SKU,grams,shopify,qty,deny,manual,price`: a new stock count and price.
    const edited = fixture.csv.replace(
      new RegExp(`(${v!.sku},\\d+,shopify,)(\\d+)(,deny,manual,)([\\d.]+)`),
      (_, a, _qty, b) => `${a}${v!.available + 5}${b}999.00`,
    );
    expect(edited).not.toBe(fixture.csv);
    const { record } = await apply(edited, 'shopify');
    expect(record.summary).toMatchObject({
      products: { create: 0, update: 1, unchanged: fixture.products - 1 },
      variants: { create: 0, update: 1 },
    });
    const [after] = await t.db.select().from(productVariants).where(eq(productVariants.id, v!.id));
    expect(after!.available).toBe(v!.available + 5);
    const [movement] = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.variantId, v!.id), like(stockMovements.note, `%${record.id}%`)));
    expect(movement?.delta).toBe(5);
  });
});

/** A small file of our format; `rows` are objects of its columns. */
const SHOP_HEADER = [
  'handle',
  'name',
  'description',
  'category',
  'subcategory',
  'brand',
  'published',
  'featured',
  'features',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'sku',
  'price',
  'compare_at_price',
  'stock',
  'barcode',
  'weight_grams',
  'variant_image',
  'images',
  'meta_title',
  'meta_description',
];
function shopCsv(rows: Record<string, string>[], { careless = false } = {}): string {
  const csv = writeCsv(
    SHOP_HEADER,
    rows.map((r) => SHOP_HEADER.map((c) => r[c] ?? '')),
  );
  // What a careless spreadsheet saves: formulas without the quote that kept them text.
  return careless ? csv.replace(/'(?=[=+\-@])/g, '') : csv;
}
const tee = (handle: string, extra: Record<string, string> = {}) => [
  {
    handle,
    name: 'Test Tee',
    category: 'fashion',
    option1_name: 'Size',
    option1_value: 'S',
    sku: `${handle}-s`,
    price: '19.99',
    stock: '4',
    ...extra,
  },
  { handle, option1_value: 'M', sku: `${handle}-m`, price: '19.99', stock: '2' },
];

describe('refusals: every bad row with its line, nothing written', () => {
  const cases: [string, () => Promise<string> | string, RegExp][] = [
    [
      'missing handle',
      () => shopCsv([...tee('ok-a'), { name: 'No handle', price: '5', sku: 'nh-1' }]),
      /^line 4: handle is empty/,
    ],
    [
      'duplicate SKU within the file',
      () => shopCsv([...tee('dup-a'), ...tee('dup-b').map((r) => ({ ...r, sku: r.sku.replace('dup-b', 'dup-a') }))]),
      /^line 4: duplicate SKU "dup-a-s": also on line 2/,
    ],
    [
      'SKU owned by another product',
      async () => {
        const [other] = await t.db.select({ sku: productVariants.sku }).from(productVariants).limit(1);
        return shopCsv(tee('owned-a').map((r, i) => (i === 1 ? { ...r, sku: other!.sku } : r)));
      },
      /^line 3: duplicate SKU ".+": it belongs to the product /,
    ],
    [
      'negative price',
      () => shopCsv(tee('neg-a').map((r, i) => (i === 1 ? { ...r, price: '-3.00' } : r))),
      /^line 3: price must not be negative/,
    ],
    [
      'non-numeric price',
      () => shopCsv(tee('nan-a').map((r, i) => (i === 1 ? { ...r, price: 'ten' } : r))),
      /^line 3: price "ten" is not a number/,
    ],
    [
      'unknown option',
      () => shopCsv(tee('opt-a').map((r, i) => (i === 1 ? { ...r, option2_value: 'Red' } : r))),
      /^line 3: unknown option: option2_value is "Red" but the product declares no option2_name/,
    ],
    [
      'option name mismatch across rows',
      () => shopCsv(tee('optn-a').map((r, i) => (i === 1 ? { ...r, option1_name: 'Colour' } : r))),
      /^line 3: option name mismatch: option1_name is "Colour" here but "Size" on line 2/,
    ],
    [
      'formula injection',
      () => shopCsv(tee('fx-a', { name: '=HYPERLINK("http://evil.example","Click")' }), { careless: true }),
      /^line 2: name starts with "=": a spreadsheet would run it as a formula/,
    ],
    [
      'bad image URL',
      () => shopCsv(tee('img-a', { images: 'javascript:alert(1)' })),
      /^line 2: bad image URL "javascript:alert\(1\)": only http and https/,
    ],
    [
      'a 10 MB cell',
      () => shopCsv(tee('big-a', { description: 'x'.repeat(10 * 1024 * 1024) })),
      /^line 2: column 3 holds more than 65536 characters/,
    ],
  ];

  for (const [name, file, reason] of cases) {
    it(`${name}: 422 with its line and reason, nothing written`, async () => {
      const csv = await file();
      const before = await tableCounts();
      const { res } = await apply(csv);
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json();
      expect(body.code).toBe('UNPROCESSABLE');
      const lines = body.details.refusals.map((r: { line: number; reason: string }) => `line ${r.line}: ${r.reason}`);
      expect(
        lines.some((l: string) => reason.test(l)),
        lines.join('\n'),
      ).toBe(true);
      expect(await tableCounts()).toEqual(before);
      // The dry run lists the same refusals, and writes nothing either.
      const dry = await dryRun(csv);
      expect(dry.statusCode).toBe(200);
      expect(dry.json().refusals).toEqual(body.details.refusals);
      expect(await tableCounts()).toEqual(before);
    });
  }

  it('a picture that is not one: the apply fails with its line and writes nothing of the catalogue', async () => {
    const before = await tableCounts();
    const { res, record } = await apply(shopCsv(tee('txt-a', { images: `${images.base}/text.png` })));
    expect(res.statusCode).toBe(202);
    expect(record).toMatchObject({ state: 'failed' });
    expect(record.summary.refusals[0]).toMatchObject({
      line: 2,
      reason: expect.stringContaining('not a picture (text/html)'),
    });
    const after = await tableCounts();
    expect({ ...after, catalogImports: 0 }).toEqual({ ...before, catalogImports: 0 });
  });

  it('refuses loopback pictures unless IMPORT_IMAGES_ALLOW_PRIVATE is set', async () => {
    const strict = await createTestApp();
    try {
      const h = await authHeaders(strict, await createUser(strict, { role: 'admin' }));
      const res = await dryRun(shopCsv(tee('loop-a', { images: `${images.base}/img/a.png` })), 'shop', strict, h);
      expect(res.json().refusals[0].reason).toContain('private and loopback addresses are not fetched');
    } finally {
      await strict.close();
    }
  });

  it('refuses files that are not the format: 400, and an unknown default category', async () => {
    expect((await dryRun('a,b\r\n1,2\r\n')).json().message).toMatch(/no column handle, name, sku, price/);
    expect((await dryRun(Buffer.from([0xff, 0xfe, 0x41]).toString('latin1'))).statusCode).toBe(400);
    const res = await upload(t, headers, shopCsv(tee('dc-a')), 'format=shop&mode=dry_run&default_category=nope');
    expect(res.json().message).toBe('Unknown default category: nope');
  });

  it('puts a product of an unknown category in the default category when one is chosen', async () => {
    const csv = shopCsv(tee('def-a', { category: 'Gadgets' }));
    expect((await dryRun(csv)).json().refusals[0].reason).toMatch(/unknown category "Gadgets"/);
    const res = await upload(t, headers, csv, 'format=shop&mode=dry_run&default_category=electronics');
    expect(res.json()).toMatchObject({ refusals: [], products: { create: 1 } });
  });
});

describe('export', () => {
  it('exports every product and variant, escapes formulas, and staff may not', async () => {
    const { res } = await apply(shopCsv(tee('esc-a', { meta_title: '@cmd -not a formula' })));
    expect(res.statusCode).toBe(202);
    const csv = await exportCsv('shop');
    const [variants] = await t.db.select({ n: sql<number>`count(*)::int` }).from(productVariants);
    expect(csv.split('\r\n').length - 2).toBe(variants!.n);
    expect(csv).toContain(",'@cmd -not a formula,");
    const staff = await authHeaders(t, await createUser(t, { role: 'staff' }));
    expect((await t.app.inject({ url: '/api/admin/products/export', headers: staff })).statusCode).toBe(403);
  });
});

describe('round trip: export → import into an empty shop → export gives the same bytes', () => {
  for (const format of ['shop', 'shopify'] as const) {
    it(`${format} format`, async () => {
      const original = await exportCsv(format);
      const empty = await createTestApp({ env });
      try {
        const h = await authHeaders(empty, await createUser(empty, { role: 'admin' }));
        await empty.db.delete(products);
        const { res, record } = await apply(original, format, empty, h);
        expect(res.statusCode, res.body.slice(0, 2000)).toBe(202);
        expect(record.state, JSON.stringify(record.summary?.refusals?.slice(0, 5))).toBe('done');
        expect(await exportCsv(format, empty, h)).toBe(original);
      } finally {
        await empty.close();
      }
    });
  }
});

describe('progress', () => {
  it('records the import while it waits and runs, readable from another connection, until done', async () => {
    const csv = shopCsv(tee('prog-a'));
    const client = await t.pool.connect();
    try {
      // Another import holds the lock: this one is recorded and waits.
      await client.query('begin');
      await client.query("select pg_advisory_xact_lock(hashtext('shop:catalog-import'))");
      const res = await upload(t, headers, csv, 'format=shop&mode=apply');
      expect(res.statusCode).toBe(202);
      const id = res.json().id;
      const running = await t.app.inject({ url: `/api/admin/products/imports/${id}`, headers });
      expect(running.json()).toMatchObject({ state: 'running', total_rows: 2, done_rows: 0 });
      await client.query('commit');
      await t.drain();
      const done = await t.app.inject({ url: `/api/admin/products/imports/${id}`, headers });
      expect(done.json()).toMatchObject({ state: 'done', total_rows: 2, done_rows: 2 });
    } finally {
      client.release();
    }
    const missing = await t.app.inject({
      url: '/api/admin/products/imports/00000000-0000-4000-8000-000000000000',
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('takes the id the admin page chose, once', async () => {
    const id = '11111111-2222-4333-8444-555555555555';
    const first = await upload(t, headers, shopCsv(tee('id-a')), `format=shop&mode=apply&import_id=${id}`);
    expect(first.json().id).toBe(id);
    await t.drain();
    const again = await upload(t, headers, shopCsv(tee('id-a')), `format=shop&mode=apply&import_id=${id}`);
    expect(again.statusCode).toBe(409);
  });
});
