import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  mailOutbox,
  orderLines,
  orders,
  productSubscribers,
  products,
  stockMovements,
  uploadedImages,
} from '../src/db/schema.ts';
import { createVariantProduct, jpegWithExif, multipartFile, pngImage } from './admin-catalog-fixtures.ts';
import { authHeaders, createProduct, rowCount } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let headers: Record<string, string>;
let staffHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  headers = await authHeaders(t, admin);
  staffHeaders = await authHeaders(t, await createUser(t, { role: 'staff' }));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, payload?: unknown, h = headers) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const unique = () => Math.random().toString(36).slice(2, 8);

async function auditEntries(entityId: string, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
}

describe('creating and updating products', () => {
  it('creates a product with every field, shows it on the storefront at once and audits it', async () => {
    const name = `Trail Jacket ${unique()}`;
    // The storefront list is read first, so a cached page would hide the new product if caches were kept.
    const listUrl = `/api/products?category=fashion&q=${encodeURIComponent(name)}`;
    expect((await t.app.inject({ url: listUrl })).json().items).toEqual([]);
    const res = await call('POST', '/products', {
      name,
      description: 'Waterproof and light.',
      category: 'fashion',
      subcategory: "men's clothing",
      brand: 'nike',
      regular_price: 120,
      percentage_discount: 25,
      images: ['/media/uploads/11111111-1111-4111-8111-111111111111/large.webp'],
      colors: ['Red', 'Navy'],
      available_sizes: ['S', 'M', 'L'],
      features: ['Taped seams', 'Packable hood'],
      featured: [],
      published: true,
      available: 7,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name,
      slug: name.toLowerCase().replace(/ /g, '-'),
      category: 'fashion',
      subcategory: "men's clothing",
      brand: 'nike',
      regular_price: 120,
      sale_price: 90,
      percentage_discount: 25,
      colors: ['Red', 'Navy'],
      available_sizes: ['S', 'M', 'L'],
      features: ['Taped seams', 'Packable hood'],
      available: 7,
      published: true,
      modified_by: admin.email,
      options: [
        { name: 'Color', values: ['Red', 'Navy'] },
        { name: 'Size', values: ['S', 'M', 'L'] },
      ],
    });
    // The lists become options, one variant per combination, the stock split evenly over them.
    expect(created.variants.map((v: { options: string[]; available: number }) => [...v.options, v.available])).toEqual([
      ['Red', 'S', 2],
      ['Red', 'M', 1],
      ['Red', 'L', 1],
      ['Navy', 'S', 1],
      ['Navy', 'M', 1],
      ['Navy', 'L', 1],
    ]);

    const shop = await t.app.inject({ url: `/api/products/${created.id}` });
    expect(shop.statusCode).toBe(200);
    expect(shop.json()).toMatchObject({ name, sale_price: 90, images: created.images });
    const list = await t.app.inject({ url: listUrl });
    expect(list.json().items.map((p: { id: string }) => p.id)).toContain(created.id);

    const [entry] = await auditEntries(created.id, 'product.create');
    expect(entry).toMatchObject({ actorId: admin.id, actorEmail: admin.email, entityType: 'product' });
    expect(entry?.after).toMatchObject({ name, available: 7 });
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.productId, created.id));
    expect(moves.reduce((n, m) => n + m.delta, 0)).toBe(7);
    for (const move of moves) {
      expect(move).toMatchObject({ reason: 'adjustment', note: 'Initial stock', actorId: admin.id });
      expect(created.variants.map((v: { id: string }) => v.id)).toContain(move.variantId);
    }
  });

  it('makes a free slug from the name, keeps sale price and percentage consistent, drafts by default', async () => {
    const name = `Lamp ${unique()}`;
    const first = await call('POST', '/products', { name, category: 'home', regular_price: 19.99, sale_price: 14.99 });
    const second = await call('POST', '/products', { name, category: 'home', regular_price: 10 });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json()).toMatchObject({ sale_price: 14.99, percentage_discount: 25, published: false, available: 0 });
    expect(second.json()).toMatchObject({ sale_price: 10, percentage_discount: 0 });
    expect(second.json().slug).not.toBe(first.json().slug);
    expect(second.json().slug.startsWith(first.json().slug)).toBe(true);
    // A draft is not on the storefront.
    expect((await t.app.inject({ url: `/api/products/${first.json().id}` })).statusCode).toBe(404);
    // A taken slug given by hand is a conflict.
    const taken = await call('POST', '/products', {
      name: 'Other',
      slug: first.json().slug,
      category: 'home',
      regular_price: 1,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/already used/);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = [await rowCount(t, products), await rowCount(t, auditLog), await rowCount(t, stockMovements)];
    const cases: [unknown, number, RegExp][] = [
      [{ name: 'X', category: 'home', regular_price: -1 }, 400, /^Regular price must not be negative$/],
      [{ name: 'X', category: 'home', regular_price: 10, sale_price: -2 }, 400, /^Sale price must not be negative$/],
      [
        { name: 'X', category: 'home', regular_price: 10, sale_price: 12 },
        400,
        /^Sale price must not be greater than the regular price$/,
      ],
      [{ name: 'X', category: 'home', regular_price: 10, available: -5 }, 400, /must not be negative/],
      [{ name: 'X', category: 'home', regular_price: 10, available: 1.5 }, 400, /whole number/],
      [{ name: 'X', category: 'home', regular_price: 10, percentage_discount: 120 }, 400, /at most 100/],
      [{ name: 'X', category: 'home', regular_price: 10, sale_price: 5, percentage_discount: 10 }, 400, /disagree/],
      [{ name: 'X', category: 'home', regular_price: 10.001 }, 400, /2 decimals/],
      [{ name: 'X', category: 'nope', regular_price: 10 }, 400, /Unknown category/],
      [{ name: 'X', category: 'home', subcategory: "men's clothing", regular_price: 10 }, 400, /does not belong/],
      [{ name: 'X', category: 'home', brand: 'nobrand', regular_price: 10 }, 400, /Unknown brand/],
      [{ name: 'X', category: 'home', regular_price: 10, featured: ['no-such-tag'] }, 400, /Unknown featured/],
      [{ name: 'X', category: 'home', regular_price: 10, images: ['https://evil.example/x.png'] }, 400, /uploaded/],
      [{ name: 'X', category: 'home', regular_price: 10, colors: ['Red', 'red'] }, 400, /must not repeat/],
      [{ name: 'X', category: 'home', regular_price: 10, rating_count: 99 }, 400, /Unrecognized key/],
      [{ name: '', category: 'home', regular_price: 10 }, 400, /name is required/],
      [{ name: 'X', category: 'home', regular_price: 10, slug: 'Not A Slug!' }, 400, /slug may contain/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call('POST', '/products', payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), status]);
      expect(res.json().message).toMatch(message);
    }
    expect([await rowCount(t, products), await rowCount(t, auditLog), await rowCount(t, stockMovements)]).toEqual(
      before,
    );
  });

  it('updates fields with before/after in the audit log, refuses unknown fields, keeps prices consistent', async () => {
    const product = await createVariantProduct(t, {
      stock: [100],
      overrides: { regularPriceCents: 10000, salePriceCents: 8000, percentageDiscount: 20 },
    });
    const res = await call('PATCH', `/products/${product.id}`, {
      name: 'Renamed gadget',
      regular_price: 50,
      colors: ['Black'],
      category: 'electronics',
      featured: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    // A new regular price keeps the percentage and recomputes the sale price as the catalogue does.
    expect(res.json()).toMatchObject({
      name: 'Renamed gadget',
      regular_price: 50,
      sale_price: 40,
      percentage_discount: 20,
    });
    const [entry] = await auditEntries(product.id, 'product.update');
    expect(entry?.before).toMatchObject({ name: product.name, regular_price: 100 });
    expect(entry?.after).toMatchObject({ name: 'Renamed gadget', regular_price: 50, colors: ['Black'] });

    const sale = await call('PATCH', `/products/${product.id}`, { sale_price: 45 });
    expect(sale.json()).toMatchObject({ sale_price: 45, percentage_discount: 10 });

    const unknownField = await call('PATCH', `/products/${product.id}`, { sold_count: 1000 });
    expect(unknownField.statusCode).toBe(400);
    const stock = await call('PATCH', `/products/${product.id}`, { available: 5 });
    expect(stock.statusCode).toBe(400);
    const negative = await call('PATCH', `/products/${product.id}`, { regular_price: -3 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toMatch(/must not be negative/);
    const tooHigh = await call('PATCH', `/products/${product.id}`, { sale_price: 60 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toMatch(/^Sale price must not be greater than the regular price$/);
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ regularPriceCents: 5000, salePriceCents: 4500, available: 100, soldCount: 0 });

    expect((await call('PATCH', '/products/00000000-0000-4000-8000-000000000000', { name: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/products/not-a-uuid')).statusCode).toBe(400);
  });

  it('changing the category drops a subcategory of the old one; a given subcategory must belong', async () => {
    const created = (
      await call('POST', '/products', {
        name: `Shoe ${unique()}`,
        category: 'fashion',
        subcategory: "men's clothing",
        regular_price: 50,
      })
    ).json();
    const wrong = await call('PATCH', `/products/${created.id}`, { subcategory: 'furniture' });
    expect(wrong.statusCode).toBe(400);
    const moved = await call('PATCH', `/products/${created.id}`, { category: 'sports' });
    expect(moved.json()).toMatchObject({ category: 'sports', subcategory: null });
  });
});

describe('the product list', () => {
  it('searches, filters, sorts and pages; staff see drafts', async () => {
    const tag = unique();
    const made = [];
    for (const [i, available, published] of [
      [1, 0, true],
      [2, 3, false],
      [3, 50, true],
    ] as const) {
      made.push(
        await createVariantProduct(t, {
          stock: [available],
          sold: [10 - i],
          overrides: {
            name: `Zeta ${tag} ${i}`,
            slug: `zeta-${tag}-${i}`,
            published,
            salePriceCents: i * 1000,
            regularPriceCents: i * 1000,
            percentageDiscount: 0,
          },
        }),
      );
    }
    const list = async (query: string) => {
      const res = await call('GET', `/products?q=${tag}&${query}`, undefined, staffHeaders);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        items: { name: string; published: boolean }[];
        total: number;
        page: number;
        limit: number;
      };
    };
    const names = (l: { items: { name: string }[] }) => l.items.map((p) => p.name.split(' ')[2]);

    expect((await list('sort=name&order=asc')).total).toBe(3);
    expect(names(await list('sort=price&order=desc'))).toEqual(['3', '2', '1']);
    expect(names(await list('sort=stock&order=asc'))).toEqual(['1', '2', '3']);
    expect(names(await list('sort=sold&order=desc'))).toEqual(['1', '2', '3']);
    expect(names(await list('published=false'))).toEqual(['2']);
    expect(names(await list('published=true&sort=name&order=asc'))).toEqual(['1', '3']);
    expect(names(await list('stock=out'))).toEqual(['1']);
    expect(names(await list('stock=low'))).toEqual(['2']);
    expect(names(await list('stock=in_stock&sort=name&order=asc'))).toEqual(['2', '3']);
    expect(names(await list('category=home'))).toEqual([]);
    const slugSearch = await call('GET', `/products?q=zeta-${tag}-3`);
    expect(slugSearch.json().items.map((p: { id: string }) => p.id)).toEqual([made[2]!.id]);

    const page2 = await list('sort=name&order=asc&limit=2&page=2');
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(names(page2)).toEqual(['3']);

    expect((await call('GET', '/products?sort=colour')).statusCode).toBe(400);
    expect((await call('GET', '/products?stock=lots')).statusCode).toBe(400);
    // `%` is a letter in a search, not a wildcard.
    expect((await call('GET', '/products?q=%25%25%25')).json().total).toBe(0);
  });

  it('returns form options (categories with subcategories and featured tags, brands)', async () => {
    const res = await call('GET', '/product-options');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.categories.find((c: { id: string }) => c.id === 'fashion').subcategories).toContainEqual(
      expect.objectContaining({ slug: "men's clothing" }),
    );
    expect(body.brands.map((b: { id: string }) => b.id)).toContain('nike');
  });
});

describe('bulk publish', () => {
  it('publishes and unpublishes several products, audits each and refuses unknown ids', async () => {
    const a = await createProduct(t, { published: false });
    const b = await createProduct(t, { published: false });
    const res = await call('POST', '/products/bulk-publish', { ids: [a.id, b.id], published: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect((await t.app.inject({ url: `/api/products/${a.id}` })).statusCode).toBe(200);
    expect(await auditEntries(b.id, 'product.publish')).toMatchObject([{ after: { published: true } }]);

    const unknown = await call('POST', '/products/bulk-publish', {
      ids: [a.id, '00000000-0000-4000-8000-000000000000'],
      published: false,
    });
    expect(unknown.statusCode).toBe(404);
    const [row] = await t.db.select({ published: products.published }).from(products).where(eq(products.id, a.id));
    expect(row?.published).toBe(true);

    const off = await call('POST', '/products/bulk-publish', { ids: [a.id], published: false });
    expect(off.json()).toEqual({ updated: 1 });
    expect((await t.app.inject({ url: `/api/products/${a.id}` })).statusCode).toBe(404);
    expect((await call('POST', '/products/bulk-publish', { ids: [], published: true })).statusCode).toBe(400);
  });
});

describe('stock adjustments', () => {
  it('adds and removes stock with a reason, records the movement and the audit entry, refuses going below 0', async () => {
    const product = await createVariantProduct(t, { stock: [5] });
    const sku = product.variants[0]!.sku;
    const add = await call('POST', `/products/${product.id}/stock-adjustments`, { delta: 10, reason: 'Delivery 42' });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json()).toMatchObject({
      available: 15,
      variants: [{ id: product.variants[0]!.id, sku, available: 15, delta: 10 }],
      movement: { delta: 10, reason: 'adjustment', note: 'Delivery 42', actor_email: admin.email, sku },
    });
    const remove = await call('POST', `/products/${product.id}/stock-adjustments`, { delta: -20, reason: 'Count' });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(`Not enough stock of ${sku}: 15 in stock, cannot remove 20`);
    for (const bad of [
      { delta: 0, reason: 'x' },
      { delta: 2, reason: ' ' },
      { delta: 1.5, reason: 'x' },
      { delta: 1 },
    ]) {
      expect((await call('POST', `/products/${product.id}/stock-adjustments`, bad)).statusCode).toBe(400);
    }
    const moves = await call('GET', `/products/${product.id}/stock-movements`);
    expect(moves.json()).toMatchObject({
      total: 1,
      items: [{ delta: 10, note: 'Delivery 42', actor_email: admin.email }],
    });
    expect(await auditEntries(product.id, 'stock.adjust')).toMatchObject([
      {
        before: { available: 5 },
        after: { available: 15, delta: 10, reason: 'Delivery 42', variants: [{ sku, delta: 10 }] },
      },
    ]);
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json().available).toBe(15);
  });

  it('never goes below 0 when adjustments race each other', async () => {
    const product = await createVariantProduct(t, { stock: [10] });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', `/products/${product.id}/stock-adjustments`, { delta: -3, reason: 'Race' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    const [row] = await t.db
      .select({ available: products.available })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.available).toBe(1);
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.productId, product.id));
    expect(moves).toHaveLength(3);
  });

  it('mails back-in-stock subscribers when stock comes back from 0', async () => {
    const product = await createVariantProduct(t, { stock: [0] });
    const shopper = await createUser(t);
    await t.db.insert(productSubscribers).values({ productId: product.id, userId: shopper.id });
    const res = await call('POST', `/products/${product.id}/stock-adjustments`, { delta: 4, reason: 'Restock' });
    expect(res.statusCode).toBe(201);
    await t.drain(); // the restock queued the notify-back-in-stock job
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    expect(mails.map((m) => m.subject)).toEqual([`Back in stock: ${product.name}`]);
  });
});

describe('sales figures', () => {
  it('counts units, revenue and orders of sold orders only', async () => {
    const product = await createProduct(t);
    const addOrder = async (
      status: (typeof orders.$inferInsert)['status'],
      quantity: number,
      unitPriceCents: number,
    ) => {
      const total = quantity * unitPriceCents;
      const [order] = await t.db
        .insert(orders)
        .values({
          email: 'buyer@example.com',
          status,
          subtotalCents: total,
          shippingCents: 0,
          taxCents: 0,
          totalCents: total,
          taxRateBasisPoints: 0,
          shippingMethod: 'standard',
          shippingMethodName: 'Standard shipping',
          shippingAddress: {},
        })
        .returning();
      await t.db
        .insert(orderLines)
        .values({ orderId: order!.id, productId: product.id, name: product.name, unitPriceCents, quantity });
      return order!;
    };
    const paid = await addOrder('paid', 2, 1999);
    await addOrder('shipped', 1, 1500);
    await addOrder('cancelled', 5, 1999);
    await addOrder('awaiting_payment', 7, 1999);
    const res = await call('GET', `/products/${product.id}/sales`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ units_sold: 3, revenue: 54.98, orders_count: 2 });
    expect(body.recent).toHaveLength(2);
    expect(body.recent).toContainEqual(
      expect.objectContaining({
        order_number: paid.number,
        quantity: 2,
        unit_price: 19.99,
        total: 39.98,
        status: 'paid',
      }),
    );
    expect((await call('GET', '/products/00000000-0000-4000-8000-000000000000/sales')).statusCode).toBe(404);
  });
});

