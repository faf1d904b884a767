import type { Category, ProductList } from '@shop/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function expectSvg(res: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('image/svg+xml');
  expect(res.headers['cache-control']).toBe('public, max-age=86400');
  expect(res.headers['content-security-policy']).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  );
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(res.body).toMatch(/<\/svg>$/);
}

describe('/media catalogue pictures', () => {
  it('serves every image a listed product links to, locally, as a deterministic SVG', async () => {
    const list: ProductList = (await t.app.inject('/api/products?limit=100&sort=newest')).json();
    for (const product of list.items.slice(0, 10)) {
      expect(product.images.length).toBeGreaterThan(0);
      for (const url of product.images) {
        expect(url).toMatch(/^\/media\/products\//);
        const res = await t.app.inject(url);
        expectSvg(res);
        expect(res.body).toContain(`<title>${xml(product.name)}</title>`);
        expect((await t.app.inject(url)).body).toBe(res.body);
      }
      const [first, second] = product.images;
      expect((await t.app.inject(first as string)).body).not.toBe((await t.app.inject(second as string)).body);
    }
  });

  it('escapes product names inside the picture', async () => {
    const list: ProductList = (await t.app.inject('/api/products?brand=levis&limit=1')).json();
    const product = list.items[0];
    if (!product) throw new Error("no Levi's product in the seed");
    const res = await t.app.inject(product.images[0] as string);
    expectSvg(res);
    expect(res.body).toContain('Levi&#39;s');
    expect(res.body).not.toContain("Levi's");
  });

  it('serves featured card, category and subcategory pictures', async () => {
    const categories: Category[] = (await t.app.inject('/api/categories')).json();
    for (const category of categories) {
      for (const card of category.featured) {
        const res = await t.app.inject(card.image);
        expectSvg(res);
        expect(res.body).toContain(`<title>${xml(card.name)}</title>`);
      }
      expectSvg(await t.app.inject(`/media/categories/${category.id}.svg`));
      const sub = category.subcategories[0];
      if (!sub) throw new Error('category without subcategories');
      expectSvg(await t.app.inject(`/media/subcategories/${category.id}/${encodeURIComponent(sub.slug)}.svg`));
    }
    expect(categories.flatMap((c) => c.featured.map((f) => f.image)).some((u) => u.includes('%20'))).toBe(true);
  });

  it('answers 404 for anything that is not one of our pictures', async () => {
    const list: ProductList = (await t.app.inject('/api/products?limit=1')).json();
    const slug = list.items[0]?.slug;
    for (const url of [
      '/media/products/no-such-product/1.svg',
      `/media/products/${slug}/0.svg`,
      `/media/products/${slug}/7.svg`,
      `/media/products/${slug}/1.png`,
      `/media/products/${slug}/x.svg`,
      '/media/featured/no-such-card.svg',
      '/media/featured/iphone%2015.png',
      '/media/categories/toys.svg',
      '/media/subcategories/electronics/spoons.svg',
      '/media/subcategories/toys/smartphones.svg',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).not.toContain('svg');
    }
  });

  it('never points at another host', async () => {
    const { rows } = await t.pool.query<{ n: string }>(
      `select count(*) as n from products where exists (select 1 from unnest(images) u where u !~ '^/media/')`,
    );
    expect(Number(rows[0]?.n)).toBe(0);
    const cards = await t.pool.query<{ n: string }>(
      `select count(*) as n from featured_cards where image !~ '^/media/'`,
    );
    expect(Number(cards.rows[0]?.n)).toBe(0);
  });
});
