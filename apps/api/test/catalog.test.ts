import type { Category, Product, ProductList } from '@shop/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function list(query: string): Promise<ProductList> {
  const res = await t.app.inject(`/api/products${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every item of a listing, walking all pages of 100. */
async function all(query: string): Promise<Product[]> {
  const items: Product[] = [];
  for (let page = 1; ; page++) {
    const body = await list(`${query}&limit=100&page=${page}`);
    items.push(...body.items);
    if (body.items.length < 100) {
      expect(items.length).toBe(body.total);
      return items;
    }
  }
}

/** The oracle: the same question asked in plain SQL (`p` = products, `s` = its subcategory). */
async function count(where: string): Promise<number> {
  const { rows } = await t.pool.query<{ n: string }>(
    `select count(*) as n from products p left join subcategories s on s.id = p.subcategory_id where ${where}`,
  );
  return Number(rows[0]?.n);
}

/** Asserts that consecutive items are ordered by `keys` (then by id ascending on ties). */
function expectOrdered(items: Product[], keys: ((p: Product) => number)[], dirs: ('asc' | 'desc')[]) {
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1] as Product;
    const b = items[i] as Product;
    let cmp = 0;
    for (let k = 0; k < keys.length && cmp === 0; k++) {
      const key = keys[k] as (p: Product) => number;
      cmp = (key(a) - key(b)) * (dirs[k] === 'asc' ? 1 : -1);
    }
    expect(cmp, `${a.name} before ${b.name}`).toBeLessThanOrEqual(0);
    if (cmp === 0) expect(a.id < b.id).toBe(true);
  }
}

describe('GET /api/categories', () => {
  it('lists the five documented categories in order with subcategories, featured cards and live counts', async () => {
    const res = await t.app.inject('/api/categories');
    expect(res.statusCode).toBe(200);
    const cats: Category[] = res.json();
    expect(cats.map((c) => [c.id, c.name])).toEqual([
      ['electronics', 'Electronics'],
      ['fashion', 'Fashion'],
      ['home', 'Home & Garden'],
      ['sports', 'Sports & Outdoors'],
      ['books', 'Books & Media'],
    ]);
    // The demo's one other name: its filter list calls fashion `clothing`.
    expect(cats.map((c) => [c.id, c.aliases])).toEqual([
      ['electronics', []],
      ['fashion', ['clothing']],
      ['home', []],
      ['sports', []],
      ['books', []],
    ]);
    for (const c of cats) {
      expect(c.icon).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      expect(c.count).toBe(await count(`p.published and p.category_id = '${c.id}'`));
      expect(c.subcategories.length).toBeGreaterThanOrEqual(4);
      expect(c.featured.length).toBeGreaterThanOrEqual(3);
      for (const s of c.subcategories) {
        expect(s.slug).toBe(s.name.toLowerCase());
        expect(s.count).toBe(
          await count(`p.published and p.category_id = '${c.id}' and s.slug = '${s.slug.replaceAll("'", "''")}'`),
        );
      }
      for (const f of c.featured) expect(f.image).toMatch(/^\/media\/featured\/.+\.svg$/);
    }
    expect(cats[0]?.subcategories.map((s) => s.name)).toContain('Smartphones');
    expect(cats[1]?.featured.map((f) => f.name)).toContain('Summer Collection');
  });

  it('follows publication changes in menu counts and listing totals once the short caches are invalidated', async () => {
    const before: Category[] = (await t.app.inject('/api/categories')).json();
    const books = before.find((c) => c.id === 'books') as Category;
    const listed = (await list('category=books')).total;
    expect(listed).toBe(books.count);
    await t.pool.query(
      `update products set published = false where id = (select id from products where category_id = 'books' and published order by id limit 1)`,
    );
    t.app.services.catalog.invalidate();
    const after: Category[] = (await t.app.inject('/api/categories')).json();
    expect(after.find((c) => c.id === 'books')?.count).toBe(books.count - 1);
    expect(after.find((c) => c.id === 'books')?.count).toBe(await count(`p.published and p.category_id = 'books'`));
    expect((await list('category=books')).total).toBe(listed - 1);
  });
});

