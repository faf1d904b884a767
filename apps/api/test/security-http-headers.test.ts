import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../src/web/plugin.ts';
import { multipartFile, pngImage } from './admin-catalog-fixtures.ts';
import { currentSettings } from './admin-store-fixtures.ts';
import { authHeaders, createProduct } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild, ROOT } from './web-build.ts';

/**
 * One set of security headers on every answer — API, pages, static files, media,
 * errors and redirects — with a content security policy per class.
 */
const EXPECTED = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=()',
};
const NOTHING_RUNS = "default-src 'none'; frame-ancestors 'none'";
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

type Class = 'none' | 'page' | 'svg' | 'docs';
interface Case {
  name: string;
  status: number;
  csp: Class;
  request: () => InjectOptions;
}

let t: TestApp;
let adminHeaders: Record<string, string>;
let slug: string;
let upload: string;
let asset: string;

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true });
  adminHeaders = await authHeaders(t, await createUser(t, { role: 'admin' }));
  const file = multipartFile(await pngImage(20, 20));
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads/images',
    headers: { ...adminHeaders, ...file.headers },
    payload: file.payload,
  });
  upload = uploaded.json().url;
  const product = await createProduct(t, { images: [upload] });
  slug = product.slug;
  const [script] = fs.readdirSync(path.join(ROOT, 'apps/web/build/client/assets')).filter((f) => f.endsWith('.js'));
  asset = `/assets/${script}`;
}, 300_000);
afterAll(() => t?.close());

const CASES: Case[] = [
  { name: 'API 200', status: 200, csp: 'none', request: () => ({ url: '/api/products?limit=1' }) },
  { name: 'API HEAD', status: 200, csp: 'none', request: () => ({ method: 'HEAD', url: '/api/categories' }) },
  { name: 'API 400 validation', status: 400, csp: 'none', request: () => ({ url: '/api/products?limit=abc' }) },
  { name: 'API 401', status: 401, csp: 'none', request: () => ({ url: '/api/users/me' }) },
  { name: 'API 404 product', status: 404, csp: 'none', request: () => ({ url: '/api/products/no-such-product' }) },
  { name: 'API 404 route', status: 404, csp: 'none', request: () => ({ url: '/api/no-such-route' }) },
  {
    name: 'API 400 bad JSON',
    status: 400,
    csp: 'none',
    request: () => ({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    }),
  },
  {
    name: 'API 413',
    status: 413,
    csp: 'none',
    request: () => ({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(200 * 1024) }),
    }),
  },
  {
    name: 'API 415',
    status: 415,
    csp: 'none',
    request: () => ({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    }),
  },
  { name: 'API docs', status: 200, csp: 'docs', request: () => ({ url: '/api/docs' }) },
  { name: 'API docs redirect', status: 302, csp: 'docs', request: () => ({ url: '/api/docs/static/index.html' }) },
  { name: 'page 200', status: 200, csp: 'page', request: () => ({ url: '/' }) },
  { name: 'page HEAD', status: 200, csp: 'page', request: () => ({ method: 'HEAD', url: '/products' }) },
  { name: 'page 404', status: 404, csp: 'page', request: () => ({ url: '/no/such/page' }) },
  { name: 'page data 404', status: 404, csp: 'page', request: () => ({ url: '/no/such/page.data' }) },
  { name: 'page 405', status: 405, csp: 'page', request: () => ({ method: 'POST', url: '/', payload: 'x=1' }) },
  {
    name: 'page redirect',
    status: 301,
    csp: 'page',
    request: () => ({ url: '/products/category/clothing' }),
  },
  { name: 'robots.txt', status: 200, csp: 'page', request: () => ({ url: '/robots.txt' }) },
  {
    name: 'page 413',
    status: 413,
    csp: 'none',
    request: () => ({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(2 * 1024 * 1024),
    }),
  },
  { name: 'asset 200', status: 200, csp: 'none', request: () => ({ url: asset }) },
  { name: 'public file 200', status: 200, csp: 'none', request: () => ({ url: '/favicon.svg' }) },
  { name: 'asset 404', status: 404, csp: 'none', request: () => ({ url: '/assets/no-such-file.js' }) },
  { name: 'media SVG 200', status: 200, csp: 'svg', request: () => ({ url: `/media/products/${slug}/1.svg` }) },
  { name: 'media upload 200', status: 200, csp: 'none', request: () => ({ url: upload }) },
  { name: 'media 404', status: 404, csp: 'none', request: () => ({ url: '/media/products/no-such-product/1.svg' }) },
  { name: 'media unknown path 404', status: 404, csp: 'none', request: () => ({ url: '/media/no-such-file.svg' }) },
  { name: 'unknown method 405', status: 405, csp: 'none', request: () => ({ method: 'TRACE', url: '/' }) },
  {
    name: 'unknown API method 405',
    status: 405,
    csp: 'none',
    request: () => ({ method: 'PROPFIND', url: '/api/products' }),
  },
  // A broken page address gets the shop's HTML error page, under the pages' policy.
  { name: 'bad URL (page) 400', status: 400, csp: 'page', request: () => ({ url: '/%E0%A4%A' }) },
  { name: 'bad URL (API) 400', status: 400, csp: 'none', request: () => ({ url: '/api/products/%' }) },
  { name: 'bad URL (media) 400', status: 400, csp: 'none', request: () => ({ url: '/media/products/%/1.svg' }) },
];

function expectHeaders(name: string, res: Response, csp: Class) {
  const actual = Object.fromEntries(Object.keys(EXPECTED).map((h) => [h, res.headers[h]]));
  expect([name, actual]).toEqual([name, EXPECTED]);
  const policy = String(res.headers['content-security-policy']);
  if (csp === 'none') expect([name, policy]).toEqual([name, NOTHING_RUNS]);
  if (csp === 'svg') expect([name, policy]).toEqual([name, SVG_CSP]);
  if (csp === 'page') {
    // Exactly as strict as pages have always been: only the nonce changes — or, on a page sent to
    // everyone from the page cache, the hashes of its inline scripts stand in its place.
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    const hashes = policy.match(/'sha256-[^']+'/g) ?? [];
    expect([name, policy]).toEqual([name, contentSecurityPolicy(nonce ?? { hashes })]);
  }
  if (csp === 'docs') expect(policy, name).toContain("frame-ancestors 'none'");
}

describe('one set of security headers on every answer', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.status} with the full set`, async () => {
      const res = await t.app.inject(c.request());
      expect([c.name, res.statusCode]).toEqual([c.name, c.status]);
      expectHeaders(c.name, res, c.csp);
    });
  }

  it('the maintenance page (503) carries the full set too', async () => {
    const original = await currentSettings(t);
    const put = (body: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: adminHeaders, payload: body as object });
    expect((await put({ ...original, maintenance_mode: true })).statusCode).toBe(200);
    try {
      const page = await t.app.inject({ url: '/products' });
      expect(page.statusCode).toBe(503);
      expectHeaders('maintenance page', page, 'page');
      const api = await t.app.inject({ method: 'POST', url: '/api/contact', payload: {} });
      expect(api.statusCode).toBe(503);
      expectHeaders('maintenance API', api, 'none');
    } finally {
      await put(original);
    }
  });
});
