import { expect, type Page, test } from '@playwright/test';
import { adminSignIn } from './support/admin.ts';
import { adminAccount, hydrated, storedSession } from './support/session.ts';

/*
 * An ended staff session in the admin area leads to the admin sign-in (not the
 * storefront's home), and signing in there returns to the admin page the staff member was on.
 */

const sections = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

async function signInAgain(page: Page) {
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
  await hydrated(page);
  await page.getByLabel('Email').fill(adminAccount.email);
  await page.getByLabel('Password', { exact: true }).fill(adminAccount.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a session ended on the server: the next admin call leads to the admin sign-in and back to the page', async ({
  page,
}) => {
  await adminSignIn(page);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The session ends elsewhere (signed out on another device, or revoked): its refresh token is dead.
  const session = await storedSession(page);
  if (!session) throw new Error('no stored session');
  const ended = await page.request.post('/api/auth/logout', {
    headers: { authorization: `Bearer ${session.tokens.access}` },
    data: { refreshToken: session.tokens.refresh },
  });
  expect(ended.status()).toBeLessThan(300);

  // Acting in the admin area: its calls are refused, the refresh fails, and staff go to their sign-in.
  await sections(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL('/admin/auth/login?next=%2Fadmin%2Fcustomers');
  await expect(page).not.toHaveURL('/');

  await signInAgain(page);
  await expect(page).toHaveURL('/admin/customers');
  await expect(sections(page)).toBeVisible();
});

test('signed out in another tab: the next admin page asked for leads to the sign-in and back to it', async ({
  context,
}) => {
  const page = await context.newPage();
  await adminSignIn(page);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const other = await context.newPage();
  await other.goto('/');
  await other.evaluate(() => localStorage.removeItem('auth'));

  await sections(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL('/admin/auth/login?next=%2Fadmin%2Forders');

  await signInAgain(page);
  await expect(page).toHaveURL('/admin/orders');
});

test('the admin sign-in follows only admin paths of this shop', async ({ page }) => {
  for (const next of ['//evil.example/admin', '/orders']) {
    await page.goto(`/admin/auth/login?next=${encodeURIComponent(next)}`);
    await signInAgain(page);
    await expect(page, next).toHaveURL(/\/admin\/?$/);
    await page.evaluate(() => localStorage.removeItem('auth'));
  }
});