interface BrandCount {
  id: string;
  name: string;
  count: number;
}

async function brandCounts(query: string): Promise<BrandCount[]> {
  const res = await t.app.inject(`/api/brands${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The oracle for brand facets: brand id → number of products matching `where`, in plain SQL. */
async function countsByBrand(where: string): Promise<Map<string, number>> {
  const { rows } = await t.pool.query<{ brand_id: string; n: string }>(
    `select p.brand_id, count(*) as n from products p left join subcategories s on s.id = p.subcategory_id
      where p.brand_id is not null and ${where} group by p.brand_id`,
  );
  return new Map(rows.map((r) => [r.brand_id, Number(r.n)]));
}

/** Every brand of the table is listed once, by name, with exactly the oracle's count (0 when absent). */
async function expectFacets(facets: BrandCount[], where: string) {
  const expected = await countsByBrand(where);
  const { rows } = await t.pool.query<{ id: string }>('select id from brands');
  expect(facets.map((b) => b.id).sort()).toEqual(rows.map((r) => r.id).sort());
  for (const b of facets) expect([b.id, b.count]).toEqual([b.id, expected.get(b.id) ?? 0]);
  const names = facets.map((b) => b.name);
  expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
}

describe('GET /api/brands', () => {
  it('lists brands by name with live counts, the documented filter brands among them', async () => {
    const brands = await brandCounts('');
    for (const id of ['apple', 'samsung', 'nike', 'adidas']) {
      const b = brands.find((x) => x.id === id);
      expect(b?.count).toBe(await count(`p.published and p.brand_id = '${id}'`));
      expect(b?.count).toBeGreaterThan(0);
    }
    await expectFacets(brands, 'p.published');
  });

  // The listing's brand list is the facets of its current result.
  it("counts a category's brands: its own brands have counts, the others 0", async () => {
    for (const category of ['electronics', 'books']) {
      const facets = await brandCounts(`category=${category}`);
      await expectFacets(facets, `p.published and p.category_id = '${category}'`);
      const present = facets.filter((b) => b.count > 0);
      expect(present.length, `brands in ${category}`).toBeGreaterThan(1);
      // Fewer brands than the whole catalogue: a category does not offer every brand.
      expect(present.length).toBeLessThan(facets.length);
      const total = present.reduce((sum, b) => sum + b.count, 0);
      expect(total).toBe(await count(`p.published and p.brand_id is not null and p.category_id = '${category}'`));
    }
    // The documented alias: clothing counts the fashion category.
    expect(await brandCounts('category=clothing')).toEqual(await brandCounts('category=fashion'));
  });

  it('counts within a search, a price range, stock, subcategory and featured card, brand aside', async () => {
    // A word of published products' names that several brands share: a real search.
    const { rows: named } = await t.pool.query<{ word: string }>(
      `select lower(w) as word from products, regexp_split_to_table(name, ' ') as w
        where published and length(w) >= 5 and w ~ '^[A-Za-z]+$'
        group by lower(w) having count(distinct brand_id) > 1 order by count(*) desc, lower(w) limit 1`,
    );
    const word = named[0]?.word as string;
    expect(word).toBeTruthy();
    const searched = await brandCounts(`q=${word}`);
    // The search ranks by the full-text index; its matches are the oracle's matches.
    await expectFacets(searched, `p.published and p.search @@ plainto_tsquery('english', '${word}')`);
    expect(searched.filter((b) => b.count > 0).length).toBeGreaterThan(1);

    await expectFacets(
      await brandCounts('category=electronics&min_price=50&max_price=500.5&in_stock=true&brand=apple'),
      `p.published and p.category_id = 'electronics' and p.sale_price_cents between 5000 and 50050 and p.available > 0`,
    );
    await expectFacets(
      await brandCounts(`subcategory=${encodeURIComponent("men's clothing")}`),
      `p.published and s.slug = 'men''s clothing'`,
    );
    await expectFacets(
      await brandCounts(`featured=${encodeURIComponent('iPhone 15')}`),
      `p.published and p.featured @> array['iphone 15']`,
    );
  });

  it('a draft counts for no brand', async () => {
    const { rows } = await t.pool.query<{ category_id: string }>(
      `update products set published = false
        where id = (select id from products where published and brand_id is not null order by id limit 1)
        returning category_id`,
    );
    t.app.services.catalog.invalidate();
    const category = rows[0]?.category_id as string;
    await expectFacets(await brandCounts('category=all&in_stock=false'), 'p.published');
    await expectFacets(await brandCounts(`category=${category}`), `p.published and p.category_id = '${category}'`);
  });

  it.each([
    [`brand=${'a'.repeat(51)}`, '/api/products', 'brand must be at most 50 characters'],
    ['brand=sony%20music', '/api/products', 'brand must be an id of lowercase letters, digits and dashes'],
    ['brand=-sony', '/api/products', 'brand must be an id of lowercase letters, digits and dashes'],
    ['brand=%3Cscript%3E', '/api/products', 'brand must be an id of lowercase letters, digits and dashes'],
    ['category=home%27--', '/api/brands', 'category must be an id of lowercase letters, digits and dashes'],
    [`category=${'x'.repeat(51)}`, '/api/brands', 'category must be at most 50 characters'],
    ['min_price=abc', '/api/brands', 'min_price must be a number'],
    ['max_price=1e400', '/api/brands', 'max_price must be a number'],
    ['min_price=20000000', '/api/brands', 'min_price must be at most 10000000'],
    ['min_price=20&max_price=10', '/api/brands', 'min_price must not be greater than max_price'],
    [`q=${'a'.repeat(201)}`, '/api/brands', 'q must be at most 200 characters'],
  ])('answers 400 to %s on %s', async (query, path, message) => {
    const res = await t.app.inject(`${path}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
  });

  it('takes brand ids in any case, with dashes', async () => {
    const { rows } = await t.pool.query<{ id: string }>(
      "select brand_id as id from products where published and brand_id like '%-%' limit 1",
    );
    const id = rows[0]?.id ?? 'apple';
    const upper = await list(`brand=${id.toUpperCase()}&limit=100`);
    expect(upper.total).toBe(await count(`p.published and p.brand_id = '${id}'`));
  });
});

