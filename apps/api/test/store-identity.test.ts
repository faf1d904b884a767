import type { AdminSettings } from '@shop/contracts/admin-settings';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { multipartFile } from './admin-catalog-fixtures.ts';
import { authHeaders } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * The owner's identity in the shop (docs/adr/040-store-logo.md, 041-menus.md): a logo uploaded in
 * Settings becomes the header's picture, the tab's and home screens' icons and the mails' letterhead;
 * the header's and footer's links are the owner's menus.
 */

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true, env: { PUBLIC_URL: 'https://shop.example.com' } });
  admin = await authHeaders(t, await createUser(t, { role: 'admin' }));
});
afterAll(() => t.close());

const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#9a3412' } })
    [format]()
    .toBuffer();
const putLogo = (file: Buffer, headers = admin) => {
  const upload = multipartFile(file);
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/logo',
    headers: { ...headers, ...upload.headers },
    payload: upload.payload,
  });
};
const logo = async () => (await t.app.inject({ url: '/api/admin/settings/logo', headers: admin })).json();
const settings = async () =>
  (await t.app.inject({ url: '/api/admin/settings', headers: admin })).json() as AdminSettings;
const putSettings = async (change: Partial<AdminSettings>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: admin,
    payload: { ...(await settings()), ...change },
  });
const page = async (url = '/') => (await t.app.inject({ url })).body;

