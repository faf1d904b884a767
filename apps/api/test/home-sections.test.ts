import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, homePage, storeSettings } from '../src/db/schema.ts';
import { seedIfEmpty } from '../src/db/seed/index.ts';
import type { PageCache } from '../src/web/page-cache.ts';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * The home page as sections the owner edits (docs/adr/043-home-page-sections.md): staff replace the
 * whole list, preview a draft with real products, and shoppers see a save at once (the page cache is
 * emptied). A shop of its own (SEED=none) starts with a neutral home.
 */

let t: TestApp;
let cache: PageCache;
let staff: Record<string, string>;
let customer: Record<string, string>;
const tag = 'home-rail-tag';
let tagged: { name: string; slug: string }[];

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true });
  if (!t.app.pageCache) throw new Error('the web app has no page cache');
  cache = t.app.pageCache;
  staff = await authHeaders(t, await createUser(t, { role: 'staff' }));
  customer = await authHeaders(t, await createUser(t, { role: 'customer' }));
  tagged = [];
  for (const name of ['Heron Lamp', 'Kestrel Vase']) {
    tagged.push(await createProduct(t, { name, tags: [tag], published: true }));
  }
  await t.app.services.catalog.invalidate();
}, 300_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = staff) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const home = () => t.app.inject({ method: 'GET', url: '/' });
const saved = async () => (await call('GET', '/home-page')).json().sections;
const audits = async () =>
  (
    await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.action, 'home_page.update'))
  )[0]?.n;

/** The draft's rich text once sanitized: allowed formatting kept, nothing executable. */
const kept = '<h2>Our story</h2><p>First <strong>paragraph</strong>.</p><p>Second paragraph.</p><a>go</a>';

const draft = {
  sections: [
    {
      type: 'hero',
      title: 'Lamps for long evenings',
      text: 'Warm light, made to last.',
      buttons: [{ label: 'See the lamps', href: `/products?tag=${tag}` }],
    },
    { type: 'product_rail', title: 'Chosen for you', source: { tag }, limit: 4 },
    {
      type: 'rich_text',
      text: '<h2>Our story</h2><p>First <b>paragraph</b>.</p><p onclick="steal()">Second <script>alert(1)</script>paragraph.</p><img src=x onerror=alert(1)><a href="javascript:alert(1)">go</a>',
    },
  ],
};

