import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { openPage, stoppedClock } from './support/clock.ts';

const MISSING = '/no/such/page';

test.describe('404 page (docs/product.md §2)', () => {
  test('answers HTTP 404 with the page rendered on the server', async ({ page }) => {
    const response = await openPage(page, MISSING);
    expect(response?.status()).toBe(404);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('Oops! Page Not Found');
    expect(html).toContain('Error Code: 404 | Page Not Found');
    await expect(page).toHaveTitle('Page Not Found · Shop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page Not Found');
    await expect(page.getByText('Error Code: 404 | Page Not Found')).toBeVisible();
  });

  test('counts down from 10 seconds and then goes to the homepage', async ({ page }) => {
    await stoppedClock(page);
    await openPage(page, MISSING);
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText('Redirecting to the homepage in 10 seconds.');
    await page.clock.runFor(1000);
    await expect(timer).toHaveText('Redirecting to the homepage in 9 seconds.');
    await page.clock.runFor(8000);
    await expect(timer).toHaveText('Redirecting to the homepage in 1 second.');
    expect(new URL(page.url()).pathname).toBe(MISSING);
    await page.clock.runFor(1000);
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('Cancel stops the redirect', async ({ page }) => {
    await stoppedClock(page);
    await openPage(page, MISSING);
    await page.clock.runFor(3000);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Automatic redirect cancelled. Take your time.')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await page.clock.runFor(30_000);
    expect(new URL(page.url()).pathname).toBe(MISSING);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page Not Found');
  });

  test('the search box searches the products (docs/product.md §10)', async ({ page }) => {
    await openPage(page, MISSING);
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('wireless');
    await search.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/products' && url.searchParams.get('q') === 'wireless');
  });

  test('Go Back returns to the previous page; Refresh Page reloads; Go to Homepage goes home', async ({ page }) => {
    await openPage(page, '/help');
    await openPage(page, MISSING);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/help');

    await openPage(page, MISSING);
    const reload = page.waitForResponse((r) => r.request().resourceType() === 'document' && r.url().endsWith(MISSING));
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    expect((await reload).status()).toBe(404);

    await page.getByRole('link', { name: 'Go to Homepage' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('links the four categories and the quick links', async ({ page }) => {
    await openPage(page, MISSING);
    const categories = page.getByRole('navigation', { name: 'Popular categories' }).getByRole('link');
    await expect(categories).toHaveText(['Electronics', 'Fashion', 'Home & Garden', 'Sports & Outdoors']);
    expect(await categories.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/products/category/electronics',
      '/products/category/fashion',
      '/products/category/home',
      '/products/category/sports',
    ]);
    const quick = page.getByRole('navigation', { name: 'Quick links' }).getByRole('link');
    expect(await quick.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/',
      '/products',
      '/categories',
      '/account',
      '/contact',
      '/help',
    ]);
    await categories.first().click();
    await expect(page).toHaveURL((url) => url.pathname === '/products/category/electronics');
  });

  test('is accessible (axe: no serious or critical violations) and works by keyboard', async ({ page }) => {
    await openPage(page, MISSING);
    await page.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expectAccessible(page);
  });
});
