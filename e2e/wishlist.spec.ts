import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import {
  type CatalogProduct,
  hydrated,
  newShopper,
  plainProducts,
  type Shopper,
  saveToServerWishlist,
  serverWishlist,
  signInNow,
  signInPage,
} from './support/shopper.ts';

const toasts = (page: Page) => page.locator('[data-rht-toaster] [role="status"]');
const saved = (page: Page, p: CatalogProduct) =>
  page.locator(`[data-testid="wishlist-item"][data-product-id="${p.id}"]`);

/** Saves the product from its page, the way a shopper does. */
async function saveOnProductPage(page: Page, p: CatalogProduct) {
  await page.goto(`/products/${p.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(toasts(page).filter({ hasText: 'Added to wishlist!' })).toHaveCount(1);
}

let products: CatalogProduct[];
test.beforeAll(async ({ request }) => {
  products = await plainProducts(request, 3);
});

test('a guest’s wishlist lives in this browser: save, reload, remove', async ({ page }) => {
  const [a, b] = products as [CatalogProduct, CatalogProduct];
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page).toHaveTitle('Wishlist · Shop');
  await expectAccessible(page);

  await saveOnProductPage(page, a);
  await saveOnProductPage(page, b);
  // The toast sits over the navigation and pauses while the pointer rests on it: let it go first.
  await expect(toasts(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Wishlist', exact: true }).first().click();
  await expect(page).toHaveURL(/\/wishlist$/);
  // Newest first.
  await expect(page.getByTestId('wishlist-item')).toHaveCount(2);
  await expect(page.getByTestId('wishlist-item').first()).toHaveAttribute('data-product-id', b.id);
  await expect(saved(page, a).getByRole('link', { name: a.name, exact: true })).toBeVisible();
  await expectAccessible(page);

  // It survives a reload (localStorage).
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('wishlist-item')).toHaveCount(2);

  await page.getByRole('button', { name: `Remove ${b.name} from wishlist` }).click();
  await expect(toasts(page).filter({ hasText: 'Removed from wishlist!' })).toHaveCount(1);
  await expect(saved(page, b)).toHaveCount(0);
  await page.getByRole('button', { name: `Remove ${a.name} from wishlist` }).click();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
});

/** A product with several colours and no sizes, and one with no choices at all (a book). */
async function choiceProducts(request: APIRequestContext) {
  const res = await request.get('/api/products?limit=100&in_stock=true');
  const { items } = (await res.json()) as { items: CatalogProduct[] };
  const coloured = items.find((p) => p.colors.length > 1 && p.available_sizes.length === 0 && p.available > 5);
  const books = (await (await request.get('/api/products?category=books&limit=50&in_stock=true')).json()) as {
    items: CatalogProduct[];
  };
  const plain = books.items.find((p) => p.colors.length === 0 && p.available_sizes.length === 0 && p.available > 5);
  if (!coloured || !plain) throw new Error('the demo catalogue lacks a coloured or a plain product');
  return { coloured, plain };
}

// 'Add to cart' in the wishlist used to put a product with colours into the cart,
// the order, the invoice and the mail without one. Now the wishlist asks for the choice.
for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a product with colours is added from the wishlist only with a chosen colour', async ({ page, request }) => {
      const { coloured, plain } = await choiceProducts(request);
      const colour = coloured.colors[1] as string;
      await saveOnProductPage(page, coloured);
      await saveOnProductPage(page, plain);
      await expect(toasts(page)).toHaveCount(0);
      await page.goto('/wishlist');
      await hydrated(page);
      await expect(page.getByTestId('wishlist-item')).toHaveCount(2);

      // No way to add the coloured product as it is: its button asks for the choice instead.
      await expect(page.getByRole('button', { name: `Add ${coloured.name} to cart` })).toHaveCount(0);
      const choose = page.getByRole('link', { name: `Choose options for ${coloured.name}` });
      await expect(choose).toBeVisible();
      // Nothing spills out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);

      // A product without choices still goes straight to the cart.
      await page.getByRole('button', { name: `Add ${plain.name} to cart` }).click();
      await expect(toasts(page).filter({ hasText: 'Added to cart!' })).toHaveCount(1);
      await expect(page.getByTestId('cart-count')).toHaveText('1');

      await choose.click();
      await expect(page).toHaveURL(new RegExp(`/products/(${coloured.slug}|${coloured.id})$`));
      await hydrated(page);
      await page.getByRole('radio', { name: colour, exact: true }).check({ force: true });
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByTestId('cart-count')).toHaveText('2');

      await page.goto('/cart');
      await hydrated(page);
      const line = page.locator(`[data-testid="cart-line"][data-product-id="${coloured.id}"]`);
      await expect(line).toHaveCount(1);
      await expect(line).toContainText(`Colour: ${colour}`);
    });
  });
}

test('the wishlist page is an empty shell in the server HTML', async ({ request }) => {
  const html = await (await request.get('/wishlist')).text();
  expect(html).toContain('Loading your wishlist');
  expect(html).not.toContain('Your wishlist is empty');
});

test.describe('signed in', () => {
  // One shopper for these tests (registration is rate limited): they run one after another.
  test.describe.configure({ mode: 'serial' });
  let shopper: Shopper;
  test.beforeAll(async ({ request }) => {
    shopper = await newShopper(request, 'Wishlist');
  });

  test('the wishlist is kept on the server', async ({ page, request }) => {
    const [a] = products as [CatalogProduct];
    await signInPage(page, shopper);
    await saveOnProductPage(page, a);
    await expect.poll(async () => (await serverWishlist(request, shopper)).map((p) => p.id)).toEqual([a.id]);

    await page.goto('/wishlist');
    await hydrated(page);
    await expect(page.getByTestId('wishlist-item')).toHaveCount(1);
    await page.getByRole('button', { name: `Remove ${a.name} from wishlist` }).click();
    await expect(toasts(page).filter({ hasText: 'Removed from wishlist!' })).toHaveCount(1);
    await expect.poll(async () => (await serverWishlist(request, shopper)).length).toBe(0);
  });

  test('a guest’s saved products are merged into the server list at sign-in', async ({ page, request }) => {
    const [, b, c] = products as [CatalogProduct, CatalogProduct, CatalogProduct];
    await saveToServerWishlist(request, shopper, c.id);
    await saveOnProductPage(page, b);

    await signInNow(page, shopper);
    await page.goto('/wishlist');
    await hydrated(page);
    await expect
      .poll(async () => (await serverWishlist(request, shopper)).map((p) => p.id).sort())
      .toEqual([b.id, c.id].sort());
    await expect(page.getByTestId('wishlist-item')).toHaveCount(2);
    await expect(saved(page, b)).toHaveCount(1);
    await expect(saved(page, c)).toHaveCount(1);

    // Signing out takes the user's list off this browser.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  });
});
