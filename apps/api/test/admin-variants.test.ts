import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, productVariants, stockMovements } from '../src/db/schema.ts';
import { createVariantProduct } from './admin-catalog-fixtures.ts';
import { authHeaders, rowCount } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

/** The admin product editor's options, variants grid, SEO fields and bulk edit. */

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

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, h = headers) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const unique = () => Math.random().toString(36).slice(2, 8);

interface Variant {
  id: string;
  sku: string;
  options: string[];
  price: number | null;
  compare_at_price: number | null;
  available: number;
  sold_count: number;
  image: string | null;
  barcode: string | null;
  weight_grams: number | null;
}

/** The grid row the editor sends back for a loaded variant, with changes. */
const gridRow = (v: Variant, changes: Partial<Variant> & { expected_available?: number } = {}) => ({
  id: v.id,
  sku: v.sku,
  options: v.options,
  price: v.price,
  compare_at_price: v.compare_at_price,
  available: v.available,
  expected_available: v.available,
  image: v.image,
  barcode: v.barcode,
  weight_grams: v.weight_grams,
  ...changes,
});

const colourSize = [
  { name: 'Colour', values: ['Red', 'Blue'] },
  { name: 'Size', values: ['S', 'M', 'L'] },
];

async function createTee(extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/products', {
    name: `Tee ${unique()}`,
    category: 'fashion',
    regular_price: 20,
    published: true,
    options: colourSize,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; slug: string; variants: Variant[]; available: number };
}

async function storedVariants(productId: string) {
  return t.db.select().from(productVariants).where(eq(productVariants.productId, productId));
}

async function counts() {
  return Promise.all([
    rowCount(t, products),
    rowCount(t, productVariants),
    rowCount(t, stockMovements),
    rowCount(t, auditLog),
  ]);
}

