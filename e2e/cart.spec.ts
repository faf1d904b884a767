import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import {
  addToServerCart,
  type CatalogProduct,
  cents,
  clearServerCart,
  hydrated,
  money,
  newShopper,
  plainProducts,
  type Shopper,
  serverCart,
  signInNow,
  signInPage,
  variantsOf,
} from './support/shopper.ts';

/** The toasts on screen (react-hot-toast renders each message as a status live region). */
const toasts = (page: Page) => page.locator('[data-rht-toaster] [role="status"]');
const badge = (page: Page) => page.getByTestId('cart-count');
const line = (page: Page, p: CatalogProduct) => page.locator(`[data-testid="cart-line"][data-product-id="${p.id}"]`);
const quantityOf = (page: Page, p: CatalogProduct) => page.getByLabel(`Quantity of ${p.name}`, { exact: true });

/** Adds `quantity` on the product page, the way a shopper does. */
async function addOnProductPage(page: Page, quantity: number) {
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

/**
 * Checks a toast's life on the paused clock: shown until `durationMs`, then dismissed, then removed
 * from the page 1 s later (docs/product.md §4, §9). The clock moves in steps so the page handles each moment.
 */
async function expectToastLifetime(page: Page, text: string, durationMs: number) {
  const toast = toasts(page).filter({ hasText: text });
  // react-hot-toast drops the class of a toast's wrapper when the toast is dismissed.
  const wrapper = page.locator('[data-rht-toaster] > div').filter({ hasText: text });
  await expect(wrapper).toHaveAttribute('class', /\S/);
  await page.clock.runFor(durationMs - 100);
  await expect(wrapper).toHaveAttribute('class', /\S/);
  await page.clock.runFor(150);
  await expect(wrapper).toHaveAttribute('class', '');
  await page.clock.runFor(850);
  await expect(toast).toHaveCount(1);
  await page.clock.runFor(200);
  await expect(toast).toHaveCount(0);
}

/**
 * A fake clock that runs while the page loads and stands still afterwards (documented timings, no sleeping).
 * It starts at the real time (the footer's year must match the server's) and pauses a moment later:
 * a long jump would fire the 20 s request timeouts of calls still under way.
 */
async function loadWithPausedClock(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await hydrated(page);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
}

let products: CatalogProduct[];
test.beforeAll(async ({ request }) => {
  products = await plainProducts(request, 2);
});

test.describe('cart as a guest (docs/product.md §4)', () => {
  test('the badge follows adds; adding a product again increases its quantity by the added amount', async ({
    page,
  }) => {
    const [a, b] = products as [CatalogProduct, CatalogProduct];
    await page.goto(`/products/${a.id}`);
    await hydrated(page);
    await expect(badge(page)).toHaveText('0');

    await addOnProductPage(page, 2);
    await expect(toasts(page).filter({ hasText: 'Added to cart!' })).toHaveCount(1);
    await expect(badge(page)).toHaveText('2');
    await addOnProductPage(page, 3);
    await expect(badge(page)).toHaveText('5');

    await page.goto(`/products/${b.id}`);
    await hydrated(page);
    await expect(badge(page)).toHaveText('5');
    await addOnProductPage(page, 1);
    await expect(badge(page)).toHaveText('6');

    await page.getByRole('link', { name: /^Cart, 6 items$/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    // One line for the product added twice, with the sum of both adds.
    await expect(quantityOf(page, a)).toHaveValue('5');
    await expect(quantityOf(page, b)).toHaveValue('1');
    await expect(line(page, a).getByTestId('unit-price')).toHaveText(money(cents(a.sale_price)));
    await expect(line(page, a).getByTestId('line-total')).toHaveText(money(5 * cents(a.sale_price)));
    await expect(page.getByTestId('cart-total-items')).toHaveText('6');
    await expect(page.getByTestId('cart-total-price')).toHaveText(money(5 * cents(a.sale_price) + cents(b.sale_price)));
    await expect(line(page, a).getByRole('link', { name: a.name })).toHaveAttribute('href', `/products/${a.slug}`);

    // A guest's cart lives in this browser: it survives a reload.
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('cart-total-items')).toHaveText('6');

    await expectAccessible(page);
  });

  test('the cart page is an empty shell in the server HTML and fills after hydration', async ({ page, request }) => {
    const html = await (await request.get('/cart')).text();
    expect(html).toContain('Shopping Cart');
    expect(html).toContain('Loading your cart');
    expect(html).not.toContain('Your cart is empty');

    await page.goto('/cart');
    await expect(page).toHaveTitle('Shopping cart · Shop');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products');
    await expectAccessible(page);
  });

  test('guest update, remove and clear work locally with the documented toasts', async ({ page }) => {
    const [a, b] = products as [CatalogProduct, CatalogProduct];
    await page.goto(`/products/${a.id}`);
    await hydrated(page);
    await addOnProductPage(page, 1);
    await expect(badge(page)).toHaveText('1');
    await page.goto(`/products/${b.id}`);
    await hydrated(page);
    await addOnProductPage(page, 2);
    await expect(badge(page)).toHaveText('3');
    await page.goto('/cart');
    await hydrated(page);

    await page.getByRole('button', { name: `Increase quantity of ${a.name}` }).click();
    await expect(quantityOf(page, a)).toHaveValue('2');
    await expect(badge(page)).toHaveText('4');
    await page.getByRole('button', { name: `Remove ${b.name} from cart` }).click();
    await expect(toasts(page).filter({ hasText: 'Item removed from cart!' })).toHaveCount(1);
    await expect(line(page, b)).toHaveCount(0);
    await expect(badge(page)).toHaveText('2');
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await expect(toasts(page).filter({ hasText: 'Cart cleared!' })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(badge(page)).toHaveText('0');
  });
});

/** A product with one variant (so the page needs no choice) and less stock than a line may hold. */
async function oneVariantProduct(request: APIRequestContext) {
  const res = await request.get('/api/products?limit=100&in_stock=true');
  const { items } = (await res.json()) as { items: CatalogProduct[] };
  for (const p of items.filter((p) => p.available > 1 && p.available < 900 && p.available_sizes.length === 0)) {
    const variants = await variantsOf(request, p.id);
    if (variants.length === 1 && variants[0]) return { product: p, variant: variants[0] };
  }
  throw new Error('No product with one variant and fewer than 900 in stock');
}

test.describe('a guest cart and the stock', () => {
  test('quantities are whole numbers only; adds above the stock cap at it and say so, every time', async ({
    page,
    request,
  }) => {
    const { product, variant } = await oneVariantProduct(request);
    const stock = variant.available;
    await page.goto(`/products/${product.id}`);
    await hydrated(page);
    const quantity = page.getByLabel('Quantity', { exact: true });

    // '1e3' is not a quantity (a number field would read it as 1000): refused with a reason, nothing added.
    await quantity.fill('1e3');
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a whole number of items, like 2' })).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(badge(page)).toHaveText('0');

    // More than the stock: lowered to it in the field, saying so.
    await quantity.fill('999999');
    await expect(quantity).toHaveValue(String(stock));
    await expect(page.getByTestId('quantity-lowered')).toHaveText(`Only ${stock} left`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(badge(page)).toHaveText(String(stock));
    // Again: the cart already holds all there is; the shopper is told, not 'Added to cart!'.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(toasts(page).filter({ hasText: `Only ${stock} left — your cart now has ${stock}.` })).toHaveCount(1);
    await expect(badge(page)).toHaveText(String(stock));
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').items[0].quantity)).toBe(stock);
  });

  test('the cart page lowers a line above the current stock, with a notice, before checkout', async ({
    page,
    request,
  }) => {
    const { product, variant } = await oneVariantProduct(request);
    const stock = variant.available;
    await page.goto('/');
    await hydrated(page);
    // A guest line saved when there was more stock (or written by an older page): 50 above it now.
    await page.evaluate(
      (item) => localStorage.setItem('cart', JSON.stringify({ items: [item], ownerId: null, merge: null })),
      {
        product: { id: product.id, name: product.name, sale_price: product.sale_price, slug: product.slug },
        quantity: stock + 50,
        variantId: variant.id,
        color: null,
        size: null,
      },
    );
    await page.goto('/cart');
    await hydrated(page);
    await expect(page.getByTestId('stock-notice')).toHaveText(
      `Only ${stock} of ${product.name} left — we changed the quantity in your cart to ${stock}.`,
    );
    await expect(page.getByLabel(`Quantity of ${product.name}`, { exact: true })).toHaveValue(String(stock));
    await expect(page.getByTestId('cart-total-items')).toHaveText(String(stock));
    await expect(badge(page)).toHaveText(String(stock));
  });
});

test.describe('toasts (docs/product.md §4, §9)', () => {
  test('a success toast is dismissed after 2 s and removed 1 s later', async ({ page }) => {
    await loadWithPausedClock(page, `/products/${products[0]!.id}`);
    await addOnProductPage(page, 1);
    const added = toasts(page).filter({ hasText: 'Added to cart!' });
    await expect(added).toHaveCount(1);
    await expectToastLifetime(page, 'Added to cart!', 2_000);
  });

  test('at most 20 toasts are shown at once', async ({ page }) => {
    await loadWithPausedClock(page, `/products/${products[0]!.id}`);
    // By keyboard: twenty stacked toasts would soon cover the button for a mouse.
    await page.getByRole('button', { name: 'Add to cart' }).focus();
    for (let i = 0; i < 25; i++) await page.keyboard.press('Enter');
    await expect(badge(page)).toHaveText('25');
    // The five oldest are dismissed at once and removed after their 1 s exit; none has timed out yet.
    await page.clock.runFor(1_100);
    await expect(toasts(page).filter({ hasText: 'Added to cart!' })).toHaveCount(20);
  });
});

test.describe('cart when signed in', () => {
  // One shopper for the file (registration is rate limited), so these run one after another.
  test.describe.configure({ mode: 'serial' });
  let shopper: Shopper;
  test.beforeAll(async ({ request }) => {
    shopper = await newShopper(request, 'Cart');
  });
  test.beforeEach(async ({ request }) => {
    await clearServerCart(request, shopper);
  });

  test('update, remove and clear reach the server with the exact toasts', async ({ page, request }) => {
    const [a, b] = products as [CatalogProduct, CatalogProduct];
    await addToServerCart(request, shopper, a.id, 1);
    await addToServerCart(request, shopper, b.id, 2);
    await signInPage(page, shopper);
    await page.goto('/cart');
    await hydrated(page);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(badge(page)).toHaveText('3');

    // Update: the stepper and a typed quantity, each saved on the server.
    await page.getByRole('button', { name: `Increase quantity of ${a.name}` }).click();
    await expect(quantityOf(page, a)).toHaveValue('2');
    await expect.poll(async () => (await serverCart(request, shopper)).total_items).toBe(4);
    await quantityOf(page, b).fill('5');
    await quantityOf(page, b).press('Enter');
    await expect(page.getByTestId('cart-total-items')).toHaveText('7');
    await expect
      .poll(async () => (await serverCart(request, shopper)).cart_items.map((i) => [i.product.id, i.quantity]))
      .toEqual([
        [a.id, 2],
        [b.id, 5],
      ]);
    await expect(page.getByTestId('cart-total-price')).toHaveText(
      money(2 * cents(a.sale_price) + 5 * cents(b.sale_price)),
    );

    // Remove: the progress toast turns into the result once the server answers.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/products/remove-from-cart/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: `Remove ${b.name} from cart` }).click();
    await expect(line(page, b)).toHaveCount(0);
    await expect(toasts(page).filter({ hasText: 'Removing item from cart...' })).toHaveCount(1);
    release();
    await expect(toasts(page).filter({ hasText: 'Item removed from cart!' })).toHaveCount(1);
    await expect(toasts(page).filter({ hasText: 'Removing item from cart...' })).toHaveCount(0);
    await expect.poll(async () => (await serverCart(request, shopper)).total_items).toBe(2);

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout');
    await page.goBack();

    // Clear, held the same way.
    let releaseClear = () => {};
    const heldClear = new Promise<void>((resolve) => {
      releaseClear = resolve;
    });
    await page.route('**/api/products/clear-cart', async (route) => {
      await heldClear;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'Clearing cart...' })).toHaveCount(1);
    releaseClear();
    await expect(toasts(page).filter({ hasText: 'Cart cleared!' })).toHaveCount(1);
    await expect.poll(async () => (await serverCart(request, shopper)).total_items).toBe(0);
    await expect(badge(page)).toHaveText('0');
  });

  test('a failed add rolls back with "Failed to add to cart!"; the error toast lasts 4 s', async ({
    page,
    request,
  }) => {
    const [a] = products as [CatalogProduct];
    await addToServerCart(request, shopper, a.id, 1);
    let attempts = 0;
    await page.route('**/api/products/add-to-cart', (route) => {
      attempts++;
      return route.abort();
    });
    await signInPage(page, shopper);
    await loadWithPausedClock(page, `/products/${a.id}`);
    await expect(badge(page)).toHaveText('1');

    await addOnProductPage(page, 3);
    // Optimistic: the badge counts the add before the server has answered.
    await expect(badge(page)).toHaveText('4');
    await expect(toasts(page).filter({ hasText: 'Adding to cart...' })).toHaveCount(1);
    // No answer: retried 3 times (docs/product.md §9) on the fake clock, then given up.
    await expect
      .poll(
        async () => {
          if (attempts < 4) await page.clock.runFor(1_000);
          return attempts;
        },
        { timeout: 20_000 },
      )
      .toBe(4);
    const failed = toasts(page).filter({ hasText: 'Failed to add to cart!' });
    await expect(failed).toHaveCount(1);
    await expect(toasts(page).filter({ hasText: 'Adding to cart...' })).toHaveCount(0);
    await expect(badge(page)).toHaveText('1');
    expect((await serverCart(request, shopper)).total_items).toBe(1);
    await expectToastLifetime(page, 'Failed to add to cart!', 4_000);
  });

  test('a guest cart is sent to the server at sign-in', async ({ page, request }) => {
    const [a, b] = products as [CatalogProduct, CatalogProduct];
    await addToServerCart(request, shopper, b.id, 1);
    await page.goto(`/products/${a.id}`);
    await hydrated(page);
    await addOnProductPage(page, 2);
    await expect(badge(page)).toHaveText('2');

    await signInNow(page, shopper);
    await page.goto('/cart');
    await hydrated(page);
    // The guest's line joined the server cart, and the page shows the server's cart (both lines).
    await expect
      .poll(async () => (await serverCart(request, shopper)).cart_items.map((i) => [i.product.id, i.quantity]))
      .toEqual([
        [b.id, 1],
        [a.id, 2],
      ]);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(badge(page)).toHaveText('3');

    // Sent once: another page load does not send it again.
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    expect((await serverCart(request, shopper)).total_items).toBe(3);

    // Signed-in adds say so in two steps: progress, then the result.
    await page.goto(`/products/${b.id}`);
    await hydrated(page);
    await addOnProductPage(page, 1);
    await expect(toasts(page).filter({ hasText: 'Added to cart!' })).toHaveCount(1);
    await expect(badge(page)).toHaveText('4');
    await expect.poll(async () => (await serverCart(request, shopper)).total_items).toBe(4);
  });

  test('when the profile loads, the server cart replaces the local one', async ({ page, request }) => {
    const [a, b] = products as [CatalogProduct, CatalogProduct];
    await addToServerCart(request, shopper, b.id, 3);
    // This browser still holds an old copy of the user's cart.
    await page.addInitScript(
      ({ product, ownerId }) => {
        if (!sessionStorage.getItem('e2e-stale-cart')) {
          sessionStorage.setItem('e2e-stale-cart', '1');
          localStorage.setItem('cart', JSON.stringify({ items: [{ product, quantity: 7 }], ownerId, merge: null }));
        }
      },
      { product: { id: a.id, name: a.name, sale_price: a.sale_price }, ownerId: shopper.user.id },
    );
    await signInPage(page, shopper);
    await page.goto('/account');
    await hydrated(page);
    await expect(page.getByTestId('account-email')).toHaveText(shopper.user.email);
    await expect(badge(page)).toHaveText('3');
    await page.getByRole('link', { name: /^Cart, 3 items$/ }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(quantityOf(page, b)).toHaveValue('3');
    await expect(line(page, a)).toHaveCount(0);
  });
});
