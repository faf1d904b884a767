import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, products, productVariants, subcategories } from '../src/db/schema.ts';
import { writeCsv } from '../src/modules/admin-catalog-io/csv.ts';
import { multipartFile } from './admin-catalog-fixtures.ts';
import { authHeaders } from './cart-fixtures.ts';
import {
  apparelExport,
  CATEGORIES,
  candleExport,
  cdnServer,
  gardenExport,
  perfumeExport,
} from './fixtures/shopify-real-exports.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

/**
 * Real shops' Shopify exports import (docs/adr/029-imports-that-real-exports-pass.md): options, the
 * newer Product Category column, duplicate SKUs with the owner's word, pictures that cannot be fetched.
 */

let t: TestApp;
let headers: Record<string, string>;
let cdn: Awaited<ReturnType<typeof cdnServer>>;
const env = { IMPORT_IMAGES_ALLOW_PRIVATE: 'true', IMPORT_IMAGE_TIMEOUT_MS: '5000', RATE_LIMIT_SCALE: '100' };
const subIds = new Map<string, number>();

function upload(csv: string, query: string) {
  const { payload, headers: multipartHeaders } = multipartFile(Buffer.from(csv), {
    filename: 'products_export.csv',
    contentType: 'text/csv',
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/products/import?${query}`,
    headers: { ...headers, ...multipartHeaders },
    payload,
  });
}

const dryRun = (csv: string, extra = '', format = 'shopify') => upload(csv, `format=${format}&mode=dry_run${extra}`);

async function apply(csv: string, extra = '', format = 'shopify') {
  const res = await upload(csv, `format=${format}&mode=apply${extra}`);
  if (res.statusCode !== 202) return { res, record: undefined };
  await t.drain();
  const record = await t.app.inject({ url: `/api/admin/products/imports/${res.json().id}`, headers });
  return { res, record: record.json() };
}

const productBySlug = async (slug: string) => (await t.db.select().from(products).where(eq(products.slug, slug)))[0];
const variantsOf = (productId: string) =>
  t.db.select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(productVariants.position);

beforeAll(async () => {
  [t, cdn] = await Promise.all([createTestApp({ env }), cdnServer()]);
  headers = await authHeaders(t, await createUser(t, { role: 'admin' }));
  for (const [position, c] of CATEGORIES.entries()) {
    await t.db.insert(categories).values({ id: c.id, name: c.name, icon: 'Tag', position: 100 + position });
    for (const name of c.subcategories) {
      const [sub] = await t.db
        .insert(subcategories)
        .values({ categoryId: c.id, name, slug: name.toLowerCase(), icon: 'Tag' })
        .returning({ id: subcategories.id });
      subIds.set(name, sub!.id);
    }
  }
});
afterAll(async () => {
  await Promise.all([t?.close(), cdn?.close()]);
});

describe('an apparel export (Size × Fabric, older columns)', () => {
  it('imports with its options, category, tags, paragraphs, and no compare-at the file does not give', async () => {
    const fixture = apparelExport(cdn.base);
    const { res, record } = await apply(fixture.csv);
    expect(res.statusCode, res.body).toBe(202);
    expect(record, JSON.stringify(record)).toMatchObject({ state: 'done', error: null });
    expect(record.summary).toMatchObject({
      products: { create: fixture.products },
      variants: { create: fixture.variants },
    });

    const shirt = (await productBySlug('linen-camp-shirt'))!;
    expect(shirt.options).toEqual([
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Fabric', values: ['Linen', 'Cotton'] },
    ]);
    expect(shirt.categoryId).toBe('atelier');
    expect(shirt.subcategoryId).toBe(subIds.get('Linen Shirts'));
    expect(shirt.tags).toEqual(['linen', 'summer', 'new-in']);
    // Body (HTML) is kept as rich text, through the sanitizer (docs/adr/044-rich-text.md).
    expect(shirt.description).toBe(
      '<p>A boxy camp-collar shirt in washed linen.</p>\n<p>Made in Portugal.<br />Ships in 3 days.</p><ul><li>Relaxed fit</li></ul>',
    );
    expect(shirt.images).toHaveLength(3);
    expect(shirt.missingImages).toEqual([]);
    const shirtVariants = await variantsOf(shirt.id);
    expect(shirtVariants.map((v) => v.sku)).toEqual([
      'LCS-S-LIN',
      'LCS-S-COT',
      'LCS-M-LIN',
      'LCS-M-COT',
      'LCS-L-LIN',
      'LCS-L-COT',
    ]);
    // No variant of the shirt has a compare-at in the file: none gets one, and no sale is shown.
    expect(shirtVariants.map((v) => v.compareAtCents)).toEqual([null, null, null, null, null, null]);
    expect(shirt.regularPriceCents).toBe(shirt.salePriceCents);
    expect(shirtVariants.find((v) => v.sku === 'LCS-L-LIN')!.image).toBe(shirt.images[1]);

    const trousers = (await productBySlug('pleated-trousers'))!;
    expect(trousers.subcategoryId).toBe(subIds.get('Trousers'));
    expect(trousers.tags).toEqual([]);
    expect([trousers.salePriceCents, trousers.regularPriceCents]).toEqual([9500, 12000]);
    const tote = (await productBySlug('canvas-tote'))!;
    expect([tote.categoryId, tote.subcategoryId, tote.tags]).toEqual(['atelier', null, ['accessories']]);

    // What shoppers see: only the trousers' 30 is on sale.
    const sold = await t.app.inject({ url: `/api/products/${trousers.id}/variants` });
    expect(sold.statusCode, sold.body).toBe(200);
    const prices = sold
      .json()
      .variants.map((v: { sku: string; price: number; compare_at_price: number }) => [
        v.sku,
        v.price,
        v.compare_at_price,
      ]);
    expect(prices).toEqual([
      ['PT-30', 95, 120],
      ['PT-32', 95, 95],
    ]);
    const shirtSold = await t.app.inject({ url: `/api/products/${shirt.id}/variants` });
    for (const v of shirtSold.json().variants) expect(v.compare_at_price, v.sku).toBeLessThanOrEqual(v.price);
  });

  it('exports the tags and paragraphs, and a second import of its export changes nothing', async () => {
    const exported = await t.app.inject({ url: '/api/admin/products/export?format=shopify', headers });
    expect(exported.body).toContain('"linen, summer, new-in"');
    const shop = await t.app.inject({ url: '/api/admin/products/export?format=shop', headers });
    expect(shop.body.split('\r\n')[0]).toContain(',tags,');
    expect(shop.body).toContain('"linen, summer, new-in"');
    const again = await dryRun(apparelExport(cdn.base).csv);
    expect(again.json()).toMatchObject({ products: { create: 0, update: 0, unchanged: 3 }, refusals_total: 0 });
  });
});

describe('a garden export (newer Product Category column, Type empty)', () => {
  it('maps the last segment of Product Category to a category; one matching none asks for a default', async () => {
    const fixture = gardenExport();
    const check = await dryRun(fixture.csv);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ refusals_total: 1, uncategorized: 1, products: { create: 2 } });
    expect(check.json().refusals[0].line).toBe(fixture.unmatchedLine);
    expect(check.json().refusals[0].reason).toMatch(/Product Category "Hardware > Tools > Trowels"/);
    expect((await apply(fixture.csv)).res.statusCode).toBe(422);

    const { res, record } = await apply(fixture.csv, '&default_category=jardin');
    expect(res.statusCode, res.body).toBe(202);
    expect(record).toMatchObject({ state: 'done', summary: { products: { create: 3 } } });
    const placed = await t.db
      .select({ slug: products.slug, categoryId: products.categoryId, subcategoryId: products.subcategoryId })
      .from(products)
      .where(inArray(products.slug, ['terracotta-pot', 'glass-lantern', 'hand-trowel']))
      .orderBy(products.slug);
    expect(placed).toEqual([
      { slug: 'glass-lantern', categoryId: 'jardin', subcategoryId: subIds.get('Lanternes Extérieur') },
      { slug: 'hand-trowel', categoryId: 'jardin', subcategoryId: null },
      { slug: 'terracotta-pot', categoryId: 'jardin', subcategoryId: subIds.get('Planters') },
    ]);
  });
});

describe('a candle export (one SKU on three products)', () => {
  it('the check names the duplicates and their suffixes; imported only once the owner accepts them', async () => {
    // Another product of the shop has PIN-SMA-2 already: the suffixes go past it.
    const other = writeCsv(
      ['handle', 'name', 'category', 'sku', 'price'],
      [['other-candle', 'Other Candle', 'maison', 'PIN-SMA-2', '9.00']],
    );
    expect((await apply(other, '', 'shop')).record).toMatchObject({ state: 'done' });

    const fixture = candleExport();
    const check = await dryRun(fixture.csv);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().duplicate_skus).toEqual([
      { line: 4, sku: 'PIN-SMA', first_line: 2, resolved_as: 'PIN-SMA-3' },
      { line: 6, sku: 'PIN-SMA', first_line: 2, resolved_as: 'PIN-SMA-4' },
    ]);
    expect(check.json().refusals.map((r: { reason: string }) => r.reason)).toEqual([
      expect.stringMatching(/^duplicate SKU "PIN-SMA": also on line 2/),
      expect.stringMatching(/^duplicate SKU "PIN-SMA": also on line 2/),
    ]);
    const refused = await apply(fixture.csv);
    expect(refused.res.statusCode).toBe(422);
    expect(refused.res.json().message).toMatch(/2 row\(s\) are refused/);

    const accepted = await dryRun(fixture.csv, '&resolve_duplicate_skus=suffix');
    expect(accepted.json()).toMatchObject({ refusals_total: 0, products: { create: 3 }, variants: { create: 6 } });
    const { res, record } = await apply(fixture.csv, '&resolve_duplicate_skus=suffix');
    expect(res.statusCode, res.body).toBe(202);
    expect(record).toMatchObject({ state: 'done' });
    const skus = await t.db
      .select({ sku: productVariants.sku, slug: products.slug })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.sku, ['PIN-SMA', 'PIN-SMA-2', 'PIN-SMA-3', 'PIN-SMA-4']))
      .orderBy(productVariants.sku);
    expect(skus).toEqual([
      { sku: 'PIN-SMA', slug: 'pine-candle' },
      { sku: 'PIN-SMA-2', slug: 'other-candle' },
      { sku: 'PIN-SMA-3', slug: 'pink-grapefruit-candle' },
      { sku: 'PIN-SMA-4', slug: 'pinot-candle' },
    ]);
    expect((await productBySlug('pine-candle'))!.subcategoryId).toBe(subIds.get('Bougies'));

    // The same file again resolves the same way: nothing changes.
    const rerun = await dryRun(fixture.csv, '&resolve_duplicate_skus=suffix');
    expect(rerun.json()).toMatchObject({
      refusals_total: 0,
      products: { create: 0, update: 0, unchanged: 3 },
      variants: { create: 0, update: 0, unchanged: 6 },
    });
  });
});

describe('a perfume export whose CDN answers 404 for two pictures', () => {
  it('the check reports the failed pictures; imported without them they stay on the product to fetch again', async () => {
    const fixture = perfumeExport(cdn.base);
    for (const name of fixture.down) cdn.down.add(name);
    const boxUrl = `${cdn.base}/img/cedar-box.png`;
    const variantUrl = `${cdn.base}/img/cedar-100.png`;

    const check = await dryRun(fixture.csv, '&check_images=true');
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().failed_images).toEqual([
      // A product's pictures are named by its first line; a variant's picture by the variant's.
      { line: 2, url: boxUrl, reason: 'the server answered 404' },
      { line: 3, url: variantUrl, reason: 'the server answered 404' },
    ]);
    expect(check.json().refusals_total).toBe(2);
    const skipping = await dryRun(fixture.csv, '&check_images=true&skip_failed_images=true');
    expect(skipping.json()).toMatchObject({ refusals_total: 0, products: { create: 2 } });
    expect(skipping.json().failed_images).toHaveLength(2);

    const failed = await apply(fixture.csv);
    expect(failed.record).toMatchObject({
      state: 'failed',
      error: '2 picture(s) could not be fetched; nothing was imported',
    });
    expect(failed.record.summary.failed_images).toHaveLength(2);
    expect(await productBySlug('cedar-eau-de-parfum')).toBeUndefined();

    const { res, record } = await apply(fixture.csv, '&skip_failed_images=true');
    expect(res.statusCode, res.body).toBe(202);
    expect(record, JSON.stringify(record)).toMatchObject({ state: 'done', error: null });
    const cedar = (await productBySlug('cedar-eau-de-parfum'))!;
    expect(cedar.images).toHaveLength(1);
    expect(cedar.missingImages).toEqual([boxUrl, variantUrl]);
    expect((await variantsOf(cedar.id)).map((v) => v.image)).toEqual([null, null]);
    expect((await productBySlug('iris-eau-de-parfum'))!.missingImages).toEqual([]);

    // The CDN is back for one picture: fetching again adds it and keeps the other.
    cdn.down.delete('cedar-box');
    const refetch = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${cedar.id}/missing-images/fetch`,
      headers,
    });
    expect(refetch.statusCode, refetch.body).toBe(200);
    expect(refetch.json()).toMatchObject({
      fetched: 1,
      missing_images: [variantUrl],
      failed: [{ url: variantUrl, reason: 'the server answered 404' }],
    });
    const after = (await productBySlug('cedar-eau-de-parfum'))!;
    expect(after.images).toHaveLength(2);
    expect(after.images[1]).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}\/large\.webp$/);
    expect(after.missingImages).toEqual([variantUrl]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.images_refetch'), eq(auditLog.entityId, cedar.id)));
    expect(audit).toHaveLength(1);

    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/00000000-0000-4000-8000-000000000000/missing-images/fetch',
      headers,
    });
    expect(none.statusCode).toBe(404);
  });
});
