import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { initialScripts } from '../../../e2e/support/initial-js.ts';
import { currentSettings } from './admin-store-fixtures.ts';
import { authHeaders } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild, ROOT } from './web-build.ts';

// The pages of maintenance mode and the footer's store profile, served by the real web build.
// WEB_BUILD_DIR (relative to apps/web, as the build script takes it) lets parallel runs keep their own build.
const buildDir = process.env.WEB_BUILD_DIR ? path.resolve(ROOT, 'apps/web', process.env.WEB_BUILD_DIR) : undefined;

let t: TestApp;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  if (!buildDir) ensureWebBuild();
  t = await createTestApp({ web: true, env: buildDir ? { WEB_BUILD_DIR: buildDir } : {} });
  adminHeaders = await authHeaders(t, await createUser(t, { role: 'admin' }));
}, 300_000);
afterAll(() => t?.close());

const page = (url: string) => t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
const putSettings = (body: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: adminHeaders, payload: body as object });

describe('maintenance mode on the storefront', () => {
  it("answers 503 with the 'Under Maintenance' page on storefront pages while /admin and /api/admin work; off → 200", async () => {
    const original = await currentSettings(t);
    expect((await putSettings({ ...original, maintenance_mode: true })).statusCode).toBe(200);
    try {
      for (const url of ['/', '/products', '/about', '/auth/login', '/no-such-page']) {
        const res = await page(url);
        expect([url, res.statusCode]).toEqual([url, 503]);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('Under Maintenance');
      }
      for (const url of ['/admin', '/admin/auth/login', '/admin/settings']) {
        const res = await page(url);
        expect([url, res.statusCode]).toEqual([url, 200]);
        expect(res.body).not.toContain('Under Maintenance');
      }
      expect((await t.app.inject({ url: '/api/admin/settings', headers: adminHeaders })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      expect((await putSettings(original)).statusCode).toBe(200);
    }
    const back = await page('/');
    expect(back.statusCode).toBe(200);
    expect(back.body).not.toContain('Under Maintenance');
  });

  it('costs a page no database work: the maintenance check reads the cached settings', async () => {
    // A fresh copy, so the cache cannot age out during the loop below (it keeps settings for 5 s).
    t.app.services.settings.invalidate();
    await page('/');
    // Counted, not timed. Once the settings are cached, a page's maintenance check
    // and a thousand more send not one statement to PostgreSQL.
    const spy = vi.spyOn(pg.Pool.prototype, 'query');
    const clientSpy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      for (let i = 0; i < 1000; i++) expect(await t.app.services.settings.maintenance()).toBe(false);
      expect(spy.mock.calls.length + clientSpy.mock.calls.length).toBe(0);
    } finally {
      spy.mockRestore();
      clientSpy.mockRestore();
    }
  });
});

describe('a calm maintenance page, a status page, and a staff preview', () => {
  async function withMaintenance(run: () => Promise<void>) {
    const original = await currentSettings(t);
    expect((await putSettings({ ...original, maintenance_mode: true })).statusCode).toBe(200);
    try {
      await run();
    } finally {
      expect((await putSettings(original)).statusCode).toBe(200);
    }
  }
  const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1] ?? '');
  const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0] ?? '';

  it('shows the Under Maintenance page without error ID, report or technical details, linking only to open pages', async () => {
    await withMaintenance(async () => {
      const res = await page('/products');
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('Under Maintenance');
      expect(res.body).toContain('The shop is being updated and will be back shortly.');
      for (const gone of ['Error 503', 'Error ID', 'Report this error', 'technical details', '/help#status']) {
        expect(res.body).not.toContain(gone);
      }
      const links = hrefs(res.body.slice(res.body.indexOf('<main')));
      expect(links.sort()).toEqual(['/admin/auth/login', '/status']);
      for (const link of links) {
        const target = await page(link);
        expect([link, target.statusCode]).toEqual([link, 200]);
        expect(target.body).not.toContain('Under Maintenance');
      }
      const status = await page('/status');
      expect(status.body).toContain('System status');
      expect(status.body).toContain('Under maintenance');
      expect(hrefs(status.body)).not.toContain('/');
    });
    const open = await page('/status');
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('Everything is working normally.');
  });

  it('lets an open staff session preview the storefront through its cookie; shoppers, forged and ended sessions see maintenance', async () => {
    const staff = await createUser(t, { role: 'staff' });
    const session = await t.app.services.auth.startSession(staff);
    const staffAuth = { authorization: `Bearer ${session.access}` };
    const customerAuth = await authHeaders(t, await createUser(t));
    await withMaintenance(async () => {
      const preview = await t.app.inject({ method: 'POST', url: '/api/admin/storefront-preview', headers: staffAuth });
      expect(preview.statusCode).toBe(200);
      expect(String(preview.headers['set-cookie'])).toMatch(
        /^shop_staff_preview=[^;]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax/,
      );
      const cookie = cookieOf(preview);
      const seen = await t.app.inject({ url: '/products', headers: { cookie, 'accept-encoding': 'identity' } });
      expect(seen.statusCode).toBe(200);
      expect(seen.body).toContain('Maintenance mode is on — shoppers see the maintenance page.');
      expect(seen.headers['cache-control']).toBe('private, no-store');

      // A customer gets no cookie; a forged one or an access token in its place opens nothing.
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/admin/storefront-preview', headers: customerAuth }))
          .statusCode,
      ).toBe(403);
      for (const forged of ['shop_staff_preview=nonsense', `shop_staff_preview=${session.access}`]) {
        expect((await t.app.inject({ url: '/', headers: { cookie: forged } })).statusCode).toBe(503);
      }

      // Signing out ends the session, and with it the preview.
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: staffAuth,
        payload: { refreshToken: session.refresh },
      });
      expect(out.statusCode).toBeLessThan(300);
      expect((await t.app.inject({ url: '/', headers: { cookie } })).statusCode).toBe(503);
    });
  });
});