describe('GET /api/products', () => {
  it('answers the first page of published products by popularity', async () => {
    const body = await list('');
    expect(body.page).toBe(1);
    expect(body.limit).toBe(20);
    expect(body.items).toHaveLength(20);
    expect(body.total).toBe(await count('p.published'));
    const { rows } = await t.pool.query<{ id: string; sold_count: number }>(
      'select id, sold_count from products where id = any($1)',
      [body.items.map((p) => p.id)],
    );
    const sold = new Map(rows.map((r) => [r.id, r.sold_count]));
    expectOrdered(body.items, [(p) => sold.get(p.id) ?? -1], ['desc']);
  });

  it('sorts by every documented sort option, ties broken by id', async () => {
    expectOrdered((await list('sort=newest&limit=100')).items, [(p) => Date.parse(p.date_added)], ['desc']);
    expectOrdered((await list('sort=price-low&limit=100')).items, [(p) => p.sale_price], ['asc']);
    expectOrdered((await list('sort=price-high&limit=100')).items, [(p) => p.sale_price], ['desc']);
    expectOrdered(
      (await list('sort=rating&limit=100')).items,
      [(p) => p.rating, (p) => p.rating_count],
      ['desc', 'desc'],
    );
    // Ties are real in this catalogue: the cheapest books share prices, and the order still holds.
    expectOrdered((await all('category=books&sort=price-low')).slice(0, 300), [(p) => p.sale_price], ['asc']);
  });

  it('pages consistently: pages do not overlap, add up to the total, and past the end stay empty', async () => {
    const items = await all('category=home&sort=rating');
    expect(new Set(items.map((p) => p.id)).size).toBe(items.length);
    expect(items.length).toBe(await count(`p.published and p.category_id = 'home'`));
    const small = await list('category=home&sort=rating&limit=7&page=3');
    expect(small.items.map((p) => p.id)).toEqual(items.slice(14, 21).map((p) => p.id));
    const past = await list('category=home&limit=50&page=99');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(items.length);
  });

  it('filters by category, with clothing as the alias of fashion, all as no filter and unknown as empty', async () => {
    const electronics = await all('category=electronics');
    expect(electronics.length).toBeGreaterThan(0);
    for (const p of electronics) expect(p.category).toBe('electronics');

    const fashion = await list('category=fashion&limit=100');
    const clothing = await list('category=Clothing&limit=100');
    expect(clothing.total).toBe(fashion.total);
    expect(clothing.items.map((p) => p.id)).toEqual(fashion.items.map((p) => p.id));
    expect(fashion.total).toBe(await count(`p.published and p.category_id = 'fashion'`));

    expect((await list('category=all')).total).toBe(await count('p.published'));
    expect(await list('category=toys')).toEqual({ items: [], total: 0, page: 1, limit: 20 });
  });

  it('filters by subcategory slug (case-insensitive), brand and featured card', async () => {
    const mens = await all(`subcategory=${encodeURIComponent("MEN'S CLOTHING")}`);
    expect(mens.length).toBe(await count(`p.published and s.slug = 'men''s clothing'`));
    for (const p of mens) expect([p.category, p.subcategory]).toEqual(['fashion', "men's clothing"]);
    for (const p of mens) expect(p.available_sizes.length).toBeGreaterThan(0);

    const apple = await all('brand=apple');
    expect(apple.length).toBe(await count(`p.published and p.brand_id = 'apple'`));
    for (const p of apple) expect(p.brand).toBe('apple');
    expect((await list('brand=all')).total).toBe(await count('p.published'));

    const iphones = await all(`featured=${encodeURIComponent('iPhone 15')}`);
    expect(iphones.length).toBeGreaterThan(0);
    expect(iphones.length).toBe(await count(`p.published and p.featured @> array['iphone 15']`));
    for (const p of iphones) expect(p.name).toContain('iPhone 15');

    const combined = await all('category=electronics&subcategory=smartphones&brand=samsung');
    expect(combined.length).toBeGreaterThan(0);
    for (const p of combined)
      expect([p.category, p.subcategory, p.brand]).toEqual(['electronics', 'smartphones', 'samsung']);
  });

  it('filters by price in currency units and by stock', async () => {
    const priced = await all('min_price=10.5&max_price=20.25');
    expect(priced.length).toBe(await count('p.published and p.sale_price_cents between 1050 and 2025'));
    for (const p of priced) {
      expect(p.sale_price).toBeGreaterThanOrEqual(10.5);
      expect(p.sale_price).toBeLessThanOrEqual(20.25);
    }
    const exact = priced[0] as Product;
    const same = await all(`min_price=${exact.sale_price}&max_price=${exact.sale_price}`);
    expect(same.map((p) => p.id)).toContain(exact.id);

    const inStock = await all('in_stock=true');
    expect(inStock.length).toBe(await count('p.published and p.available > 0'));
    for (const p of inStock) expect(p.in_stock && p.available > 0).toBe(true);
    expect(inStock.length).toBeLessThan((await list('in_stock=false')).total);
  });

  it('searches names and descriptions with full-text search, ranking name hits first', async () => {
    const hits = await all('q=Wireless');
    const { rows } = await t.pool.query<{ id: string; in_name: boolean }>(
      `select id, to_tsvector('english', name) @@ plainto_tsquery('english', 'wireless') as in_name
         from products where published and search @@ plainto_tsquery('english', 'wireless')`,
    );
    expect(hits.map((p) => p.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const inName = new Set(rows.filter((r) => r.in_name).map((r) => r.id));
    expect(inName.size).toBeGreaterThan(0);
    expect(inName.size).toBeLessThan(hits.length); // some hits come from descriptions only
    const lastNameHit = hits.findLastIndex((p) => inName.has(p.id));
    const firstDescriptionHit = hits.findIndex((p) => !inName.has(p.id));
    expect(lastNameHit).toBeLessThan(firstDescriptionHit);

    // A word that only ever appears in descriptions.
    const described = await all('q=beamforming');
    expect(described.length).toBeGreaterThan(0);
    for (const p of described) {
      expect(p.name.toLowerCase()).not.toContain('beamforming');
      expect(p.description.toLowerCase()).toContain('beamforming');
    }

    // An explicit sort wins over relevance; search combines with the other filters.
    const cheap = await all('q=wireless&sort=price-low&category=electronics');
    expect(cheap.length).toBeGreaterThan(0);
    expectOrdered(cheap, [(p) => p.sale_price], ['asc']);
    for (const p of cheap) expect(p.category).toBe('electronics');

    expect((await list('q=zzzqqqxxy')).total).toBe(0);
    expect((await list(`q=${encodeURIComponent('"  -')}`)).total).toBeGreaterThanOrEqual(0);
  });

  it('never lists unpublished products', async () => {
    const { rows } = await t.pool.query<{ id: string; name: string }>(
      'select id, name from products where not published',
    );
    expect(rows.length).toBeGreaterThan(0);
    const hidden = new Set(rows.map((r) => r.id));
    const everything = await all('sort=newest');
    expect(everything.filter((p) => hidden.has(p.id))).toEqual([]);
    for (const p of everything) expect(p.published).toBe(true);
    const byName = await all(`q=${encodeURIComponent(rows[0]?.name ?? '')}`);
    expect(byName.some((p) => p.id === rows[0]?.id)).toBe(false);
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=101', 'limit must be at most 100'],
    ['limit=abc', 'limit must be a whole number'],
    ['page=-1', 'page must be at least 1'],
    ['page=1.5', 'page must be a whole number'],
    ['sort=bogus', 'sort must be one of popular, newest, price-low, price-high, rating'],
    ['min_price=x', 'min_price must be a number'],
    ['max_price=-1', 'max_price must not be negative'],
    ['min_price=20&max_price=10', 'min_price must not be greater than max_price'],
    ['in_stock=yes', 'in_stock must be true or false'],
    [`q=${'a'.repeat(201)}`, 'q must be at most 200 characters'],
  ])('answers 400 to %s', async (query, message) => {
    const res = await t.app.inject(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
  });
});

describe('GET /api/products/:id', () => {
  it('finds a published product by UUID and by slug, with decimal prices', async () => {
    const { rows } = await t.pool.query<{
      id: string;
      slug: string;
      sale_price_cents: number;
      regular_price_cents: number;
      available: number;
    }>(
      `select id, slug, sale_price_cents, regular_price_cents, available from products
        where published and percentage_discount > 0 and sale_price_cents % 100 <> 0 order by id limit 1`,
    );
    const row = rows[0];
    if (!row) throw new Error('no discounted product in the seed');
    const byId = await t.app.inject(`/api/products/${row.id}`);
    expect(byId.statusCode).toBe(200);
    const product: Product = byId.json();
    expect(product).toMatchObject({
      id: row.id,
      slug: row.slug,
      sale_price: row.sale_price_cents / 100,
      regular_price: row.regular_price_cents / 100,
      available: row.available,
      in_stock: row.available > 0,
      published: true,
    });
    expect(product.sale_price).toBeLessThan(product.regular_price);
    const bySlug = await t.app.inject(`/api/products/${row.slug}`);
    expect(bySlug.json()).toEqual(product);
    expect((await t.app.inject(`/api/products/${row.id.toUpperCase()}`)).json()).toEqual(product);
  });

  it('answers 404 for unknown and unpublished products', async () => {
    const { rows } = await t.pool.query<{ id: string; slug: string }>(
      'select id, slug from products where not published limit 1',
    );
    const hidden = rows[0];
    if (!hidden) throw new Error('no unpublished product in the seed');
    for (const key of [hidden.id, hidden.slug, '00000000-0000-4000-8000-000000000000', 'no-such-product']) {
      const res = await t.app.inject(`/api/products/${key}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
    }
  });
});
