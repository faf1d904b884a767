import { expect, test } from '@playwright/test';
import { adminPages, adminSignIn, noSeriousViolations } from './support/admin.ts';
import { apiLogin, registerCustomer, storeSession } from './support/session.ts';

// Every /admin page sends a signed-out or non-staff visitor to the admin sign-in; staff see
// the page, and axe finds no serious or critical violation on it. The pages come from the route table,
// so a new admin page is covered without editing this file.
const PAGES = adminPages();
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const url = (path: string) => path.replace(':productId', SAMPLE_ID);
/** The admin sign-in that returns to the page asked for. */
/** One full page load per admin page, and the list grows: each page gets its own share of time on a busy machine. */
const LOOP_TIMEOUT = PAGES.length * 8_000;
const loginFor = (path: string) =>
  path === '/admin' ? '/admin/auth/login' : `/admin/auth/login?next=${encodeURIComponent(url(path))}`;

test('the route table has the admin pages of docs/product.md §2', () => {
  expect(PAGES.map((p) => p.path)).toEqual(
    expect.arrayContaining([
      '/admin',
      '/admin/customers',
      '/admin/products',
      '/admin/products/add-product',
      '/admin/products/edit-product/:productId',
      '/admin/products/view-product/:productId',
      '/admin/brands',
      '/admin/orders',
      '/admin/pay-later',
      '/admin/transactions',
      '/admin/reports',
      '/admin/marketing',
      '/admin/settings',
      '/admin/support',
    ]),
  );
});

test('a signed-out visitor of any admin page lands on the admin sign-in, which will return there', async ({ page }) => {
  test.setTimeout(LOOP_TIMEOUT);
  for (const { path } of PAGES) {
    await page.goto(url(path));
    await expect(page, path).toHaveURL(loginFor(path));
    await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
  }
});

test('a signed-in customer is sent to the admin sign-in too, from every admin page', async ({ page, request }) => {
  test.setTimeout(LOOP_TIMEOUT);
  const customer = await apiLogin(request, await registerCustomer(request, 'guard'));
  await page.goto('/');
  await storeSession(page, customer);
  for (const { path } of PAGES) {
    await page.goto(url(path));
    await expect(page, path).toHaveURL(loginFor(path));
  }
});

test.describe('as an admin', () => {
  test.beforeEach(async ({ page }) => {
    await adminSignIn(page);
  });

  for (const { path } of PAGES) {
    test(`a11y: ${path}`, async ({ page, request }) => {
      let target = url(path);
      if (path.includes(':productId')) {
        const { items } = await (await request.get('/api/products?limit=1')).json();
        target = path.replace(':productId', items[0].id);
      }
      await page.goto(target);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await noSeriousViolations(page, path);
    });
  }
});
