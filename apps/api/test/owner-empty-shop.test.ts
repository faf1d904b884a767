import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../src/db/seed/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * A shop of its own (SEED=none): no category, no menu panel, no demo text. What a shopper meets on its
 * pages names nothing of the demo — the categories, the 50 % offer, the 555 number, V, M, P.
 */

let t: TestApp;
beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true });
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