describe('options and the variants grid', () => {
  it('creates Colour × Size variants, sets stock per variant as movements, and the product sums them', async () => {
    const tee = await createTee();
    expect(tee.variants.map((v) => v.options.join('/'))).toEqual([
      'Red/S',
      'Red/M',
      'Red/L',
      'Blue/S',
      'Blue/M',
      'Blue/L',
    ]);
    expect(tee.variants.map((v) => v.sku)).toEqual(
      ['s', 'm', 'l', 's', 'm', 'l'].map((s, i) => `${tee.slug}-${i < 3 ? 'red' : 'blue'}-${s}`),
    );
    expect(tee).toMatchObject({ available: 0, colors: ['Red', 'Blue'], available_sizes: ['S', 'M', 'L'] });

    const stock = [3, 0, 5, 1, 2, 4];
    const res = await call('PATCH', `/products/${tee.id}`, {
      variants: tee.variants.map((v, i) => gridRow(v, { available: stock[i] })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().variants.map((v: Variant) => v.available)).toEqual(stock);
    expect(res.json().available).toBe(15);
    // The storefront's product shape reads the roll-up.
    expect((await t.app.inject({ url: `/api/products/${tee.id}` })).json()).toMatchObject({
      available: 15,
      in_stock: true,
    });

    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.productId, tee.id));
    expect(moves).toHaveLength(5);
    for (const move of moves) {
      const index = tee.variants.findIndex((v) => v.id === move.variantId);
      expect(move).toMatchObject({ reason: 'adjustment', actorId: admin.id, delta: stock[index] });
    }
    const history = await call('GET', `/products/${tee.id}/stock-movements`);
    expect(history.json().items[0]).toMatchObject({ reason: 'adjustment', sku: expect.stringContaining(tee.slug) });

    // An adjustment names its variant; only that variant's stock moves.
    const precise = await call('POST', `/products/${tee.id}/stock-adjustments`, {
      delta: 2,
      reason: 'Count',
      variant_id: tee.variants[1]!.id,
    });
    expect(precise.statusCode, precise.body).toBe(201);
    expect(precise.json()).toMatchObject({
      available: 17,
      variants: [{ id: tee.variants[1]!.id, available: 2, delta: 2 }],
      movement: { sku: tee.variants[1]!.sku, delta: 2 },
    });
    const tooMany = await call('POST', `/products/${tee.id}/stock-adjustments`, {
      delta: -3,
      reason: 'Count',
      variant_id: tee.variants[1]!.id,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(`Not enough stock of ${tee.variants[1]!.sku}: 2 in stock, cannot remove 3`);
    const foreign = await call('POST', `/products/${tee.id}/stock-adjustments`, {
      delta: 1,
      reason: 'Count',
      variant_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(foreign.statusCode).toBe(404);

    // The product-wide form (before variants): removed from the variants in order, each recorded.
    const wide = await call('POST', `/products/${tee.id}/stock-adjustments`, { delta: -4, reason: 'Shrinkage' });
    expect(wide.statusCode, wide.body).toBe(201);
    expect(wide.json().available).toBe(13);
    expect(wide.json().variants.map((v: { delta: number }) => v.delta)).toEqual([-3, -1]);
    expect(wide.json().movements).toHaveLength(2);
    const all = await call('POST', `/products/${tee.id}/stock-adjustments`, { delta: -14, reason: 'Too much' });
    expect(all.statusCode).toBe(409);
    expect(all.json().message).toBe('Not enough stock: 13 in stock, cannot remove 14');
  });

  it('creates a product from a grid with its own prices, images, barcodes and weights', async () => {
    const image = '/media/uploads/11111111-1111-4111-8111-111111111111/large.webp';
    const res = await call('POST', '/products', {
      name: `Phone ${unique()}`,
      category: 'electronics',
      regular_price: 800,
      options: [{ name: 'Storage', values: ['256GB', '512GB'] }],
      variants: [
        { options: ['256GB'], sku: `PH-256-${unique()}`, available: 4, barcode: '0123456789012', weight_grams: 180 },
        { options: ['512gb'], price: 950, compare_at_price: 999, available: 0, image },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.variants).toMatchObject([
      { options: ['256GB'], price: null, available: 4, barcode: '0123456789012', weight_grams: 180 },
      { options: ['512GB'], price: 950, compare_at_price: 999, available: 0, image, sku: `${body.slug}-512gb` },
    ]);
    expect(body).toMatchObject({ available: 4, colors: [], available_sizes: [] });
  });

  it('a product without options has exactly one variant, whose SKU can be changed', async () => {
    const res = await call('POST', '/products', {
      name: `Mug ${unique()}`,
      category: 'home',
      regular_price: 9,
      available: 6,
    });
    expect(res.statusCode, res.body).toBe(201);
    const mug = res.json();
    expect(mug.variants).toMatchObject([{ sku: mug.slug, options: [], available: 6 }]);
    const sku = `MUG-${unique()}`;
    const renamed = await call('PATCH', `/products/${mug.id}`, { variants: [gridRow(mug.variants[0], { sku })] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().variants).toMatchObject([{ id: mug.variants[0].id, sku, available: 6 }]);

    const two = await call('PATCH', `/products/${mug.id}`, { variants: [{ options: [] }, { options: [] }] });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toMatch(/same options/);
  });

  it('refuses a stale stock figure (sold in between) naming the SKU, and keeps a sale when stock was not touched', async () => {
    const tee = await createTee({ variants: undefined, available: 12 });
    const loaded = tee.variants; // 2 each
    const sold = loaded[0]!;
    // An order takes one unit after the editor loaded the product.
    await t.db
      .update(productVariants)
      .set({ available: sql`${productVariants.available} - 1`, soldCount: sql`${productVariants.soldCount} + 1` })
      .where(eq(productVariants.id, sold.id));
    const before = await counts();

    const stale = await call('PATCH', `/products/${tee.id}`, {
      variants: loaded.map((v, i) => gridRow(v, i === 0 ? { available: 10 } : {})),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain(sold.sku);
    expect(stale.json().message).toMatch(/changed while you were editing/);
    expect(await counts()).toEqual(before);

    // Sending the figure it loaded (untouched) changes the price, never the stock the order took.
    const priced = await call('PATCH', `/products/${tee.id}`, {
      variants: loaded.map((v, i) => gridRow(v, i === 0 ? { price: 25 } : {})),
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().variants[0]).toMatchObject({ price: 25, available: 1, sold_count: 1 });
    expect(priced.json().available).toBe(11);

    // Without the figure it loaded, a stock change is refused.
    const unchecked = await call('PATCH', `/products/${tee.id}`, {
      variants: loaded.map((v, i) => gridRow(v, i === 1 ? { available: 9, expected_available: undefined } : {})),
    });
    expect(unchecked.statusCode).toBe(400);
    expect(unchecked.json().message).toMatch(/expected_available/);
  });

  it('refuses a duplicate SKU, in the request or against another product, naming it and writing nothing', async () => {
    const other = await createVariantProduct(t, { stock: [1] });
    const tee = await createTee();
    const before = await counts();
    const twice = await call('PATCH', `/products/${tee.id}`, {
      variants: tee.variants.map((v, i) => gridRow(v, i < 2 ? { sku: 'DUP-1' } : {})),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The SKU DUP-1 is given to more than one variant');

    const taken = await call('PATCH', `/products/${tee.id}`, {
      variants: tee.variants.map((v, i) => gridRow(v, i === 0 ? { sku: other.variants[0]!.sku } : {})),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`The SKU ${other.variants[0]!.sku} is already used by another product`);

    const created = await call('POST', '/products', {
      name: 'Clash',
      category: 'home',
      regular_price: 1,
      variants: [{ options: [], sku: other.variants[0]!.sku }],
    });
    expect(created.statusCode).toBe(409);
    expect(await counts()).toEqual(before);

    // Swapping two SKUs of one product is fine (no half-way unique clash).
    const [a, b] = tee.variants;
    const swapped = await call('PATCH', `/products/${tee.id}`, {
      variants: tee.variants.map((v) =>
        gridRow(v, v.id === a!.id ? { sku: b!.sku } : v.id === b!.id ? { sku: a!.sku } : {}),
      ),
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(
      swapped
        .json()
        .variants.slice(0, 2)
        .map((v: Variant) => v.sku),
    ).toEqual([b!.sku, a!.sku]);
  });

  it('keeps variants (ids, stock) when options change; refuses to drop one with stock, drops an empty one', async () => {
    const tee = await createTee({ available: 6 }); // 1 each
    const ids = tee.variants.map((v) => v.id);
    const material = { name: 'Material', values: ['Cotton', 'Linen'] };
    const added = await call('PATCH', `/products/${tee.id}`, { options: [...colourSize, material] });
    expect(added.statusCode, added.body).toBe(200);
    const grown: Variant[] = added.json().variants;
    expect(grown).toHaveLength(12);
    // The stored variants are the Cotton ones now, with their stock and ids.
    const cotton = grown.filter((v) => v.options[2] === 'Cotton');
    expect(cotton.map((v) => v.id)).toEqual(ids);
    expect(cotton.every((v) => v.available === 1)).toBe(true);
    expect(added.json().available).toBe(6);

    // Dropping Large: its variants have stock, so the change is refused and names them.
    const before = await counts();
    const refused = await call('PATCH', `/products/${tee.id}`, {
      options: [{ name: 'Colour', values: ['Red', 'Blue'] }, { name: 'Size', values: ['S', 'M'] }, material],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(tee.variants[2]!.sku);
    expect(await counts()).toEqual(before);

    // Dropping Linen (no stock, no sales) removes those variants; Cotton ones stay.
    const dropped = await call('PATCH', `/products/${tee.id}`, { options: colourSize });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().variants.map((v: Variant) => v.id)).toEqual(ids);
    expect(dropped.json()).toMatchObject({ available: 6, colors: ['Red', 'Blue'], available_sizes: ['S', 'M', 'L'] });

    // The documented lists still work: a new colour list updates the Colour option and its variants.
    const listed = await call('PATCH', `/products/${tee.id}`, { colors: ['Red', 'Blue', 'Green'] });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().options[0]).toEqual({ name: 'Colour', values: ['Red', 'Blue', 'Green'] });
    expect(listed.json().variants).toHaveLength(9);
  });

  it('stores SEO fields and refuses bad ones, a bad grid and unknown values with 4xx and no change', async () => {
    const tee = await createTee();
    const seo = await call('PATCH', `/products/${tee.id}`, {
      slug: `seo-tee-${unique()}`,
      meta_title: 'The best tee',
      meta_description: 'Soft cotton tee in two colours.',
    });
    expect(seo.statusCode, seo.body).toBe(200);
    expect(seo.json()).toMatchObject({
      meta_title: 'The best tee',
      meta_description: 'Soft cotton tee in two colours.',
    });
    const cleared = await call('PATCH', `/products/${tee.id}`, { meta_title: '  ' });
    expect(cleared.json().meta_title).toBeNull();

    const before = await counts();
    const row = gridRow(tee.variants[0]!);
    const cases: [unknown, number, RegExp][] = [
      [{ meta_title: 'x'.repeat(71) }, 400, /Meta title must be at most 70/],
      [{ meta_description: 'x'.repeat(321) }, 400, /Meta description must be at most 320/],
      [{ slug: 'Bad Slug' }, 400, /slug may contain/],
      [
        {
          options: [
            { name: 'A', values: ['1'] },
            { name: 'B', values: ['1'] },
            { name: 'C', values: ['1'] },
            { name: 'D', values: ['1'] },
          ],
        },
        400,
        /at most 3 options/,
      ],
      [{ options: [{ name: 'Size', values: ['S', 's'] }] }, 400, /must differ/],
      [{ options: colourSize, colors: ['Red'] }, 400, /not both/],
      [{ variants: [{ ...row, options: ['Purple', 'S'] }] }, 400, /Purple is not a value of the option Colour/],
      [{ variants: [{ ...row, options: ['Red'] }] }, 400, /must give 2 option values/],
      [{ variants: [{ ...row, available: -1 }] }, 400, /must not be negative/],
      [{ variants: [{ ...row, price: 1.234 }] }, 400, /2 decimals/],
      [{ variants: [{ ...row, image: 'https://evil.example/x.png' }] }, 400, /uploaded to the shop/],
      [{ variants: [{ ...row, sku: 'has space' }] }, 400, /without spaces/],
      [{ variants: [{ ...row, id: '00000000-0000-4000-8000-000000000000' }] }, 400, /not one of this product/],
      [{ variants: [] }, 400, /at least one variant/],
      [{ variants: [{ ...row, weight_grams: -5 }] }, 400, /Weight \(g\) must not be negative/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call('PATCH', `/products/${tee.id}`, payload);
      expect([JSON.stringify(payload).slice(0, 80), res.statusCode]).toEqual([
        JSON.stringify(payload).slice(0, 80),
        status,
      ]);
      expect(res.json().message).toMatch(message);
    }
    expect(await counts()).toEqual(before);
    const huge = await call('POST', '/products', {
      name: 'Huge',
      category: 'home',
      regular_price: 1,
      options: ['A', 'B', 'C'].map((name) => ({ name, values: Array.from({ length: 10 }, (_, i) => `${name}${i}`) })),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/1000 combinations/);
  });
});

describe('bulk edit', () => {
  async function pair() {
    const a = await createTee({ available: 6 });
    const b = await createTee({ available: 0 });
    return { a, b, ids: [a.id, b.id] };
  }

  it('moves prices by a percentage, the variants’ own prices too, then sets one price for all', async () => {
    const { a, b, ids } = await pair();
    await call('PATCH', `/products/${a.id}`, {
      variants: a.variants.map((v, i) => gridRow(v, i === 0 ? { price: 30, compare_at_price: 40 } : {})),
    });
    const up = await call('POST', '/products/bulk', { ids, price: { mode: 'percent', value: 10 } }, staffHeaders);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ updated: 2 });
    const afterUp = (await call('GET', `/products/${a.id}`)).json();
    expect(afterUp).toMatchObject({ regular_price: 22, sale_price: 22 });
    expect(afterUp.variants[0]).toMatchObject({ price: 33, compare_at_price: 44 });
    expect(afterUp.variants[1]).toMatchObject({ price: null });

    const set = await call('POST', '/products/bulk', { ids, price: { mode: 'set', value: 15 } });
    expect(set.statusCode, set.body).toBe(200);
    for (const id of ids) {
      const p = (await call('GET', `/products/${id}`)).json();
      expect(p).toMatchObject({ regular_price: 15, sale_price: 15 });
      expect(p.variants.every((v: Variant) => v.price === null && v.compare_at_price === null)).toBe(true);
    }
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.bulk_edit'), eq(auditLog.entityId, b.id)))
      .orderBy(asc(auditLog.id)); // written in this order; without it the rows come in any order
    expect(entries).toHaveLength(2);
    expect(entries[1]?.after).toMatchObject({ regular_price_cents: 1500 });
  });

  it('sets the stock of every variant as adjustments, moves the category, publishes — in one go', async () => {
    const { a, b, ids } = await pair();
    const res = await call('POST', '/products/bulk', { ids, stock: 4, category: 'sports', published: false });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select().from(products).where(inArray(products.id, ids));
    for (const row of rows)
      expect(row).toMatchObject({ available: 24, categoryId: 'sports', published: false, subcategoryId: null });
    const variants = await storedVariants(b.id);
    expect(variants.every((v) => v.available === 4)).toBe(true);
    const moves = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, a.id), eq(stockMovements.note, 'Bulk edit')));
    expect(moves).toHaveLength(6);
    expect(moves.every((m) => m.delta === 3 && m.actorId === admin.id && m.variantId !== null)).toBe(true);
  });

  it('refuses unknown ids, unknown categories and bad input, changing nothing', async () => {
    const { ids } = await pair();
    const before = await counts();
    const ghost = '00000000-0000-4000-8000-000000000000';
    const cases: [unknown, number, RegExp][] = [
      [{ ids: [...ids, ghost], published: true }, 404, new RegExp(ghost)],
      [{ ids, category: 'nope' }, 400, /Unknown category/],
      [{ ids }, 400, /choose a change/],
      [{ ids: [], stock: 1 }, 400, /at least one/],
      [{ ids: Array.from({ length: 501 }, () => ghost), stock: 1 }, 400, /at most 500/],
      [{ ids, stock: -1 }, 400, /must not be negative/],
      [{ ids, price: { mode: 'percent', value: -100 } }, 400, /at most 99/],
      [{ ids, price: { mode: 'double' } }, 400, /set or percent/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call('POST', '/products/bulk', payload);
      expect([JSON.stringify(payload).slice(0, 60), res.statusCode]).toEqual([
        JSON.stringify(payload).slice(0, 60),
        status,
      ]);
      expect(res.json().message).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('is for staff and admins only', async () => {
    const { ids } = await pair();
    const customer = await authHeaders(t, await createUser(t));
    expect((await call('POST', '/products/bulk', { ids, published: true }, customer)).statusCode).toBe(403);
    expect((await call('POST', '/products/bulk', { ids, published: true }, {})).statusCode).toBe(401);
    const grid = await call('PATCH', `/products/${ids[0]}`, { options: colourSize }, customer);
    expect(grid.statusCode).toBe(403);
  });
});