describe('the store’s logo', () => {
  it('is the admin’s to change: staff and shoppers are refused', async () => {
    const staff = await authHeaders(t, await createUser(t, { role: 'staff' }));
    expect((await putLogo(await picture(200, 80), staff)).statusCode).toBe(403);
    expect((await putLogo(await picture(200, 80), {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/settings/logo', headers: staff })).statusCode).toBe(
      403,
    );
    expect(await logo()).toEqual({ logo: null });
  });

  it('refuses what is not a picture, an empty file and a request without a file, and keeps what it had', async () => {
    const refused = [
      await putLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
      await putLogo(Buffer.from('GIF89a but not really')),
      await putLogo(Buffer.alloc(0)),
      await t.app.inject({ method: 'PUT', url: '/api/admin/settings/logo', headers: admin, payload: { logo: 'x' } }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(refused[0]?.json().message).toBe('The file is not a picture: upload a JPEG, PNG, WebP, GIF or AVIF image');
    expect(await logo()).toEqual({ logo: null });
    // Without a logo the header names the store, and the tab shows the shop's default icon.
    const home = await page();
    expect(home).toContain('href="/favicon.svg"');
    expect(home).not.toContain('apple-touch-icon');
  });

  it('once uploaded, is the header’s picture, the icons and the manifest’s, served to everyone', async () => {
    const res = await putLogo(await picture(900, 300, 'jpeg'));
    expect(res.statusCode).toBe(200);
    const { logo: saved } = res.json() as { logo: { url: string; width: number; height: number } };
    expect(saved).toEqual({
      url: expect.stringMatching(/^\/media\/uploads\/[\da-f-]{36}\/thumb\.webp$/),
      width: 400,
      height: 133,
    });
    const base = saved.url.replace(/thumb\.webp$/, '');

    const home = await page();
    expect(home).toMatch(new RegExp(`<img src="${saved.url}" alt="Shop" height="32" width="96"`));
    expect(home).toContain(`<link rel="icon" href="${base}icon-32.png" type="image/png" sizes="32x32"/>`);
    expect(home).toContain(`<link rel="apple-touch-icon" href="${base}icon-180.png"/>`);

    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json().icons).toEqual([
      { src: `${base}icon-192.png`, sizes: '192x192', type: 'image/png' },
      { src: `${base}icon-512.png`, sizes: '512x512', type: 'image/png' },
    ]);

    // Public and long-cached, as every uploaded picture the shop shows; each icon square and a PNG.
    for (const [file, size] of [
      ['icon-32.png', 32],
      ['icon-180.png', 180],
      ['icon-192.png', 192],
      ['icon-512.png', 512],
    ] as const) {
      const icon = await t.app.inject({ url: `${base}${file}` });
      expect(icon.statusCode, file).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      const meta = await sharp(icon.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    const png = await t.app.inject({ url: `${base}logo.png` });
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 600, height: 200 });
    // A product picture has no PNG files, and a logo's name is not a product picture's.
    expect((await t.app.inject({ url: `${base}icon-64.png` })).statusCode).toBe(404);
  });

  it('heads the shop’s mails, with their links hidden in the outbox’s copy as in the text', async () => {
    const { logo: saved } = await logo();
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    // The reset mail is written off the request's path.
    await t.drain();
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email))
      .orderBy(desc(mailOutbox.createdAt));
    const logoPng = `https://shop.example.com${saved.url.replace(/thumb\.webp$/, 'logo.png')}`;
    expect(mail?.html).toContain(`<img src="${logoPng}" alt="Shop"`);
    expect(mail?.text).toContain('[link hidden');
    expect(mail?.html).toContain('[link hidden');
    expect(mail?.html).not.toMatch(/reset-password\/[\w-]{43}/);
  });

  it('removed, leaves the store’s name in the header and the picture no longer public', async () => {
    const { logo: saved } = await logo();
    const res = await t.app.inject({ method: 'DELETE', url: '/api/admin/settings/logo', headers: admin });
    expect(res.json()).toEqual({ logo: null });
    expect(await page()).toContain('href="/favicon.svg"');
    expect((await t.app.inject({ url: saved.url })).statusCode).toBe(404);
  });
});

describe('the owner’s menus', () => {
  it('the demo’s footer columns are its seeded menu; a new footer and header links replace them', async () => {
    const before = await settings();
    expect(before.footer_menu?.map((c) => c.title)).toEqual(['Company', 'Customer Service', 'Legal']);
    expect(before.header_menu).toEqual([]);
    const res = await putSettings({
      header_menu: [{ label: 'Gift ideas', href: '/products?tag=gift' }],
      footer_menu: [
        {
          title: 'Candles',
          links: [
            { label: 'Care guide', href: '/care' },
            { label: 'Our workshop', href: 'https://workshop.example/visit' },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const home = await page();
    expect(home).toContain('href="/products?tag=gift"');
    expect(home).toContain('>Gift ideas</a>');
    expect(home).toContain('aria-label="Candles"');
    expect(home).toContain('href="https://workshop.example/visit" rel="noopener noreferrer"');
    for (const gone of ['Customer Service', 'Investors', 'Size Guide']) expect(home).not.toContain(gone);
    await putSettings({ header_menu: [], footer_menu: before.footer_menu });
  });

  it('refuses links that could run script or leave the shop unannounced, and keeps the menus it had', async () => {
    const before = await settings();
    const bad: [unknown, string][] = [
      [{ header_menu: [{ label: 'x', href: 'javascript:alert(1)' }] }, 'path of the shop'],
      [{ header_menu: [{ label: 'x', href: ' JaVaScRiPt:alert(1)' }] }, 'path of the shop'],
      [{ header_menu: [{ label: 'x', href: '//evil.example/' }] }, 'path of the shop'],
      [{ header_menu: [{ label: 'x', href: 'data:text/html,<script>' }] }, 'path of the shop'],
      [{ header_menu: [{ label: 'x', href: '/a b' }] }, 'path of the shop'],
      [{ header_menu: [{ label: 'x', href: '/\\evil.example' }] }, 'path of the shop'],
      [{ header_menu: [{ label: '', href: '/a' }] }, 'text is required'],
      [{ header_menu: [{ label: 'a\nb', href: '/a' }] }, 'one plain line'],
      [{ header_menu: Array.from({ length: 7 }, () => ({ label: 'a', href: '/a' })) }, 'at most 6 links'],
      [{ footer_menu: [{ title: 'Empty', links: [] }] }, 'at least one link'],
      [{ footer_menu: [{ title: 'x', links: [{ label: 'a', href: '/a', target: '_blank' }] }] }, ''],
      [{ header_menu: [{ label: 'a', href: `/${'a'.repeat(400)}` }] }, 'at most 300 characters'],
    ];
    for (const [change, message] of bad) {
      const res = await putSettings(change as Partial<AdminSettings>);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const after = await settings();
    expect([after.header_menu, after.footer_menu]).toEqual([before.header_menu, before.footer_menu]);
  });

  it('a settings save that leaves the menus out keeps them', async () => {
    const { header_menu, footer_menu, legal_name, ...rest } = await settings();
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin, payload: rest });
    expect(res.statusCode).toBe(200);
    expect((await settings()).footer_menu).toEqual(footer_menu);
    expect(header_menu).toEqual([]);
    expect(legal_name).toBe('');
  });
});
