import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { initialScripts } from '../../../e2e/support/initial-js.ts';
import { categories } from '../src/db/schema.ts';
import { createProduct } from './cart-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const webDir = path.resolve(import.meta.dirname, '../../web');
const clientDir = path.join(webDir, 'build/client');
/** docs/architecture.md §9: storefront initial JavaScript for `/` at most 120 kB gzip. */
const INITIAL_JS_BUDGET = 120_000;

let t: TestApp;
beforeAll(async () => {
  // The server build is an input of these tests; build it once when a fresh checkout has none.
  if (!fs.existsSync(path.join(webDir, 'build/server/index.js'))) {
    execFileSync('npm', ['run', 'build'], { cwd: webDir, stdio: 'inherit' });
  }
  t = await createTestApp({ web: true });
  // At least one product whatever the seed holds; '&' checks that names are escaped in the HTML.
  await t.db.insert(categories).values({ id: 'web-test', name: 'Web Test', icon: 'box' }).onConflictDoNothing();
  await createProduct(t, {
    slug: 'web-test-lamp',
    name: 'Web Test Lamp & Shade',
    categoryId: 'web-test',
    regularPriceCents: 4999,
    salePriceCents: 3999,
    percentageDiscount: 20,
    images: ['/media/products/web-test-lamp.svg'],
    available: 5,
    soldCount: 1_000_000,
    ratingAverage: 5,
    ratingCount: 1_000_000,
  });
}, 300_000);
afterAll(() => t?.close());

/** How React escapes text content. */
const escapeHtml = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
const assetPaths = (html: string, ext: string) => [
  ...new Set([...html.matchAll(new RegExp(`/assets/[\\w.-]+\\.${ext}`, 'g'))].map((m) => m[0])),
];

