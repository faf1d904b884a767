import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { adminAccount, apiLogin, hydrated, stoppedClock, storedSession, storeSession } from './support/session.ts';

/** docs/product.md §2 navbar and category menu, docs/product.md §2 mobile menu. */

interface ApiCategory {
  id: string;
  name: string;
  subcategories: { name: string; count: number }[];
  featured: { name: string }[];
}

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const trigger = (page: Page) => main(page).getByRole('button', { name: 'Categories' });
const menu = (page: Page) => page.getByTestId('category-menu');

async function categories(page: Page): Promise<ApiCategory[]> {
  const res = await page.request.get('/api/categories');
  expect(res.status()).toBe(200);
  return res.json();
}

test.describe('signed out', () => {
  test('shows Home, Categories, Wishlist, Contact, Login, Sign Up and a cart badge of 0', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(main(page).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(trigger(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(main(page).getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    await expect(main(page).getByRole('button', { name: 'Contact' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Account' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    const cart = page.getByRole('link', { name: 'Cart, 0 items' });
    await expect(cart).toHaveAttribute('href', '/cart');
    await expect(page.getByTestId('cart-count')).toHaveText('0');

    await main(page).getByRole('link', { name: 'Wishlist' }).click();
    await expect(page).toHaveURL('/wishlist');
    await main(page).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await expectAccessible(page);
  });

  test('the header is in the server-rendered HTML', async ({ request }) => {
    const html = await (await request.get('/')).text();
    for (const text of ['Wishlist', 'Categories', 'Login', 'Sign Up', 'data-testid="cart-count"']) {
      expect(html).toContain(text);
    }
  });

  test('the cart badge shows the total item count of the cart', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() =>
      localStorage.setItem(
        'cart',
        JSON.stringify({
          ownerId: null,
          items: [
            { product: { id: 'p-1', name: 'One', sale_price: 10 }, quantity: 2 },
            { product: { id: 'p-2', name: 'Two', sale_price: 5.5 }, quantity: 3 },
          ],
        }),
      ),
    );
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('cart-count')).toHaveText('5');
    await expect(page.getByRole('link', { name: 'Cart, 5 items' })).toBeVisible();
  });
});

/**
 * Holds every request for the header's lazily loaded code (the navbar chunk) until `release()`, so a
 * test acts before that code is in on every run, as a slow phone does.
 */
async function holdHeaderCode(page: Page) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  await page.route(/\/assets\/navbar-[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  return { release: () => open() };
}

test.describe('before the header’s code has loaded', () => {
  for (const [control, path, heading] of [
    ['Sign Up', '/auth/signup', 'Create Account'],
    ['Login', '/auth/login', 'Welcome Back'],
    ['Contact', '/contact', 'Contact Us'],
  ] as const) {
    test(`a click on ${control} still gets there: it is a link to ${path}`, async ({ page }) => {
      const header = await holdHeaderCode(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      // The server's header is on screen; its code is held back.
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
      const controls = page.getByRole('banner');
      await controls.getByRole('button', { name: control, exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      header.release();
    });
  }

  test('once the code is in, Sign Up opens the dialog instead of leaving the page', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('signed in: Account and Logout; Logout ends the session on the server and goes home', async ({ page }) => {
  const answer = await apiLogin(page.request, adminAccount);
  await page.goto('/wishlist');
  await hydrated(page);
  await storeSession(page, answer);
  // docs/product.md §2: the stored session is read on the next route change.
  await main(page).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);

  await main(page).getByRole('link', { name: 'Wishlist' }).click();
  await expect(page).toHaveURL('/wishlist');
  const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout'));
  await page.getByRole('button', { name: 'Logout' }).click();
  const request = await logout;
  expect(request.headers().authorization).toBe(`Bearer ${answer.access}`);
  expect(request.postDataJSON()).toEqual({ refreshToken: answer.refresh });
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
  // The refresh token was revoked: it can no longer renew the session.
  const refresh = await page.request.post('/api/auth/refresh-token', { data: { refreshToken: answer.refresh } });
  expect(refresh.status()).toBe(401);
});

test.describe('category menu', () => {
  test('hover opens it on electronics with counts, the offer banner, featured cards and Trending Now', async ({
    page,
  }) => {
    const list = await categories(page);
    const electronics = list.find((c) => c.id === 'electronics');
    if (!electronics) throw new Error('no electronics category');
    await page.goto('/');
    await hydrated(page);
    await trigger(page).hover();
    await expect(menu(page)).toBeVisible();
    await expect(trigger(page)).toHaveAttribute('aria-expanded', 'true');

    const nav = menu(page).getByRole('navigation', { name: 'Categories' });
    for (const c of list) await expect(nav.getByRole('link', { name: c.name, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Electronics' })).toHaveAttribute('aria-current', 'true');
    const active = page.getByTestId('category-menu-active');
    await expect(active.getByRole('heading', { name: 'Electronics' })).toBeVisible();
    for (const sub of electronics.subcategories) {
      await expect(active.getByRole('link', { name: `${sub.name} ${sub.count} items` })).toBeVisible();
    }
    await expect(menu(page).getByText('Special Offers')).toBeVisible();
    await expect(menu(page).getByText('Up to 50% off on Electronics - Limited time!')).toBeVisible();
    await expect(menu(page).getByText('Trending Now')).toBeVisible();
    for (const card of electronics.featured) {
      await expect(menu(page).getByRole('link', { name: card.name })).toBeVisible();
    }
    await expectAccessible(page);

    // The active category follows the pointer, with the display name in the banner.
    await nav.getByRole('link', { name: 'Home & Garden' }).hover();
    await expect(menu(page).getByText('Up to 50% off on Home & Garden - Limited time!')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home & Garden' })).toHaveAttribute('aria-current', 'true');
  });

  test('closes 200 ms after the pointer leaves; coming back in time keeps it open', async ({ page }) => {
    await stoppedClock(page);
    await page.goto('/');
    await hydrated(page);
    await trigger(page).hover();
    await expect(menu(page)).toBeVisible();

    await page.mouse.move(5, 600);
    await page.clock.runFor(199);
    await expect(menu(page)).toBeVisible();
    await page.clock.runFor(1);
    await expect(menu(page)).toHaveCount(0);
    await expect(trigger(page)).toHaveAttribute('aria-expanded', 'false');

    await trigger(page).hover();
    await expect(menu(page)).toBeVisible();
    await page.mouse.move(5, 600);
    await page.clock.runFor(150);
    await trigger(page).hover();
    await page.clock.runFor(500);
    await expect(menu(page)).toBeVisible();
  });

  test('links use the documented URL forms and close the menu', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const nav = () => menu(page).getByRole('navigation', { name: 'Categories' });

    await trigger(page).hover();
    await nav().getByRole('link', { name: 'Fashion' }).click();
    await expect(page).toHaveURL('/products?category=fashion');
    await expect(menu(page)).toHaveCount(0);

    await trigger(page).click();
    await page
      .getByTestId('category-menu-active')
      .getByRole('link', { name: /^Smartphones/ })
      .click();
    await expect(page).toHaveURL('/products?category=electronics&subcategory=smartphones');
    await expect(menu(page)).toHaveCount(0);

    // Names are lowercased and URL-encoded.
    await trigger(page).hover();
    await nav().getByRole('link', { name: 'Fashion' }).hover();
    await expect(
      page.getByTestId('category-menu-active').getByRole('link', { name: /^Men's Clothing/ }),
    ).toHaveAttribute('href', "/products?category=fashion&subcategory=men's%20clothing");
    await nav().getByRole('link', { name: 'Sports & Outdoors' }).hover();
    await page
      .getByTestId('category-menu-active')
      .getByRole('link', { name: /^Team Sports/ })
      .click();
    await expect(page).toHaveURL('/products?category=sports&subcategory=team%20sports');

    await trigger(page).hover();
    await menu(page).getByRole('link', { name: 'iPhone 15' }).click();
    await expect(page).toHaveURL('/products?featured=iphone%2015');

    await trigger(page).hover();
    await menu(page).getByRole('link', { name: 'View All Categories' }).click();
    await expect(page).toHaveURL('/categories');
    await expect(menu(page)).toHaveCount(0);
  });

  test('works by keyboard: Enter, Space and ArrowDown open it, Escape closes it and returns focus', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    await trigger(page).focus();
    await page.keyboard.press('Enter');
    await expect(menu(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toHaveCount(0);
    await expect(trigger(page)).toBeFocused();

    await page.keyboard.press('Space');
    await expect(menu(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toHaveCount(0);

    await page.keyboard.press('ArrowDown');
    await expect(menu(page)).toBeVisible();
    const first = menu(page).getByRole('navigation', { name: 'Categories' }).getByRole('link').first();
    await expect(first).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(menu(page)).toHaveCount(0);
    await expect(trigger(page)).toBeFocused();

    // Enter on a focused category follows it.
    await page.keyboard.press('ArrowDown');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/products?category=electronics');
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('toggles, links to /contact and the other pages, closes on Escape and on navigation', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(main(page)).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobile).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const links: [string, string][] = [
      ['Home', '/'],
      ['Categories', '/categories'],
      ['Wishlist', '/wishlist'],
      ['Contact', '/contact'],
      ['Cart', '/cart'],
    ];
    for (const [name, href] of links) {
      await expect(mobile.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(mobile.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(mobile.getByRole('button', { name: 'Sign Up' })).toBeVisible();
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(mobile).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();

    // Its Login opens the sign-in dialog.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
  });
});
