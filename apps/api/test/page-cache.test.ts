import zlib from 'node:zlib';
import { convertMinor, formatMinor, type Presentment } from '@shop/contracts/currency';
import { formatMoney } from '@shop/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentOf, type PageCache } from '../src/web/page-cache.ts';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, login, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * Storefront pages are the same for every visitor, so one process renders each once and
 * answers it from memory until the catalogue, settings or content it shows change.
 */
let t: TestApp;
let cache: PageCache;
let staff: { authorization: string };
let product: { id: string; slug: string };

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true });
  if (!t.app.pageCache) throw new Error('the web app has no page cache');
  cache = t.app.pageCache;
  staff = await authHeaders(t, await createUser(t, { role: 'admin' }));
  product = await createProduct(t, {
    slug: 'page-cache-kettle',
    name: 'Page Cache Kettle',
    regularPriceCents: 5_000,
    salePriceCents: 4_500,
    available: 20,
  });
}, 300_000);
afterAll(() => t?.close());

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('the page cache', () => {
  it('gives two different signed-in shoppers one cache entry holding nothing of either', async () => {
    const shoppers = await Promise.all(
      ['Ophelia Quartermain', 'Bartholomew Zanzibar'].map(async (name, i) => {
        const [firstName = '', lastName = ''] = name.split(' ');
        const user = await createUser(t, { firstName, lastName, email: `page-cache-${i}@example.com` });
        const session = await login(t, user.email, user.password);
        return { user, session };
      }),
    );
    const url = `/products/${product.slug}`;
    const before = cache.stats();
    const answers = [];
    for (const { session } of shoppers) {
      // What a signed-in browser could send with a page request: its token and cookies.
      answers.push(
        await page(url, {
          authorization: `Bearer ${session.access}`,
          cookie: `refresh=${session.refresh}; theme=dark`,
        }),
      );
    }
    const after = cache.stats();
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(1);
    expect(cache.entries().filter(([key]) => key === url)).toHaveLength(1);
    expect(answers[0]?.body).toBe(answers[1]?.body);
    expect(answers[0]?.headers.etag).toBe(answers[1]?.headers.etag);
    expect(answers[0]?.headers['set-cookie']).toBeUndefined();

    // Nothing personal anywhere in what the cache holds (every encoding) or sent.
    const held = cache
      .entries()
      .flatMap(([, p]) => [documentOf(p), zlib.brotliDecompressSync(p.br), zlib.gunzipSync(p.gzip)])
      .map((b) => b.toString('utf8'));
    for (const { user, session } of shoppers) {
      for (const secret of [
        user.email,
        user.username,
        user.firstName,
        user.lastName,
        user.id,
        session.access,
        session.refresh,
      ]) {
        for (const text of [...held, ...answers.map((a) => a.body)]) expect(text).not.toContain(secret);
      }
    }
  });

  it('answers a browser that holds the page with 304, and says how long others may keep it', async () => {
    const url = `/products/${product.id}`;
    const first = await page(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60');
    // Kept per currency: a shared cache keys its copies by the cookie too.
    expect(first.headers.vary).toBe('accept-encoding, cookie');

    const again = await page(url, { 'if-none-match': `"other", ${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await page(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // The same document in every encoding, under the same validator.
    const br = await page(url, { 'accept-encoding': 'br' });
    const gz = await page(url, { 'accept-encoding': 'gzip' });
    expect([br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(first.body);
    expect([br.headers.etag, gz.headers.etag]).toEqual([etag, etag]);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(etag);
  });

  it('keeps one copy per presentment currency, shown to the shoppers whose cookie names it', async () => {
    const eur = { code: 'EUR', digits: 2, rate: 0.92, rounding: 'charm' as const, countries: ['DE'] };
    await t.app.services.settings.saveCurrencies(t.db, { base: { code: 'USD', digits: 2 }, presentment: [eur] });
    await t.app.services.settings.invalidate();
    try {
      const url = `/products/${product.slug}`;
      const presentment: Presentment = { ...eur, converted: true };
      const shown = (await page(url)).body;
      // The kettle's sale price (beforeAll): $45.00, and in euros as checkout charges it.
      const usd = { code: 'USD', digits: 2 };
      const euros = formatMinor(convertMinor(4_500, usd, presentment, true), presentment);
      expect(shown).toContain(formatMoney(4_500));
      const before = cache.stats();
      const inEuros = await page(url, { cookie: 'session=secret; currency=EUR' });
      const againInEuros = await page(url, { cookie: 'currency=EUR' });
      const inDollars = await page(url, { cookie: 'currency=USD; session=secret' });
      const unknown = await page(url, { cookie: 'currency=XYZ' });
      const after = cache.stats();

      expect(inEuros.body).toContain(euros);
      expect(inEuros.body).not.toContain(formatMoney(4_500));
      expect(againInEuros.body).toBe(inEuros.body);
      expect(inDollars.body).toBe(shown);
      expect(unknown.body).toBe(shown);
      // One render for the euro copy; the dollar copy was already kept.
      expect(after.misses - before.misses).toBe(1);
      expect(cache.entries().map(([key]) => key)).toContain(`${url}#currency=EUR`);
      expect(inEuros.headers.etag).not.toBe(unknown.headers.etag);
      expect(inEuros.headers.vary).toBe('accept-encoding, cookie');
      // The render read the currency and nothing else of the visitor.
      expect(inEuros.body).not.toContain('secret');
    } finally {
      await t.app.services.settings.saveCurrencies(t.db, { base: { code: 'USD', digits: 2 }, presentment: [] });
      await t.app.services.settings.invalidate();
    }
  });

  it('shows an admin price change on the very next page view', async () => {
    const url = `/products/${product.slug}`;
    const price = (cents: number) => formatMoney(cents);
    expect((await page(url)).body).toContain(price(4_500));
    expect(cache.entries().some(([key]) => key === url)).toBe(true);

    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}`,
      headers: staff,
      payload: { regular_price: 61.5, sale_price: 61.5 },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const next = await page(url);
    expect(next.body).toContain(price(6_150));
    expect(next.body).not.toContain(price(4_500));
  });

  it('drops the content pages when a content page is edited, and keeps the catalogue’s', async () => {
    await page('/about');
    await page(`/products/${product.slug}`);
    const keys = () => cache.entries().map(([key]) => key);
    expect(keys()).toEqual(expect.arrayContaining(['/about', `/products/${product.slug}`]));

    const pages = (await (await t.app.inject({ url: '/api/admin/content-pages', headers: staff })).json()) as {
      items: { slug: string; title: string; description: string; body: string }[];
    };
    const about = pages.items.find((p) => p.slug === 'about');
    if (!about) throw new Error('no about page');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/content-pages/about',
      headers: staff,
      payload: { title: 'About our cached shop', description: about.description, body: about.body },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(keys()).not.toContain('/about');
    expect(keys()).toContain(`/products/${product.slug}`);
    expect((await page('/about')).body).toContain('About our cached shop');
  });

  it('renders a page asked for many times at once only once', async () => {
    const url = '/products?sort=price-low&page=2';
    const before = cache.stats();
    const answers = await Promise.all(Array.from({ length: 8 }, () => page(url)));
    const after = cache.stats();
    expect(answers.every((a) => a.statusCode === 200 && a.body === answers[0]?.body)).toBe(true);
    expect(after.misses - before.misses).toBe(1);
    expect(after.shared - before.shared + after.hits - before.hits).toBe(7);
  });

  it('keeps no page that is rendered per visitor, missing, or answered in maintenance', async () => {
    const keys = () => cache.entries().map(([key]) => key);
    expect((await page('/cart')).statusCode).toBe(200);
    expect((await page('/products/no-such-product')).statusCode).toBe(404);
    expect(keys()).not.toContain('/cart');
    expect(keys()).not.toContain('/products/no-such-product');

    const settings = (await t.app.inject({ url: '/api/admin/settings', headers: staff })).json() as object;
    const set = (on: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: staff,
        payload: { ...settings, maintenance_mode: on },
      });
    expect((await set(true)).statusCode).toBe(200);
    try {
      expect(cache.stats().entries).toBe(0);
      const during = await page('/categories');
      expect(during.statusCode).toBe(503);
      expect(during.headers.etag).toBeUndefined();
      expect(keys()).not.toContain('/categories');
    } finally {
      expect((await set(false)).statusCode).toBe(200);
    }
    expect((await page('/categories')).statusCode).toBe(200);
    expect(keys()).toContain('/categories');
  });
});

describe('the page cache is bounded in bytes', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ web: true, env: { PAGE_CACHE_MAX_MB: '0.5' } });
  }, 300_000);
  afterAll(() => small?.close());

  it('holds at most PAGE_CACHE_MAX_MB, dropping the least recently used pages', async () => {
    for (let n = 1; n <= 30; n++) {
      expect((await small.app.inject({ url: `/products?page=${n}` })).statusCode).toBe(200);
    }
    const stats = small.app.pageCache?.stats();
    expect(stats?.maxBytes).toBe(0.5 * 1024 * 1024);
    expect(stats?.bytes).toBeLessThanOrEqual(0.5 * 1024 * 1024);
    expect(stats?.entries).toBeGreaterThan(0);
    expect(stats?.entries).toBeLessThan(30);
    // The newest page is kept; the oldest went first.
    const keys = small.app.pageCache?.entries().map(([key]) => key);
    expect(keys).toContain('/products?page=30');
    expect(keys).not.toContain('/products?page=1');
  });
});
