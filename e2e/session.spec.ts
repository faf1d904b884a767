import { expect, type Page, test } from '@playwright/test';
import { type Account, apiLogin, hydrated, registerCustomer, storedSession, storeSession } from './support/session.ts';

/** docs/product.md §2 route-change sync, docs/product.md §3 stored session, docs/product.md §4/§8 refresh and expiry. */

test.describe.configure({ mode: 'serial' });

let customer: Account;
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  customer = await registerCustomer(request, 'session');
});

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Sends the contact form from /contact: a call that carries the bearer token when signed in. */
async function sendContactForm(page: Page) {
  await page.getByLabel('Subject').fill('Where is my parcel?');
  await page.getByLabel('Message').fill('It has been a week.');
  await page.getByRole('button', { name: 'Send Message' }).click();
}

test('every route change reads the stored session: signing out or in in another tab shows on the next navigation', async ({
  context,
}) => {
  const answer = await apiLogin(context.request, customer);
  const tab = await context.newPage();
  await tab.goto('/');
  await hydrated(tab);
  await storeSession(tab, answer);
  await main(tab).getByRole('link', { name: 'Wishlist' }).click();
  await expect(tab.getByRole('link', { name: 'Account' })).toBeVisible();

  const other = await context.newPage();
  await other.goto('/');
  await hydrated(other);
  await expect(other.getByRole('link', { name: 'Account' })).toBeVisible();
  await other.evaluate(() => localStorage.removeItem('auth'));

  await main(tab).getByRole('link', { name: 'Home' }).click();
  await expect(tab).toHaveURL('/');
  await expect(tab.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(tab.getByRole('link', { name: 'Account' })).toHaveCount(0);

  await storeSession(other, answer);
  await main(tab).getByRole('link', { name: 'Wishlist' }).click();
  await expect(tab.getByRole('link', { name: 'Account' })).toBeVisible();
});

test('an expired access token is refreshed once and the call goes through with the new tokens', async ({ page }) => {
  const answer = await apiLogin(page.request, customer);
  await page.goto('/');
  await hydrated(page);
  // Home's cart and wishlist syncs finish as a guest, so no refresh can start (and be cut off) here.
  await page.waitForLoadState('networkidle');
  await storeSession(page, { ...answer, access: 'expired.access.token' });
  // Watched from the load of /contact: its syncs at hydration may be the calls that refresh.
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/auth/refresh-token')) refreshes.push(r.status());
  });
  await page.goto('/contact');
  await hydrated(page);
  await sendContactForm(page);
  await expect(page.getByRole('status').filter({ hasText: 'Thanks for your message!' })).toBeVisible();
  expect(refreshes).toEqual([200]);
  const stored = await storedSession(page);
  expect(stored?.tokens.access).not.toBe('expired.access.token');
  expect(stored?.tokens.refresh).not.toBe(answer.refresh);
  expect(stored?.user.email).toBe(customer.email);
});

test("a failed refresh logs out, clears the session, goes to / and says 'Session expired, please signin again.'", async ({
  page,
}) => {
  const answer = await apiLogin(page.request, customer);
  await page.goto('/contact');
  await hydrated(page);
  // The cart and wishlist syncs start after hydration and read the stored session once: let them
  // finish as a guest first, so that the route change below is what signs the page in.
  await page.waitForLoadState('networkidle');
  // A session whose access token has expired and whose refresh token is no longer valid.
  await storeSession(page, { ...answer, access: 'expired.access.token', refresh: 'tampered-refresh-token' });
  const refresh = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh-token'));
  // The next route change signs the page in (docs/product.md §2); its first authenticated call gets 401.
  await main(page).getByRole('link', { name: 'Wishlist' }).click();
  expect((await refresh).status()).toBe(401);
  await expect(page.getByText('Session expired, please signin again.')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
});

test("without 'Remember me' the session ends with the browser session; with it, it stays", async ({ page }) => {
  await page.goto('/auth/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/');
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();

  // A new browser session keeps localStorage but not session cookies.
  await page.context().clearCookies();
  await main(page).getByRole('link', { name: 'Wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();

  await page.goto('/auth/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/');
  await hydrated(page);
  await page.context().clearCookies();
  await main(page).getByRole('link', { name: 'Wishlist' }).click();
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
});

test('the session-expired message reaches the page a full load falls back to before the header’s code is in', async ({
  page,
}) => {
  const answer = await apiLogin(page.request, customer);
  await page.goto('/contact');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await storeSession(page, { ...answer, access: 'expired.access.token', refresh: 'tampered-refresh-token' });
  // The header's code (which registers the router's navigate) is held back on the page opened next, so
  // its 401s always come first and the shop falls back to a full page load of /.
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let hold = true;
  await page.route(/\/assets\/navbar-[^/]*\.js$/, async (route) => {
    if (hold) await gate;
    await route.continue().catch(() => undefined);
  });
  const refresh = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh-token'));
  await page.goto('/account', { waitUntil: 'commit' });
  expect((await refresh).status()).toBe(401);
  await page.waitForURL((url) => url.pathname === '/');
  hold = false;
  open();
  await expect(page.getByText('Session expired, please signin again.')).toBeVisible();
  expect(await storedSession(page)).toBeNull();
  // Shown once: not again on the next page.
  await page.reload();
  await hydrated(page);
  await expect(page.locator('[data-rht-toaster]')).toHaveCount(1);
  await expect(page.getByText('Session expired, please signin again.')).toHaveCount(0);
});