describe('web: server-rendered pages', () => {
  it('renders the home page with the popular products from the database', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/^<!DOCTYPE html>/i);

    const { items } = await t.app.services.catalog.listProducts({ page: 1, limit: 8, sort: 'popular' });
    expect(items.length).toBeGreaterThan(0);
    for (const product of items) expect(res.body).toContain(escapeHtml(product.name));
    // Rendered on the server, escaped once, priced from the cents in the database.
    expect(res.body).toContain('Web Test Lamp &amp; Shade');
    expect(res.body).toContain('$39.99');
    expect(res.body).toContain('src="/media/products/web-test-lamp.svg"');
    expect(res.body).toMatch(/<img[^>]*alt="Web Test Lamp &amp; Shade"[^>]*width="400"[^>]*height="400"/);
  });

  it('answers an unknown path with HTTP 404 and the 404 page', async () => {
    const res = await t.app.inject({ url: '/no/such/page?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Oops! Page Not Found');
  });

  it('answers client navigations (single-fetch data) through the same handler', async () => {
    const res = await t.app.inject({ url: '/_root.data' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/x-script/);
    expect(res.body).toContain('Web Test Lamp & Shade');
    const missing = await t.app.inject({ url: '/no/such/page.data' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends HEAD without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
  });

  it('hands request bodies to React Router untouched by Fastify parsers', async () => {
    // Fastify's JSON parser would answer 400 to this body; the router answers 405 (no action on `/`).
    const res = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(405);
    const big = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(big.statusCode).toBe(413);
  });
});

describe('web: security headers', () => {
  it('sends a strict CSP whose nonce is on every script, fresh per response (a page rendered per request)', async () => {
    const res = await t.app.inject({ url: '/cart' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');

    const scripts = scriptTags(res.body);
    expect(scripts.length).toBeGreaterThan(0);
    // Inline scripts among them: hydration data, the module import, scroll restoration.
    expect(res.body).toMatch(/<script[^>]*>[^<]+<\/script>/);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const again = await t.app.inject({ url: '/cart' });
    expect(again.headers['content-security-policy']).not.toContain(nonce);
  });

  it('names each inline script of a page sent to many (the page cache) by its hash, and allows nothing else', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp
      .split(';')
      .find((d) => d.trim().startsWith('script-src'))
      ?.trim();
    expect(csp).not.toContain('nonce-');
    expect(res.body).not.toContain('nonce=');
    // The hashes computed here, independently: each inline script's text, SHA-256, base64.
    const inline = [...res.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline.length).toBeGreaterThan(1);
    const hashes = [...new Set(inline.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`))];
    expect(scriptSrc).toBe(`script-src 'self' ${hashes.join(' ')}`);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it('puts the nonce on the scripts of the 404 page too', async () => {
    const res = await t.app.inject({ url: '/missing' });
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    const scripts = scriptTags(res.body);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });
});

describe('web: compression and static assets', () => {
  it('compresses HTML with brotli or gzip as the client accepts', async () => {
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('Web Test Lamp &amp; Shade');

    const gzip = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('Web Test Lamp &amp; Shade');

    const plain = await t.app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Web Test Lamp');
  });

  it('serves fingerprinted JS pre-compressed with a year of immutable caching', async () => {
    const html = (await t.app.inject({ url: '/' })).body;
    const [script] = assetPaths(html, 'js');
    expect(script).toBeDefined();
    const onDisk = fs.readFileSync(path.join(clientDir, script!));

    const br = await t.app.inject({ url: script!, headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(onDisk)).toBe(true);

    const plain = await t.app.inject({ url: script! });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(onDisk)).toBe(true);

    const [stylesheet] = assetPaths(html, 'css');
    const css = await t.app.inject({ url: stylesheet!, headers: { 'accept-encoding': 'gzip' } });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('caches unfingerprinted public files briefly and 404s missing assets without a page', async () => {
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');

    const missing = await t.app.inject({ url: '/assets/nope-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<html');
  });

  it('keeps the initial JavaScript of / within the budget', async () => {
    const html = (await t.app.inject({ url: '/' })).body;
    const scripts = initialScripts(html);
    expect(scripts.some((p) => p.includes('entry.client'))).toBe(true);
    const gzipBytes = scripts.reduce(
      (sum, p) => sum + zlib.gzipSync(fs.readFileSync(path.join(clientDir, p)), { level: 9 }).length,
      0,
    );
    console.info(`initial JS for /: ${scripts.length} files, ${(gzipBytes / 1000).toFixed(1)} kB gzip`);
    expect(gzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });
});

describe('web: the API keeps its paths', () => {
  it('answers /api and /media itself, never with a page', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.headers['content-type']).toMatch(/^application\/json/);
    expect(health.json()).toEqual({ status: 'ok', database: 'up' });

    const unknown = await t.app.inject({ url: '/api/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });

    const post = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } });
    expect(post.headers['content-type']).toMatch(/^application\/json/);
    expect(post.statusCode).toBeGreaterThanOrEqual(400);

    const media = await t.app.inject({ url: '/media/no-such-file.svg' });
    expect(media.statusCode).toBe(404);
    expect(media.body).not.toContain('<html');
  });
});

describe('web: demo loader delay', () => {
  it('holds the home page until DEMO_LOADER_DELAY_MS has passed on the server clock (docs/product.md §10)', async () => {
    const slow = await createTestApp({ web: true, env: { DEMO_LOADER_DELAY_MS: '400' } });
    try {
      let answered = false;
      const page = slow.app.inject({ url: '/' }).then((res) => {
        answered = true;
        return res;
      });
      // The loader is waiting on the test's clock, not on real time: nothing moves until the clock does.
      await vi.waitFor(() => expect(slow.clock.sleeping()).toBe(1));
      slow.clock.advance(399);
      await new Promise((resolve) => setImmediate(resolve));
      expect(answered).toBe(false);
      slow.clock.advance(1);
      expect((await page).statusCode).toBe(200);
      expect(slow.clock.sleeping()).toBe(0);
    } finally {
      await slow.close();
    }
  });
});

describe('web: missing build', () => {
  it('refuses to start without the web build and says how to make it', async () => {
    await expect(createTestApp({ web: true, env: { WEB_BUILD_DIR: '/nonexistent/web-build' } })).rejects.toThrow(
      /web app is not built.*npm run build/,
    );
  });
});