describe('image uploads', () => {
  const upload = (body: { payload: Buffer; headers: Record<string, string> }, h = headers) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads/images',
      payload: body.payload,
      headers: { ...h, ...body.headers },
    });

  it('resizes a PNG into webp large and thumb variants, served with long cache headers', async () => {
    const res = await upload(multipartFile(await pngImage(1600, 800)));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ width: 1200, height: 600 });
    expect(image.url).toBe(`/media/uploads/${image.id}/large.webp`);
    expect(image.thumb_url).toBe(`/media/uploads/${image.id}/thumb.webp`);

    // Staff see an upload at once, uncached; the public only once a published product shows it.
    for (const [url, width, height] of [
      [image.url, 1200, 600],
      [image.thumb_url, 400, 200],
    ] as const) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
      const served = await t.app.inject({ url: `/api/admin${url}`, headers });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('private, no-store');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height });
    }
    const shown = await call('POST', '/products', {
      name: `Upload product ${unique()}`,
      category: 'home',
      regular_price: 5,
      images: [image.url],
      published: true,
    });
    expect(shown.statusCode, shown.body).toBe(201);
    for (const url of [image.url, image.thumb_url]) {
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const [entry] = await auditEntries(image.id, 'image.upload');
    expect(entry).toMatchObject({ actorId: admin.id, entityType: 'image' });
    expect((await t.app.inject({ url: `/media/uploads/${image.id}/huge.webp` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/media/uploads/00000000-0000-4000-8000-000000000000/large.webp' })).statusCode,
    ).toBe(404);
  });

  it('keeps a small JPEG at its size, drops its metadata, and the product page shows it', async () => {
    const res = await upload(
      multipartFile(await jpegWithExif(300, 200), { filename: 'photo.jpg', contentType: 'image/jpeg' }),
      staffHeaders,
    );
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    const served = await t.app.inject({ url: `/api/admin${image.url}`, headers: staffHeaders });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);

    const created = await call('POST', '/products', {
      name: `Photo product ${unique()}`,
      category: 'home',
      regular_price: 5,
      images: [image.url],
      published: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const shop = await t.app.inject({ url: `/api/products/${created.json().id}` });
    expect(shop.json().images).toEqual([image.url]);
    expect((await t.app.inject({ url: image.url })).statusCode).toBe(200);
  });

  it('accepts AVIF, GIF and WebP by their content, whatever the name says, and refuses TIFF', async () => {
    const base = sharp({ create: { width: 50, height: 40, channels: 3, background: '#336699' } });
    for (const format of ['avif', 'gif', 'webp'] as const) {
      const data = await base.clone().toFormat(format).toBuffer();
      const res = await upload(multipartFile(data, { filename: 'misnamed.txt', contentType: 'text/plain' }));
      expect([format, res.statusCode]).toEqual([format, 201]);
      expect(res.json()).toMatchObject({ width: 50, height: 40 });
    }
    const tiff = await upload(multipartFile(await base.clone().tiff().toBuffer(), { filename: 'scan.png' }));
    expect(tiff.statusCode).toBe(400);
    expect(tiff.json().message).toMatch(/JPEG, PNG, WebP, GIF or AVIF/);
  });

  it('refuses a text file named .png, a file over 5 MB and non-multipart bodies, writing nothing', async () => {
    const before = [await rowCount(t, uploadedImages), await rowCount(t, auditLog)];

    const text = await upload(multipartFile(Buffer.from('just some text, honestly'), { filename: 'fake.png' }));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/not a picture/);

    const svg = await upload(
      multipartFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), {
        filename: 'x.png',
      }),
    );
    expect(svg.statusCode).toBe(400);

    // A real PNG header followed by noise: over 5 MB.
    const big = Buffer.concat([await pngImage(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const large = await upload(multipartFile(big));
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toMatch(/at most 5 MB/);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads/images',
      headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart/);

    const empty = await upload(multipartFile(Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);

    expect([await rowCount(t, uploadedImages), await rowCount(t, auditLog)]).toEqual(before);
  });

  it('refuses anonymous and customer uploads', async () => {
    const body = multipartFile(await pngImage(10, 10));
    expect((await upload(body, {})).statusCode).toBe(401);
    const customer = await createUser(t);
    expect((await upload(body, await authHeaders(t, customer))).statusCode).toBe(403);
  });
});