describe('admin home page sections', () => {
  it('is for staff only', async () => {
    for (const [method, url] of [
      ['GET', '/home-page'],
      ['PUT', '/home-page'],
      ['POST', '/home-page/preview'],
    ] as const) {
      const body = method === 'GET' ? undefined : draft;
      expect((await call(method, url, body, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, body, customer)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('reads the demo home as sections, and the demo page shows them as before', async () => {
    const sections = await saved();
    expect(sections.map((s: { type: string }) => s.type)).toEqual([
      'hero',
      'category_tiles',
      'featured',
      'product_rail',
      'product_rail',
    ]);
    expect(sections[0]).toMatchObject({
      title: 'Everything you need, in one shop',
      buttons: [
        { label: 'Shop all products', href: '/products' },
        { label: 'Browse categories', href: '/categories' },
      ],
    });
    const page = await home();
    expect(page.statusCode).toBe(200);
    for (const text of ['Everything you need, in one shop', 'Shop by category', 'Featured', 'New arrivals']) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toContain(
      'Electronics, Fashion, Home &amp; Garden, Sports &amp; Outdoors, and Books &amp; Media: picked with care',
    );
  });

  it('refuses bad input with a 400 in the shop’s error format and changes nothing', async () => {
    const before = await saved();
    const auditsBefore = await audits();
    const bad: unknown[] = [
      { sections: [{ type: 'hero', title: 'x', unknown: 1 }] },
      { sections: [{ type: 'hero', title: 'x', buttons: [{ label: 'Go', href: '//evil.example' }] }] },
      { sections: [{ type: 'hero', title: 'x', buttons: [{ label: 'Go', href: 'javascript:alert(1)' }] }] },
      { sections: [{ type: 'hero', title: 'x', image: 'https://elsewhere.example/a.png' }] },
      { sections: [{ type: 'product_rail', title: 'R', source: 'everything' }] },
      { sections: [{ type: 'marquee', title: 'x' }] },
      { sections: Array.from({ length: 21 }, () => ({ type: 'category_tiles', title: 'x' })) },
      { sections: 'all' },
      {},
    ];
    for (const body of bad) {
      for (const url of ['/home-page', '/home-page/preview']) {
        const res = await call(url === '/home-page' ? 'PUT' : 'POST', url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      }
    }
    expect(await saved()).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
  });

  it('previews a draft with real products, saving nothing', async () => {
    const before = await saved();
    const res = await call('POST', '/home-page/preview', draft);
    expect(res.statusCode, res.body).toBe(200);
    const [hero, rail, text] = res.json().sections;
    expect(hero).toMatchObject({ type: 'hero', title: 'Lamps for long evenings', image: null });
    expect(rail).toMatchObject({ type: 'product_rail', more: `/products?tag=${tag}` });
    expect(rail.products.map((p: { name: string }) => p.name).sort()).toEqual(['Heron Lamp', 'Kestrel Vase']);
    // The preview shows a rich text as a save keeps it: sanitized (docs/adr/044-rich-text.md).
    expect(text).toEqual({ type: 'rich_text', text: kept });
    expect(await saved()).toEqual(before);
    expect((await home()).body).not.toContain('Lamps for long evenings');
  });

  it('resolves every rail source: new, best sellers, on sale, a category, chosen products', async () => {
    const rails = [
      { type: 'product_rail', title: 'N', source: 'new', limit: 4 },
      { type: 'product_rail', title: 'B', source: 'best_sellers', limit: 4 },
      { type: 'product_rail', title: 'S', source: 'on_sale', limit: 5 },
      { type: 'product_rail', title: 'C', source: { category: 'books' }, limit: 4 },
      { type: 'product_rail', title: 'P', source: { products: [tagged[1]?.slug, 'no-such-product', tagged[0]?.slug] } },
    ];
    const res = await call('POST', '/home-page/preview', { sections: rails });
    expect(res.statusCode, res.body).toBe(200);
    const [newest, best, sale, books, picked] = res.json().sections;
    expect(newest.products).toHaveLength(4);
    expect(best.products).toHaveLength(4);
    expect(sale.products).toHaveLength(5);
    for (const p of sale.products) expect(p.sale_price).toBeLessThan(p.regular_price);
    for (const p of books.products) expect(p.category).toBe('books');
    expect(books.more).toBe('/products/category/books');
    expect(picked.products.map((p: { name: string }) => p.name)).toEqual(['Kestrel Vase', 'Heron Lamp']);
    expect(picked.more).toBeNull();
  });

  it('a rail of a hidden category still shows its products, without a link to a page that is not there', async () => {
    const rail = { type: 'product_rail', title: 'Hidden', source: { category: 'books' }, limit: 4 };
    await t.db.execute(sql`update categories set hidden = true where id = 'books'`);
    await t.app.services.catalog.invalidate();
    try {
      const res = await call('POST', '/home-page/preview', { sections: [rail] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().sections[0].products.length).toBeGreaterThan(0);
      expect(res.json().sections[0].more).toBeNull();
    } finally {
      await t.db.execute(sql`update categories set hidden = false where id = 'books'`);
      await t.app.services.catalog.invalidate();
    }
  });

  it('a save replaces the list, is audited, empties the page cache, and shoppers see it at once', async () => {
    await home();
    const hits = cache.stats().hits;
    await home();
    expect(cache.stats().hits).toBe(hits + 1);
    expect(cache.entries().some(([key]) => key === '/')).toBe(true);
    const auditsBefore = (await audits()) ?? 0;

    const res = await call('PUT', '/home-page', draft);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sections[0]).toEqual({ ...draft.sections[0], image: null });
    expect(res.json().updated_at).toEqual(expect.any(String));
    expect(cache.entries().some(([key]) => key === '/')).toBe(false);
    expect(await audits()).toBe(auditsBefore + 1);

    const page = await home();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Lamps for long evenings');
    expect(page.body).toContain('Chosen for you');
    expect(page.body).toContain('Heron Lamp');
    expect(page.body).toContain(`href="/products?tag=${tag}"`);
    // Rich text is drawn as HTML, sanitized on save: formatting kept, nothing executable survives.
    expect(res.json().sections[2]).toEqual({ type: 'rich_text', text: kept });
    expect(page.body).toContain(kept);
    for (const bad of ['steal()', 'alert(1)', 'onerror', 'javascript:']) expect(page.body).not.toContain(bad);
    expect(page.body).not.toContain('Shop by category');
    expect(await saved()).toEqual(res.json().sections);
  });

  it('a rich text sent as plain text is kept as paragraphs, its markup-like characters escaped', async () => {
    const res = await call('PUT', '/home-page', {
      sections: [{ type: 'rich_text', text: 'Hand-poured.\nSoy & beeswax.\n\nShips > 2 days.' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sections).toEqual([
      { type: 'rich_text', text: '<p>Hand-poured.<br />Soy &amp; beeswax.</p><p>Ships &gt; 2 days.</p>' },
    ]);
  });

  it('a home saved when rich text was plain text is upgraded to paragraphs by its migration', async () => {
    const legacy = [
      { type: 'hero', title: 'Old', text: '', image: null, buttons: [] },
      { type: 'rich_text', text: 'Line one\r\n  line two & more\n\n \n  Last' },
      { type: 'rich_text', text: '<p>Already HTML</p>' },
    ];
    await t.db
      .update(homePage)
      .set({ sections: legacy as never })
      .where(eq(homePage.id, 1));
    const file = path.join(import.meta.dirname, '../src/db/migrations/0017_home_rich_text_html.sql');
    await t.db.execute(sql.raw(fs.readFileSync(file, 'utf8')));
    const [row] = await t.db.select({ sections: homePage.sections }).from(homePage);
    expect(row?.sections).toEqual([
      legacy[0],
      { type: 'rich_text', text: '<p>Line one<br />line two &amp; more</p><p>Last</p>' },
      legacy[2],
    ]);
  });

  it('saves at the same moment queue: the last one wins whole, never a mix, each audited', async () => {
    const auditsBefore = (await audits()) ?? 0;
    const lists = Array.from({ length: 6 }, (_, i) => [
      { type: 'hero', title: `Hero ${i}`, text: '', image: null, buttons: [] },
      { type: 'rich_text', text: `<p>Text ${i}</p>` },
    ]);
    const answers = await Promise.all(lists.map((sections) => call('PUT', '/home-page', { sections })));
    expect(answers.map((a) => a.statusCode)).toEqual(lists.map(() => 200));
    const final = await saved();
    expect(lists).toContainEqual(final);
    const n = final[0].title.slice('Hero '.length);
    expect(final[1].text).toBe(`<p>Text ${n}</p>`);
    expect(await audits()).toBe(auditsBefore + lists.length);
    expect((await home()).body).toContain(`Hero ${n}`);
  });
});

describe('a shop of its own (SEED=none)', () => {
  beforeAll(async () => {
    await t.db.execute(
      sql`truncate users, products, categories, brands, store_settings, discount_codes, content_pages cascade`,
    );
    const quiet = { info: () => {}, warn: () => {} };
    await seedIfEmpty(t.db, { mode: 'none', adminPassword: 'A-long-enough-passw0rd', log: quiet });
    await t.app.services.catalog.invalidate();
    await t.app.services.settings.invalidate();
    staff = await authHeaders(t, await createUser(t, { role: 'staff' }));
  });

  it('starts with a neutral home: the store’s name, a way into the catalogue, no demo words, no empty rail', async () => {
    expect(await t.db.select().from(homePage)).toEqual([]);
    expect(await saved()).toEqual([
      {
        type: 'hero',
        title: 'Shop',
        text: 'Picked with care and delivered to your door.',
        image: null,
        buttons: [{ label: 'Shop all products', href: '/products' }],
      },
      { type: 'product_rail', title: 'New arrivals', source: 'new', limit: 8 },
    ]);
    const page = await home();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Shop all products');
    for (const word of ['Electronics', 'Everything you need', 'Browse categories', 'Featured']) {
      expect(page.body, word).not.toContain(word);
    }
    // The rail is there, showing nothing while the shop has no products: no heading over an empty row.
    expect(page.body).not.toMatch(/<h2[^>]*>New arrivals</);
  });

  it('the neutral home names the store as it is named now', async () => {
    await t.db.update(storeSettings).set({ storeName: 'Wick & Wax' });
    await t.app.services.settings.invalidate();
    expect((await saved())[0].title).toBe('Wick & Wax');
    expect((await home()).body).toMatch(/<h1[^>]*>Wick &amp; Wax<\/h1>/);
  });

  it('the owner builds a home with a hero and a rail, and a shopper sees it', async () => {
    const product = await createProduct(t, { name: 'Owl Teapot', published: true });
    await t.app.services.catalog.invalidate();
    const res = await call('PUT', '/home-page', {
      sections: [
        { type: 'hero', title: 'Tea, properly', buttons: [{ label: 'All teapots', href: '/products' }] },
        { type: 'product_rail', title: 'Our teapots', source: { products: [product.slug] }, limit: 4 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await home();
    expect(page.body).toContain('Tea, properly');
    expect(page.body).toContain('Our teapots');
    expect(page.body).toContain('Owl Teapot');
  });

  it('a home saved once stays as saved, whatever the store is called later', async () => {
    await t.db.update(storeSettings).set({ storeName: 'Owl & Co' });
    await t.app.services.settings.invalidate();
    expect((await saved())[0]).toMatchObject({ type: 'hero', title: 'Tea, properly' });
    expect((await home()).body).toContain('Owl Teapot');
  });

  it('forgetting the saved list brings the neutral home back, audited; staff only', async () => {
    expect((await call('DELETE', '/home-page', undefined, {})).statusCode).toBe(401);
    await t.db.update(storeSettings).set({ storeName: 'Owl & Co' });
    await t.app.services.settings.invalidate();
    const put = await call('PUT', '/home-page', { sections: [{ type: 'hero', title: 'Tea, properly' }] });
    expect(put.statusCode, put.body).toBe(200);
    const res = await call('DELETE', '/home-page');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated_at).toBeNull();
    expect(res.json().sections[0]).toMatchObject({ type: 'hero', title: 'Owl & Co' });
    expect(await t.db.select().from(homePage)).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'home_page.reset'));
    expect(entry?.before).toMatchObject({ sections: [{ title: 'Tea, properly' }] });
    expect((await home()).body).toMatch(/<h1[^>]*>Owl &amp; Co<\/h1>/);
  });
});
