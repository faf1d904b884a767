import type { BrandRecord, ProductDetail, ProductList } from '@shop/contracts/catalog';
import type { ProductVariantsAnswer } from '@shop/contracts/variants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, type products, productVariants } from '../src/db/schema.ts';
import type { BrandCount } from '../src/modules/catalog/index.ts';
import { createProduct } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * The public catalogue's variants (GET products/:id/variants), the product page's extra fields
 * (SEO title and description, the brand's page) and brand records (GET brands/:slug). Variants are
 * written straight into product_variants: the roll-up trigger keeps the product's stock in step.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOT_FOUND = { message: 'Product not found', code: 'NOT_FOUND', reason: 'product_not_found' };
const OPTIONS = [
  { name: 'Color', values: ['Red', 'Blue'] },
  { name: 'Size', values: ['S', 'M', 'L'] },
];

async function get<T>(url: string, status = 200): Promise<T> {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** A published T-shirt in Red/Blue × S/M/L priced 19.99 (24.99 regular), its variants left to each test. */
async function shirt(overrides: Partial<typeof products.$inferInsert> = {}) {
  return createProduct(
    t,
    { options: OPTIONS, colors: ['Red', 'Blue'], availableSizes: ['S', 'M', 'L'], available: 0, ...overrides },
    [],
  );
}

describe('GET /api/products/:id/variants', () => {
  it('answers the options and the variants in position order, with their own or the product’s prices', async () => {
    const p = await shirt();
    // Written out of order: the answer follows `position`, not insertion.
    await t.db.insert(productVariants).values([
      { productId: p.id, sku: `${p.slug}-blue-l`, option1: 'Blue', option2: 'L', position: 5, available: 0 },
      { productId: p.id, sku: `${p.slug}-red-s`, option1: 'Red', option2: 'S', position: 0, available: 3 },
      {
        productId: p.id,
        sku: `${p.slug}-red-l`,
        option1: 'Red',
        option2: 'L',
        position: 2,
        available: 7,
        priceCents: 2250,
        compareAtCents: 2999,
        image: '/media/uploads/red-l.webp',
      },
      { productId: p.id, sku: `${p.slug}-red-m`, option1: 'Red', option2: 'M', position: 1, available: 1 },
    ]);

    const answer = await get<ProductVariantsAnswer>(`/api/products/${p.id}/variants`);
    expect(answer.options).toEqual(OPTIONS);
    expect(answer.variants.map((v) => v.sku)).toEqual([
      `${p.slug}-red-s`,
      `${p.slug}-red-m`,
      `${p.slug}-red-l`,
      `${p.slug}-blue-l`,
    ]);
    const [redS, , redL, blueL] = answer.variants;
    expect(redS).toMatchObject({
      options: ['Red', 'S'],
      price: 19.99,
      compare_at_price: 24.99,
      available: 3,
      in_stock: true,
      image: null,
    });
    expect(redL).toMatchObject({ options: ['Red', 'L'], price: 22.5, compare_at_price: 29.99, available: 7 });
    expect(redL?.image).toBe('/media/uploads/red-l.webp');
    expect(blueL).toMatchObject({ options: ['Blue', 'L'], available: 0, in_stock: false });
    const { rows } = await t.pool.query<{ id: string }>(
      'select id from product_variants where product_id = $1 order by position',
      [p.id],
    );
    expect(answer.variants.map((v) => v.id)).toEqual(rows.map((r) => r.id));

    // By slug the same; the product's stock is the sum of its variants' (the roll-up trigger).
    expect(await get(`/api/products/${p.slug}/variants`)).toEqual(answer);
    const product = await get<ProductDetail>(`/api/products/${p.id}`);
    expect(product.available).toBe(11);
    expect(product.in_stock).toBe(true);
  });

  it('answers a product without options with its one variant and no values', async () => {
    const p = await createProduct(t, { available: 0 }, []);
    await t.db.insert(productVariants).values({ productId: p.id, sku: p.slug, available: 4 });
    expect(await get(`/api/products/${p.slug}/variants`)).toEqual({
      options: [],
      variants: [
        {
          id: expect.any(String),
          sku: p.slug,
          options: [],
          price: 19.99,
          compare_at_price: 24.99,
          available: 4,
          in_stock: true,
          image: null,
          tax_class: 'standard',
        },
      ],
    });
  });

  it('shows a change of stock or price at once (read fresh, like the product)', async () => {
    const p = await shirt();
    const [v] = await t.db
      .insert(productVariants)
      .values({ productId: p.id, sku: `${p.slug}-red-s`, option1: 'Red', option2: 'S', available: 2 })
      .returning();
    if (!v) throw new Error('variant not created');
    expect((await get<ProductVariantsAnswer>(`/api/products/${p.id}/variants`)).variants[0]?.available).toBe(2);
    await t.db.update(productVariants).set({ available: 0, priceCents: 1500 }).where(eq(productVariants.id, v.id));
    expect((await get<ProductVariantsAnswer>(`/api/products/${p.id}/variants`)).variants[0]).toMatchObject({
      available: 0,
      in_stock: false,
      price: 15,
    });
  });

  it('answers 404 like the product route for unknown and unpublished products', async () => {
    const draft = await shirt({ published: false });
    await t.db
      .insert(productVariants)
      .values({ productId: draft.id, sku: `${draft.slug}-red-s`, option1: 'Red', option2: 'S', available: 5 });
    for (const key of [draft.id, draft.slug, '00000000-0000-4000-8000-000000000000', 'no-such-product']) {
      expect(await get(`/api/products/${key}/variants`, 404)).toEqual(NOT_FOUND);
      expect(await get(`/api/products/${key}`, 404)).toEqual(NOT_FOUND);
    }
    const long = await t.app.inject(`/api/products/${'x'.repeat(201)}/variants`);
    expect(long.json()).toEqual({ message: 'The address is too long', code: 'BAD_REQUEST' });
  });

  it('answers every demo product with one variant per combination whose stock adds up to the product’s', async () => {
    // The most popular are demo products with several colours and sizes or storage sizes (this file's own come last).
    const page = await get<ProductList>('/api/products?limit=60&sort=popular');
    const demo = page.items.filter((p) => !p.slug.startsWith('test-product-'));
    expect(demo.some((p) => p.colors.length > 1 && p.available_sizes.length > 1)).toBe(true);
    for (const product of demo) {
      const answer = await get<ProductVariantsAnswer>(`/api/products/${product.id}/variants`);
      // The documented lists are the values of the options named Color and Size; a priced option may follow.
      const valuesOf = (name: string) => answer.options.find((o) => o.name === name)?.values ?? [];
      expect(valuesOf('Color')).toEqual(product.colors);
      expect(valuesOf('Size')).toEqual(product.available_sizes);
      const combos = answer.options.reduce((n, o) => n * o.values.length, 1);
      expect(answer.variants).toHaveLength(combos);
      expect(answer.variants.reduce((n, v) => n + v.available, 0)).toBe(product.available);
      for (const v of answer.variants) {
        expect(v.options).toHaveLength(answer.options.length);
        for (const [i, o] of answer.options.entries()) expect(o.values).toContain(v.options[i]);
      }
      expect(new Set(answer.variants.map((v) => v.options.join('|'))).size).toBe(answer.variants.length);
    }
  });
});

describe('GET /api/products/:id: SEO fields and the brand’s page', () => {
  it('answers the meta title and description when set, null when not (or blank)', async () => {
    await t.db.insert(brands).values({ id: 'acme-co', name: 'Acme & Co', slug: 'acme' }).onConflictDoNothing();
    const plain = await shirt({ brandId: null });
    const seo = await shirt({ brandId: 'acme-co', metaTitle: 'Red shirts · Acme', metaDescription: 'Soft cotton.' });
    const blank = await shirt({ metaTitle: '   ', metaDescription: '' });

    expect(await get<ProductDetail>(`/api/products/${plain.id}`)).toMatchObject({
      meta_title: null,
      meta_description: null,
      brand: null,
      brand_name: null,
      brand_slug: null,
    });
    expect(await get<ProductDetail>(`/api/products/${seo.slug}`)).toMatchObject({
      meta_title: 'Red shirts · Acme',
      meta_description: 'Soft cotton.',
      brand: 'acme-co',
      brand_name: 'Acme & Co',
      brand_slug: 'acme',
    });
    expect(await get<ProductDetail>(`/api/products/${blank.id}`)).toMatchObject({
      meta_title: null,
      meta_description: null,
    });
  });

  it('keeps the documented product fields in the listing, without the page’s extras', async () => {
    const list = await get<ProductList>('/api/products?limit=1');
    expect(list.items[0]).not.toHaveProperty('meta_title');
    expect(list.items[0]).toHaveProperty('available_sizes');
  });
});

describe('GET /api/brands/:slug and the brand filter', () => {
  it('answers a brand record by slug; its products by brand id; its facet counts them', async () => {
    await t.db.insert(brands).values({
      id: 'northwind-brand',
      name: 'Northwind',
      slug: 'northwind',
      logo: '/media/brands/northwind.svg',
      description: 'Outdoor gear since 1901.',
    });
    const mine = [await shirt({ brandId: 'northwind-brand' }), await shirt({ brandId: 'northwind-brand' })];
    await shirt({ brandId: 'northwind-brand', published: false });

    const brand = await get<BrandRecord>('/api/brands/northwind');
    expect(brand).toEqual({
      id: 'northwind-brand',
      name: 'Northwind',
      slug: 'northwind',
      logo: '/media/brands/northwind.svg',
      description: 'Outdoor gear since 1901.',
    });
    // Slugs are lower case: a link typed in capitals still finds the brand.
    expect(await get('/api/brands/NorthWind')).toEqual(brand);

    const listed = await get<ProductList>(`/api/products?brand=${brand.id}&limit=50`);
    expect(listed.total).toBe(2);
    expect(listed.items.map((p) => p.id).sort()).toEqual(mine.map((p) => p.id).sort());
    expect(listed.items.every((p) => p.brand === brand.id)).toBe(true);

    const facets = await get<BrandCount[]>('/api/brands?category=electronics');
    expect(facets.find((f) => f.id === brand.id)).toEqual({
      id: brand.id,
      name: 'Northwind',
      slug: 'northwind',
      count: 2,
    });
    const elsewhere = await get<BrandCount[]>('/api/brands?category=books');
    expect(elsewhere.find((f) => f.id === brand.id)?.count).toBe(0);
  });

  it('answers 404 for an unknown slug and a 4xx for one too long, in the error format', async () => {
    expect(await get('/api/brands/no-such-brand', 404)).toEqual({
      message: 'Brand not found',
      code: 'NOT_FOUND',
      reason: 'brand_not_found',
    });
    const long = await t.app.inject(`/api/brands/${'b'.repeat(101)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'The address is too long', code: 'BAD_REQUEST' });
  });

  it('answers every seeded brand by its slug', async () => {
    const { rows } = await t.pool.query<{ id: string; slug: string }>('select id, slug from brands order by id');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect((await get<BrandRecord>(`/api/brands/${row.slug}`)).id).toBe(row.id);
  });
});
