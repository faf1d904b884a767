import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { hydrated, newShopper, signInPage } from './support/shopper.ts';

test('signed out, the account page asks to sign in', async ({ page }) => {
  await page.goto('/account');
  await hydrated(page);
  await expect(page).toHaveTitle('Your account · Shop');
  await expect(page.getByRole('heading', { name: 'Sign in to see your account' })).toBeVisible();
  // The sign-in page returns here afterwards.
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/auth/login?next=%2Faccount',
  );
  await expectAccessible(page);
});

test('signed in, the account page shows the real user from the server', async ({ page, request }) => {
  const shopper = await newShopper(request, 'Account');
  // The stored user is only a cache: the page shows what GET users/me answers.
  await signInPage(page, { ...shopper, user: { ...shopper.user, name: 'Stale Name' } });
  const profile = page.waitForResponse((r) => r.url().endsWith('/api/users/me') && r.status() === 200);
  await page.goto('/account');
  await profile;
  await expect(page.getByTestId('account-name')).toHaveText(shopper.user.name);
  await expect(page.getByTestId('account-email')).toHaveText(shopper.user.email);
  await expect(page.getByTestId('account-username')).toHaveText(shopper.user.username);
  // A shopper is not shown a role.
  await expect(page.getByTestId('account-role')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('Customer');
  await expect(page.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/orders');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Your orders' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
  await expect(page).toHaveTitle('Orders · Shop');
});

test('the account page holds no user data in the server HTML', async ({ request }) => {
  const html = await (await request.get('/account')).text();
  expect(html).toContain('Loading your account');
  expect(html).not.toContain('Sign in to see your account');
});