describe('page addresses that do not decode', () => {
  for (const url of ['/products/%E0%A4%A', '/%', '/products/%zz?x=1']) {
    it(`answers ${url} with the shop's HTML error page and 400`, async () => {
      const res = await page(url);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<!DOCTYPE html>');
      expect(res.body).toContain('Error 400');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    });
  }

  it('keeps a broken escape in a page query as text: the page renders', async () => {
    expect((await page('/products?x=%ZZ')).statusCode).toBe(200);
  });

  it('keeps the JSON error format for /api and file paths', async () => {
    for (const url of ['/api/products/%', '/media/products/%/1.svg', '/assets/%']) {
      const res = await page(url);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
  });
});

describe('store profile in the footer', () => {
  it('shows the name, contact details and social links from admin Settings, rendered on the server', async () => {
    const original = await currentSettings(t);
    const profile = {
      ...original,
      store_name: 'Harbour Goods',
      contact_email: 'ahoy@harbour.example',
      contact_phone: '+44 20 7946 0000',
      address: '1 Quay Street, Bristol',
      social_links: { ...original.social_links, youtube: 'https://youtube.com/@harbour' },
    };
    expect((await putSettings(profile)).statusCode).toBe(200);
    try {
      const res = await page('/');
      expect(res.statusCode).toBe(200);
      const footer = res.body.slice(res.body.indexOf('<footer'));
      expect(footer).toContain('Harbour Goods');
      expect(footer).toContain('mailto:ahoy@harbour.example');
      expect(footer).toContain('+44 20 7946 0000');
      expect(footer).toContain('1 Quay Street, Bristol');
      expect(footer).toContain('href="https://youtube.com/@harbour"');
    } finally {
      expect((await putSettings(original)).statusCode).toBe(200);
    }
  });
});

describe('the cost of the footer profile', () => {
  it('keeps the initial JavaScript of / within the 120 kB budget (the profile is server-rendered data)', async () => {
    const original = await currentSettings(t);
    expect(
      (
        await putSettings({
          ...original,
          social_links: { ...original.social_links, facebook: 'https://facebook.com/shop' },
        })
      ).statusCode,
    ).toBe(200);
    try {
      const html = (await page('/')).body;
      const clientDir = path.join(buildDir ?? path.join(ROOT, 'apps/web/build'), 'client');
      const gzip = initialScripts(html).reduce(
        (sum, p) => sum + zlib.gzipSync(fs.readFileSync(path.join(clientDir, p)), { level: 9 }).length,
        0,
      );
      console.info(`initial JS for / with the store profile: ${(gzip / 1000).toFixed(1)} kB gzip`);
      expect(gzip).toBeLessThanOrEqual(120_000);
    } finally {
      expect((await putSettings(original)).statusCode).toBe(200);
    }
  });
});
