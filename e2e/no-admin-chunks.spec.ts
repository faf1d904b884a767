import { expect, test } from '@playwright/test';
import { adminChunks, storefrontPages } from './support/storefront.ts';

// docs/architecture.md §3, §9: admin code never reaches a storefront page. Every storefront page is opened in the
// browser (and hovered and scrolled, so lazy parts load too); no request may name an admin chunk.
test('no storefront page requests an admin chunk', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  const admin = await adminChunks(base);
  // Sanity: the analysis finds the admin area at all (its route modules at least).
  expect(admin.size).toBeGreaterThan(0);

  const requested = new Map<string, string>();
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (/^\/assets\/.+\.js$/.test(pathname) && !requested.has(pathname)) requested.set(pathname, page.url());
  });

  for (const { path } of await storefrontPages(base)) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Links that prefetch on intent and menus that load on hover: the visible ones at the top.
    const links = await page.getByRole('link').all();
    for (const link of links.slice(0, 12)) {
      if (await link.isVisible()) await link.hover({ timeout: 500 }).catch(() => {});
    }
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
  }

  expect(requested.size).toBeGreaterThan(0);
  const offenders = [...requested].filter(([file]) => admin.has(file)).map(([file, at]) => `${file} (on ${at})`);
  expect(offenders).toEqual([]);
});

test('the check recognises admin chunks: an admin page does request them', async ({ page, baseURL }) => {
  const admin = await adminChunks(baseURL!);
  const requested = new Set<string>();
  page.on('request', (r) => requested.add(new URL(r.url()).pathname));
  await page.goto('/admin/auth/login');
  await page.waitForLoadState('networkidle');
  expect([...requested].filter((f) => admin.has(f)).length).toBeGreaterThan(0);
});
