import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateCatalog, seedCatalog } from '../src/db/seed/catalog.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const generated = generateCatalog();

/** The catalogue as stored, in a form comparable with the generator's rows. */
async function storedProducts() {
  const { rows } = await t.pool.query(
    `select p.id, p.slug, p.name, p.description, p.category_id, s.slug as subcategory_slug, p.brand_id,
            p.regular_price_cents, p.sale_price_cents, p.percentage_discount, p.images, p.colors,
            p.available_sizes, p.features, p.featured, p.available, p.published,
            p.rating_average::float8 as rating_average, p.rating_count, p.sold_count, p.date_added, p.modified_date
       from products p left join subcategories s on s.id = p.subcategory_id order by p.id`,
  );
  return rows;
}

describe('demo catalogue seed', () => {
  it('stores exactly what the deterministic generator makes', async () => {
    const rows = await storedProducts();
    expect(rows.length).toBe(generated.products.length);
    expect(rows.length).toBeGreaterThanOrEqual(1000);
    const expected = [...generated.products]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((p) => ({
        id: p.id,
        slug: p.slug,
        name: p.name,
        description: p.description,
        category_id: p.categoryId,
        subcategory_slug: p.subcategorySlug,
        brand_id: p.brandId,
        regular_price_cents: p.regularPriceCents,
        sale_price_cents: p.salePriceCents,
        percentage_discount: p.percentageDiscount,
        images: p.images,
        colors: p.colors,
        available_sizes: p.availableSizes,
        features: p.features,
        featured: p.featured,
        available: p.available,
        published: p.published,
        rating_average: p.ratingAverage,
        rating_count: p.ratingCount,
        sold_count: p.soldCount,
        date_added: p.dateAdded,
        modified_date: p.modifiedDate,
      }));
    expect(rows).toEqual(expected);

    const { rows: brands } = await t.pool.query<{ id: string }>('select id from brands');
    for (const id of ['apple', 'samsung', 'nike', 'adidas']) expect(brands.map((b) => b.id)).toContain(id);
    const { rows: states } = await t.pool.query<{ out: string; hidden: string }>(
      'select count(*) filter (where available = 0) as out, count(*) filter (where not published) as hidden from products',
    );
    expect(Number(states[0]?.out)).toBeGreaterThan(0);
    expect(Number(states[0]?.hidden)).toBeGreaterThan(0);
  });

  // In bulk: a bounded number of statements for the whole catalogue (counted, not timed: speed is the bench's).
  it('seeds an empty catalogue again, identically and in bulk, inside one transaction', async () => {
    const before = await storedProducts();
    const statements = await t.db.transaction(async (tx) => {
      await tx.execute(sql`truncate categories, brands, products cascade`);
      const spy = vi.spyOn(pg.Client.prototype, 'query');
      await seedCatalog(tx);
      const count = spy.mock.calls.length;
      spy.mockRestore();
      const { rows } = await tx.execute<{ n: string }>(sql`select count(*) as n from products`);
      expect(Number(rows[0]?.n)).toBe(generated.products.length);
      return count;
    });
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(100);
    // Product ids are part of the deterministic output: links and carts survive a re-seed.
    expect(await storedProducts()).toEqual(before);
  });
});
