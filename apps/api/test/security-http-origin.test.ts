import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../src/lib/mailer.ts';
import { createProduct, freshIp } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * Absolute URLs come only from configuration. A request naming another host — in
 * Host, X-Forwarded-Host or X-Forwarded-Proto, even from a trusted proxy — never reaches robots.txt
 * (cached an hour by proxies), the sitemap, canonical links, og:url, JSON-LD or mail.
 */
const EVIL = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '198.51.100.7',
};

let t: TestApp;
let slug: string;
/** What the mail server would be handed: the outbox hides reset links. */
const sent: Mail[] = [];
beforeAll(async () => {
  ensureWebBuild();
  // The default address (no PUBLIC_URL), behind a trusted proxy so even forwarded headers are read.
  t = await createTestApp({
    web: true,
    env: { TRUST_PROXY: '127.0.0.1' },
    mailer: { send: async (mail) => void sent.push(mail) },
  });
  slug = (await createProduct(t, { name: 'Origin lamp', images: ['/media/products/origin-lamp/1.svg'] })).slug;
}, 300_000);
afterAll(() => t?.close());

/** Every absolute http(s) URL in a text. */
const absoluteUrls = (text: string) => [...new Set(text.match(/https?:\/\/[^\s"'<>\\]+/g) ?? [])];

async function expectOnlyOrigin(app: TestApp['app'], url: string, origin: string) {
  const res = await app.inject({ url, headers: EVIL });
  expect([url, res.statusCode]).toEqual([url, 200]);
  expect(res.body).not.toContain('evil.example');
  const ours = absoluteUrls(res.body).filter((u) => u.startsWith(origin));
  expect(ours.length, url).toBeGreaterThan(0);
  return res.body;
}

describe('links are built from configuration, never from the request', () => {
  it('robots.txt, the sitemap and a product page use the address fixed at start', async () => {
    const origin = 'http://localhost:3000';
    expect(await expectOnlyOrigin(t.app, '/robots.txt', origin)).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(await expectOnlyOrigin(t.app, '/sitemap.xml', origin)).toContain(`<loc>${origin}/products/${slug}</loc>`);
    const page = await expectOnlyOrigin(t.app, `/products/${slug}`, origin);
    expect(page).toContain(`<link rel="canonical" href="${origin}/products/${slug}"/>`);
    expect(page).toContain(`<meta property="og:url" content="${origin}/products/${slug}"/>`);
    expect(page).toContain(`"url":"${origin}/products/${slug}"`); // JSON-LD offer
    expect(page).toContain(`"image":["${origin}/media/products/origin-lamp/1.svg"]`);
    await expectOnlyOrigin(t.app, '/', origin);
  });

  it('uses PUBLIC_URL when it is set', async () => {
    const configured = await createTestApp({ web: true, env: { PUBLIC_URL: 'https://shop.example/' } });
    try {
      const origin = 'https://shop.example';
      expect(await expectOnlyOrigin(configured.app, '/robots.txt', origin)).toContain(`Sitemap: ${origin}/sitemap.xml`);
      const home = await expectOnlyOrigin(configured.app, '/', origin);
      expect(home).toContain(`<link rel="canonical" href="${origin}/"/>`);
      expect(home).not.toContain('localhost');
    } finally {
      await configured.close();
    }
  });

  it('sends mail whose links point at the configured address whatever Host the request named', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { ...EVIL, 'x-forwarded-for': freshIp() },
      payload: { email: user.email },
    });
    expect(res.statusCode).toBeLessThan(300);
    await t.drain(); // the mail goes after the answer
    const mail = sent.find((m) => m.to === user.email);
    expect(mail?.text).toContain('http://localhost:3000/auth/reset-password/');
    expect(`${mail?.text}${mail?.html}`).not.toContain('evil.example');
  });
});
