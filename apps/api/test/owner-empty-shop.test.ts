import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../src/db/seed/index.ts';
import { multipartFile, pngImage } from './admin-catalog-fixtures.ts';
import { currentSettings } from './admin-store-fixtures.ts';
import { authHeaders } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * A shop of its own (SEED=none): no category, no menu panel, no demo text. What a shopper meets on its
 * pages names nothing of the demo — the categories, the 50 % offer, the 555 number, V, M, P.
 */

let t: TestApp;
beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true, env: { SEED: 'none' } });
  // This file's own database, emptied to what a first start with SEED=none makes.
  await t.db.execute(
    sql`truncate users, products, categories, brands, store_settings, discount_codes, content_pages cascade`,
  );
  const quiet = { info: () => {}, warn: () => {} };
  await seedIfEmpty(t.db, { mode: 'none', adminPassword: 'A-long-enough-passw0rd', log: quiet });
  await t.app.services.catalog.invalidate();
  await t.app.services.settings.invalidate();
});
afterAll(() => t.close());

const DEMO_WORDS = [
  'Electronics',
  'Fashion',
  'Home &amp; Garden',
  'Sports',
  'Books',
  'Special Offers',
  'Up to 50%',
  'Trending Now',
  '555',
  'support@shop.example',
  'PayPal',
  'Monday to Friday',
];

describe('an empty shop of its own', () => {
  it('its home page names no demo category, offer, contact or badge', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    for (const word of DEMO_WORDS) expect(res.body, word).not.toContain(word);
    expect(res.body).toContain('Picked with care and delivered to your door.');
    // No "Shop by category" heading over an empty list.
    expect(res.body).not.toContain('Shop by category');
  });

  it('its category menu is empty and its listing filter offers only “All categories”', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).json()).toEqual([]);
    const listing = await t.app.inject({ method: 'GET', url: '/products' });
    expect(listing.statusCode).toBe(200);
    const select = /<select[^>]*name="category"[^>]*>(.*?)<\/select>/s.exec(listing.body)?.[1] ?? '';
    expect(select.match(/<option/g)).toHaveLength(1);
    expect(select).toContain('All categories');
    for (const word of DEMO_WORDS) expect(listing.body, word).not.toContain(word);
  });
});

describe('the first-start checklist of a shop of its own', () => {
  const stepsDone = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ url: '/api/admin/setup-checklist', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { shown: boolean; steps: { id: string; done: boolean; detail: string }[] };
    return { shown: body.shown, done: body.steps.filter((s) => s.done).map((s) => s.id), steps: body.steps };
  };

  it('is for admins; a new shop has every step to do, each saying what is missing', async () => {
    const staff = await authHeaders(t, await createUser(t, { role: 'staff' }));
    expect((await t.app.inject({ url: '/api/admin/setup-checklist', headers: staff })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/setup-checklist' })).statusCode).toBe(401);
    const admin = await authHeaders(t, await createUser(t, { role: 'admin' }));
    const { shown, done, steps } = await stepsDone(admin);
    expect(shown).toBe(true);
    expect(done).toEqual([]);
    expect(steps.map((s) => s.id)).toEqual(['identity', 'contact', 'categories', 'payments', 'shipping', 'legal']);
    expect(steps.find((s) => s.id === 'payments')?.detail).toContain('pay later stays off until then');
  });

  it('ticks each step from what the owner did, and is no longer shown once all are done', async () => {
    const admin = await authHeaders(t, await createUser(t, { role: 'admin' }));
    const logo = multipartFile(await pngImage(300, 100));
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/logo',
      headers: { ...admin, ...logo.headers },
      payload: logo.payload,
    });
    expect((await stepsDone(admin)).done).toEqual(['identity']);

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: {
        ...(await currentSettings(t)),
        store_name: 'Candle Corner',
        contact_email: 'hello@candles.example',
        bank_account_holder: 'Candle Corner Ltd',
        bank_account: 'GB33 BUKB 2020 1555 5555 55',
      },
    });
    expect(put.statusCode).toBe(200);
    expect((await stepsDone(admin)).done).toEqual(['identity', 'contact', 'payments']);

    // Shipping is ticked once the owner saved their zones, even unchanged.
    const zones = await t.app.inject({ url: '/api/admin/shipping', headers: admin });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/shipping',
      headers: admin,
      payload: zones.json(),
    });
    expect(saved.statusCode).toBe(200);
    expect((await stepsDone(admin)).done).toEqual(['identity', 'contact', 'payments', 'shipping']);

    const category = await t.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: admin,
      payload: { name: 'Candles' },
    });
    expect(category.statusCode).toBe(201);
    for (const slug of ['terms', 'privacy']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/content-pages/${slug}`,
        headers: admin,
        payload: { title: slug, description: `Our ${slug}.`, body: `What we do with your ${slug}.` },
      });
      expect(res.statusCode).toBe(200);
    }
    const { shown, done } = await stepsDone(admin);
    expect(done).toEqual(['identity', 'contact', 'categories', 'payments', 'shipping', 'legal']);
    expect(shown).toBe(false);
  });
});
