import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { expectAccessible } from './support/axe.ts';
import { openPage, stoppedClock } from './support/clock.ts';

// A real failure, not a test-only route: the browser loses its connection while a client navigation
// fetches the next page's data (React Router's `.data` request), so the route's loader fails with no
// response. The error page must show the connection variant and recover with Try Again.

const dataRequest = /\/products\.data(\?|$)/;

test.describe('error page (docs/product.md §2, §8)', () => {
  test('a navigation without a connection shows the connection error; Try Again waits 2 s and recovers', async ({
    page,
  }) => {
    await openPage(page, '/no/such/page');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.route(dataRequest, (route) => route.abort('internetdisconnected'));
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'All Products' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connection Error');
    await expect(page.getByText('We could not reach the shop.', { exact: false })).toBeVisible();
    await expect(page.getByText('Check that you are connected to the internet.')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/products');

    // Technical details: no status (no answer), the code and the path.
    await page.getByRole('button', { name: 'Show technical details' }).click();
    const details = page.locator('dl');
    await expect(details).toContainText('StatusNo response');
    await expect(details).toContainText('CodeERR_NETWORK');
    await expect(details).toContainText('Path/products');

    // The connection is back; Try Again spins for 2 s (docs/product.md §9), then loads the page. The clock is
    // stopped from here on, so only runFor moves it.
    await stoppedClock(page);
    await page.unroute(dataRequest);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('button', { name: 'Trying again…' })).toBeDisabled();
    await page.clock.runFor(1900);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connection Error');
    await expect(page.getByRole('button', { name: 'Trying again…' })).toBeDisabled();
    await page.clock.runFor(200);
    await page.clock.resume();
    await expect(page.getByRole('heading', { name: 'Connection Error' })).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === '/products');
  });

  test('the error ID can be copied and reported; the report reaches the API', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openPage(page, '/no/such/page');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.route(dataRequest, (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'All Products' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connection Error');
    await page.unroute(dataRequest);

    const errorId = page.getByTestId('error-id');
    await expect(errorId).toHaveText(/^ERR-[0-9A-Z]+-[0-9A-Z]{6}$/);
    const id = (await errorId.textContent()) ?? '';

    await page.getByRole('button', { name: 'Copy error ID' }).click();
    await expect(page.getByText('Error ID copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);

    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/error-reports') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Report this error' }).click();
    expect((await posted).status()).toBe(201);
    await expect(page.getByText('Thanks — the report was sent.')).toBeVisible();

    // Staff find it in the API (docs/product.md §10: listed for admin Support).
    const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
    const { access } = await login.json();
    const list = await request.get('/api/admin/support/error-reports?limit=50', {
      headers: { authorization: `Bearer ${access}` },
    });
    const stored = (await list.json()).items.find((r: { error_id: string }) => r.error_id === id);
    expect(stored).toMatchObject({
      path: '/products',
      code: 'ERR_NETWORK',
      status: null,
      details: { variant: 'network', title: 'Connection Error' },
    });
  });

  test('links for help: Contact Support, Help Center and the status page; Homepage goes home', async ({ page }) => {
    await openPage(page, '/no/such/page');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.route(dataRequest, (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'All Products' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connection Error');

    const help = page.getByRole('navigation', { name: 'Get help' });
    await expect(help.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    await expect(help.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');
    await expect(help.getByRole('link', { name: 'System status' })).toHaveAttribute('href', '/status');

    await expectAccessible(page);

    await page.unroute(dataRequest);
    await page.getByRole('link', { name: 'Homepage' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});
