import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { type ApiProduct, apiList, escapeHtml, findProduct, money, openHydrated } from './support/catalog.ts';

// /products/{productId} — gallery, price with discount, colours, sizes, features, stock state,
// quantity, add to cart / wishlist, related products; unknown products are 404 pages.

const main = (page: Page) => page.getByRole('main');

/** A discounted, in-stock product with several colours and several sizes (a piece of clothing). */
const isFullProduct = (p: ApiProduct) =>
  p.percentage_discount > 0 &&
  p.available > 20 &&
  p.colors.length > 1 &&
  p.available_sizes.length > 1 &&
  p.images.length > 2 &&
  p.features.length > 0 &&
  p.subcategory !== null;

test('name and prices are in the server-rendered HTML, by id and by slug', async ({ request }) => {
  const product = await findProduct(request, isFullProduct);
  for (const path of [`/products/${product.id}`, `/products/${product.slug}`]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html).toContain(escapeHtml(product.name));
    expect(html).toContain(money(product.sale_price));
    expect(html).toContain(money(product.regular_price));
    expect(html).toContain(`-${product.percentage_discount}%`);
    for (const feature of product.features) expect(html).toContain(escapeHtml(feature));
  }
});

test('shows every part of a product page', async ({ page, request }) => {
  const product = await findProduct(request, isFullProduct);
  await openHydrated(page, `/products/${product.slug}`);
  const m = main(page);
  await expect(m.getByRole('heading', { level: 1 })).toHaveText(product.name);

  // Price with discount: the regular price struck through and a percentage badge.
  await expect(m.getByText(money(product.sale_price), { exact: false }).first()).toBeVisible();
  await expect(m.locator('s').first()).toHaveText(`Regular price ${money(product.regular_price)}`);
  await expect(m.getByText(`-${product.percentage_discount}%`, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('stock-state')).toHaveText('In stock');

  const features = m.getByRole('region', { name: 'Features' }).getByRole('listitem');
  await expect(features).toHaveText(product.features);

  // Colours: a radio group, the first chosen; arrow keys move the choice.
  const colours = m.getByRole('group', { name: /^Colour/ });
  await expect(colours.getByRole('radio')).toHaveCount(product.colors.length);
  await expect(colours.getByRole('radio', { name: product.colors[0], exact: true })).toBeChecked();
  await colours.getByText(product.colors[1]!, { exact: true }).click();
  await expect(colours.getByRole('radio', { name: product.colors[1], exact: true })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(colours.getByRole('radio', { name: product.colors[0], exact: true })).toBeChecked();

  // Sizes must be chosen before adding to the cart.
  const sizes = m.getByRole('group', { name: /^Size/ });
  await expect(sizes.getByRole('radio')).toHaveCount(product.available_sizes.length);
  await m.getByRole('button', { name: 'Add to cart' }).click();
  await expect(m.getByRole('alert')).toHaveText('Please choose a size');
  await expect(sizes.getByRole('radio').first()).toHaveAttribute('aria-invalid', 'true');
  await sizes.getByText(product.available_sizes[1]!, { exact: true }).click();
  await expect(m.getByRole('alert')).toHaveCount(0);

  // Quantity stepper.
  const quantity = m.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');
  await expect(m.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await m.getByRole('button', { name: 'Increase quantity' }).click();
  await m.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('3');
  await m.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(quantity).toHaveValue('2');

  // Add to cart: the cart feature's toast and the navbar badge count.
  await m.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await m.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByText('Added to wishlist!')).toBeVisible();
});

test('the quantity stays between 1 and what is in stock', async ({ page, request }) => {
  // One variant, so its stock is the product's (a chosen variant's own stock bounds the
  // quantity, e2e/product-variants.spec.ts).
  const product = await findProduct(
    request,
    (p) => p.available > 1 && p.available <= 10 && p.colors.length === 0 && p.available_sizes.length === 0,
  );
  await openHydrated(page, `/products/${product.id}`);
  await expect(page.getByTestId('stock-state')).toHaveText(`Only ${product.available} left`);
  const quantity = main(page).getByRole('spinbutton', { name: 'Quantity' });
  await quantity.fill('5000');
  await expect(quantity).toHaveValue(String(product.available));
  await expect(main(page).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  await quantity.fill('0');
  await expect(quantity).toHaveValue('1');
});

test('an out-of-stock product says so and cannot be added to the cart', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.available === 0);
  await openHydrated(page, `/products/${product.id}`);
  await expect(page.getByTestId('stock-state')).toHaveText('Out of stock');
  await expect(main(page).getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await expect(main(page).getByRole('button', { name: 'Add to wishlist' })).toBeEnabled();
});

test('the gallery switches pictures by click and by keyboard', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.images.length >= 3);
  await openHydrated(page, `/products/${product.id}`);
  const big = main(page).getByRole('img', { name: new RegExp(`picture \\d of ${product.images.length}$`) });
  const thumbs = main(page).getByRole('group', { name: 'Product pictures' }).getByRole('button');
  await expect(thumbs).toHaveCount(product.images.length);
  await expect(big).toHaveAttribute('src', product.images[0]!);
  await expect(thumbs.nth(0)).toHaveAttribute('aria-pressed', 'true');

  await thumbs.nth(1).click();
  await expect(big).toHaveAttribute('src', product.images[1]!);
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(thumbs.nth(0)).toHaveAttribute('aria-pressed', 'false');

  await page.keyboard.press('ArrowRight');
  await expect(big).toHaveAttribute('src', product.images[2]!);
  await expect(thumbs.nth(2)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(big).toHaveAttribute('src', product.images[0]!);
  await expect(thumbs.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(big).toHaveAttribute('src', product.images[product.images.length - 1]!);
  // One tab stop for the whole strip.
  expect(await thumbs.evaluateAll((b) => b.filter((x) => x.getAttribute('tabindex') === '0').length)).toBe(1);
});

test('related products come from the same subcategory', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.subcategory === 'laptops');
  await openHydrated(page, `/products/${product.id}`);
  const related = main(page).getByRole('region', { name: 'Related products' });
  const names = await related.locator('h3').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(names.length).toBeLessThanOrEqual(4);
  expect(names).not.toContain(product.name);
  const sameSub = await apiList(request, `category=${product.category}&subcategory=laptops`, 100);
  const allowed = new Set(sameSub.items.map((p) => p.name));
  for (const name of names) expect(allowed.has(name), name).toBe(true);
  await related.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(names[0]!);
});

test('an unknown product answers 404 with the not-found page', async ({ page }) => {
  for (const path of ['/products/no-such-product', '/products/00000000-0000-4000-8000-000000000000']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
  }
});

test('axe finds no serious problem on a product page', async ({ page, request }) => {
  const product = await findProduct(request, isFullProduct);
  await openHydrated(page, `/products/${product.id}`);
  await expectAccessible(page);
});
