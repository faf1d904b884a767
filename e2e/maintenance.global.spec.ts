import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { adminCall, type Json, noSeriousViolations } from './support/admin.ts';
import { adminAccount, apiLogin } from './support/session.ts';
import { hydrated } from './support/shopper.ts';

// Maintenance mode shows shoppers a calm page whose links all work, while signed-in
// staff can preview the storefront. Shop-wide (it closes the shop), so it runs alone after the other
// specs and turns maintenance off again whatever happens.

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

let original: Json;

/** Reads the settings, or writes `body` first and reads the answer. */
const settings = (request: APIRequestContext, body?: Json): Promise<Json> =>
  adminCall(request, body ? 'PUT' : 'GET', 'settings', body);

test.beforeAll(async ({ request }) => {
  original = await settings(request);
  await settings(request, { ...original, maintenance_mode: true });
});
test.afterAll(async ({ request }) => {
  await settings(request, { ...original, maintenance_mode: false });
});

async function freshPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px a shopper sees a calm maintenance page whose links work`, async ({ browser }) => {
    const page = await freshPage(browser, viewport);
    const res = await page.goto('/products');
    expect(res?.status()).toBe(503);
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1, name: 'Under Maintenance' })).toBeVisible();
    await expect(main).toContainText('The shop is being updated and will be back shortly.');
    await expect(page.getByRole('button', { name: 'Check again' })).toBeVisible();
    for (const crashLike of ['Error 503', 'Error ID', 'Report this error', 'technical details', 'Try Again']) {
      await expect(main).not.toContainText(crashLike);
    }
    expect(await fitsWidth(page)).toBe(true);
    await noSeriousViolations(page, 'maintenance page');

    // Every link leads to a page that maintenance leaves open.
    const hrefs = await main.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.sort()).toEqual(['/admin/auth/login', '/status']);
    await page.getByRole('link', { name: 'System status' }).click();
    await expect(page).toHaveURL('/status');
    await expect(page.getByRole('heading', { level: 1, name: 'System status' })).toBeVisible();
    await expect(page.getByTestId('status-summary')).toHaveText('The shop is being updated and will be back shortly.');
    expect(await fitsWidth(page)).toBe(true);
    await noSeriousViolations(page, 'status page');
    await page.goBack();
    await page.getByRole('link', { name: 'Staff sign-in' }).click();
    await expect(page).toHaveURL('/admin/auth/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Under Maintenance')).toHaveCount(0);
    await page.context().close();
  });

  test(`at ${viewport.width} px signed-in staff preview the storefront; shoppers still see maintenance`, async ({
    browser,
    request,
  }) => {
    const staff = await apiLogin(request, adminAccount);
    const page = await freshPage(browser, viewport);
    await page.addInitScript(
      (auth) => {
        if (!sessionStorage.getItem('e2e-signed-in')) {
          sessionStorage.setItem('e2e-signed-in', '1');
          localStorage.setItem('auth', auth);
        }
      },
      JSON.stringify({ user: staff.user, tokens: { access: staff.access, refresh: staff.refresh } }),
    );

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Under Maintenance' })).toBeVisible();
    const reloaded = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/' && r.request().resourceType() === 'document',
    );
    await page.getByRole('button', { name: 'Preview the storefront' }).click();
    expect((await reloaded).status()).toBe(200);
    await hydrated(page);
    const banner = page.getByRole('note', { name: 'Maintenance preview' });
    await expect(banner).toHaveText(/Maintenance mode is on — shoppers see the maintenance page\./);
    await expect(page.getByTestId('cart-count')).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    const products = await page.goto('/products');
    expect(products?.status()).toBe(200);
    await expect(banner).toBeVisible();

    // The preview belongs to this browser's staff session, not to the shop.
    const shopper = await freshPage(browser, viewport);
    expect((await shopper.goto('/'))?.status()).toBe(503);
    await shopper.context().close();
    await page.context().close();
  });
}
