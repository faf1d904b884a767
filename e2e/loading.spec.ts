import { expect, type Page, test } from '@playwright/test';
import { openPage, stoppedClock } from './support/clock.ts';

/** Holds the requests of a client navigation (its data or its code) until `release()` is called. */
async function holdData(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('full-page loading screen (docs/product.md §2, §9)', () => {
  test('shows after 150 ms of loading, in the variant of the destination, with tips every 2 s', async ({ page }) => {
    await stoppedClock(page);
    await openPage(page, '/no/such/page');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const release = await holdData(page, /\/products\.data(\?|$)/);

    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'All Products' }).click();
    const screen = page.locator('[data-loading-variant]');
    await page.clock.runFor(100);
    await expect(screen).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(screen).toBeVisible();
    await expect(screen).toHaveAttribute('data-loading-variant', 'products');
    await expect(page.getByRole('status').filter({ hasText: 'Loading products…' })).toBeVisible();

    const tip = page.getByTestId('loading-tip');
    const first = await tip.textContent();
    await page.clock.runFor(1900);
    await expect(tip).toHaveText(first ?? '');
    await page.clock.runFor(100);
    await expect(tip).not.toHaveText(first ?? '');
    const second = await tip.textContent();
    await page.clock.runFor(2000);
    await expect(tip).not.toHaveText(second ?? '');

    release();
    await expect(screen).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === '/products');
  });

  test('a navigation done within 150 ms shows no loading screen at all', async ({ page }) => {
    await stoppedClock(page);
    await openPage(page, '/no/such/page');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const release = await holdData(page, /\/help\.data(\?|$)|\/assets\/help-[\w-]+\.js$/);
    const screen = page.locator('[data-loading-variant]');

    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Help Center' }).click();
    await page.clock.runFor(140);
    release();
    await expect(page).toHaveURL((url) => url.pathname === '/help');
    // The pending timer went with the navigation: nothing flashes afterwards either.
    await page.clock.runFor(1000);
    await expect(screen).toHaveCount(0);
  });

  test('uses the profile variant for /account', async ({ page }) => {
    await stoppedClock(page);
    await openPage(page, '/no/such/page');
    await page.getByRole('button', { name: 'Cancel' }).click();
    // The account page may load its data in the browser: hold its code as well as any server data.
    const release = await holdData(page, /\/account\.data(\?|$)|\/assets\/account-[\w-]+\.js$/);
    const screen = page.locator('[data-loading-variant]');

    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'My Account' }).click();
    await page.clock.runFor(200);
    await expect(screen).toHaveAttribute('data-loading-variant', 'profile');
    await expect(page.getByRole('status').filter({ hasText: 'Loading your account…' })).toBeVisible();
    release();
    await expect(screen).toHaveCount(0);
  });
});
