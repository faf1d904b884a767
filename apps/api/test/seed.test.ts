import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoOptions, demoVariants, generateCatalog, seedCatalog } from '../src/db/seed/catalog.ts';
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
            p.sold_count, p.date_added, p.modified_date
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

  it('stores every product’s options and variants: colour × size, and a phone’s storage at its own price', async () => {
    const { rows: options } = await t.pool.query<{ id: string; options: unknown }>('select id, options from products');
    const byId = new Map(generated.products.map((p) => [p.id, p]));
    for (const row of options)
      expect(row.options).toEqual(demoOptions(byId.get(row.id) as (typeof generated.products)[0]));
    const { rows: variants } = await t.pool.query(
      `select product_id as "productId", sku, option1, option2, option3, price_cents as "priceCents",
              compare_at_cents as "compareAtCents", available, sold_count as "soldCount", position
         from product_variants order by product_id, position`,
    );
    const expected = [...generated.products].sort((a, b) => (a.id < b.id ? -1 : 1)).flatMap(demoVariants);
    expect(variants).toEqual(expected);
    // A phone: one product, its storage sizes priced apart, the documented lists without them.
    const { rows: phone } = await t.pool.query(
      `select p.name, p.colors, p.available_sizes, p.sale_price_cents, array_agg(distinct v.price_cents) as prices
         from products p join product_variants v on v.product_id = p.id
        where p.slug = 'apple-iphone-15' group by p.id`,
    );
    expect(phone[0]).toMatchObject({ name: 'Apple iPhone 15', available_sizes: [] });
    expect(phone[0].prices).toHaveLength(3);
  });

  it('writes the demo order lines with the variant and SKU they sold', async () => {
    const { rows } = await t.pool.query<{ lines: number; without: number; wrong: number }>(
      `select count(*)::int as lines,
              count(*) filter (where l.variant_id is null)::int as without,
              count(*) filter (where v.product_id <> l.product_id or v.sku <> l.sku)::int as wrong
         from order_lines l left join product_variants v on v.id = l.variant_id`,
    );
    expect(rows[0]?.lines).toBeGreaterThan(1000);
    expect(rows[0]).toMatchObject({ without: 0, wrong: 0 });
  });

  // "1,707 ratings" with no review text. Every rating is now a written review by a
  // customer who received the product, so the page's count is the number of reviews it lists.
  it('claims no rating without a written review behind it, and gives popular products a few', async () => {
    const { rows: figures } = await t.pool.query<{
      name: string;
      rating_count: number;
      rating_sum: number;
      rating_average: number;
      reviews: number;
      review_sum: number;
      base: number;
    }>(
      `select p.name, p.rating_count, p.rating_sum, p.rating_average::float8 as rating_average,
              p.rating_base_count + p.rating_base_sum as base,
              count(r.id)::int as reviews, coalesce(sum(r.rating), 0)::int as review_sum
         from products p left join reviews r on r.product_id = p.id
        group by p.id`,
    );
    expect(figures.length).toBeGreaterThanOrEqual(1000);
    for (const f of figures) {
      expect(f.base, f.name).toBe(0);
      expect([f.rating_count, f.rating_sum], f.name).toEqual([f.reviews, f.review_sum]);
      const average = f.reviews === 0 ? 0 : Math.round((f.review_sum / f.reviews) * 100) / 100;
      expect(f.rating_average, f.name).toBeCloseTo(average, 2);
    }
    const reviewed = figures.filter((f) => f.reviews > 0);
    expect(reviewed.length).toBeGreaterThan(150);
    expect(reviewed.filter((f) => f.reviews >= 3).length).toBeGreaterThan(40);

    // The best sellers the home page shows are the most reviewed.
    const { rows: best } = await t.pool.query<{ n: number }>(
      `select (select count(*) from reviews r where r.product_id = p.id)::int as n
         from products p where p.published order by p.sold_count desc limit 12`,
    );
    expect(best.filter((b) => b.n >= 2).length).toBeGreaterThanOrEqual(9);

    // Each review is shown: its author received the product; it reads as a person wrote it.
    const { rows: reviews } = await t.pool.query<{
      title: string;
      body: string;
      first_name: string;
      shown: boolean;
      after_delivery: boolean;
    }>(
      `select r.title, r.body, u.first_name,
              exists (select 1 from order_lines ol join orders o on o.id = ol.order_id
                       where o.user_id = r.user_id and ol.product_id = r.product_id and o.status = 'delivered') as shown,
              r.created_at >= (select min(e.created_at) from order_events e join order_lines ol on ol.order_id = e.order_id
                                 join orders o on o.id = e.order_id
                                where o.user_id = r.user_id and ol.product_id = r.product_id and e.status = 'delivered')
                as after_delivery
         from reviews r join users u on u.id = r.user_id`,
    );
    for (const r of reviews) {
      expect(r.shown && r.after_delivery).toBe(true);
      expect(r.first_name.length).toBeGreaterThan(1);
      expect(r.title.length).toBeGreaterThan(3);
      expect(r.body.split('. ').length).toBeGreaterThanOrEqual(2);
    }
    // The page's figures: the product page shows the count, the list shows the same reviews.
    const top = reviewed.sort((a, b) => b.reviews - a.reviews)[0];
    const { rows: slugs } = await t.pool.query<{ slug: string }>('select slug from products where name = $1', [
      top?.name,
    ]);
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${slugs[0]?.slug}/reviews` });
    expect(res.json().count).toBe(top?.reviews);
    expect(res.json().items.length).toBe(Math.min(top?.reviews ?? 0, res.json().items.length));
    expect(res.json().items.length).toBeGreaterThanOrEqual(3);
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
