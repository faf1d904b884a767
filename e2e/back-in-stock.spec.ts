// 'Notify me' on an out-of-stock product: a signed-in shopper subscribes and may cancel; a
// guest is asked to sign in. The API's subscription status is the oracle.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { findProduct } from './support/catalog.ts';
import { hydrated, newShopper, type Shopper, signInPage } from './support/shopper.ts';

const notifyButton = (page: Page) => page.getByRole('main').getByRole('button', { name: "Notify me when it's back" });

async function subscribed(request: APIRequestContext, shopper: Shopper, productId: string): Promise<boolean> {
  const res = await request.get(`/api/products/${productId}/subscription`, {
    headers: { authorization: `Bearer ${shopper.tokens.access}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).subscribed;
}

test('a signed-in shopper asks to be told, sees it after a reload, and cancels', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.available === 0);
  const shopper = await newShopper(request, 'Notify');
  await signInPage(page, shopper);
  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  await expect(page.getByTestId('stock-state')).toHaveText('Out of stock');

  await notifyButton(page).click();
  await expect(page.getByText("We'll e-mail you when it's back in stock.")).toBeVisible();
  expect(await subscribed(request, shopper, product.id)).toBe(true);
  await expectAccessible(page);

  await page.reload();
  await hydrated(page);
  await expect(page.getByText("We'll e-mail you when it's back in stock.")).toBeVisible();
  await expect(notifyButton(page)).toHaveCount(0);

  await page.getByRole('button', { name: "Don't notify me" }).click();
  await expect(page.getByText("You won't get an e-mail about this product.")).toBeVisible();
  await expect(notifyButton(page)).toBeVisible();
  expect(await subscribed(request, shopper, product.id)).toBe(false);
});

test('a guest is asked to sign in; in-stock products have no Notify me', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.available === 0);
  // In the server HTML: the page shows the button from the first paint.
  const html = await (await request.get(`/products/${product.slug}`)).text();
  expect(html).toContain('Notify me when it&#x27;s back');

  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  await notifyButton(page).click();
  await expect(page.getByText("Sign in and we'll e-mail you when it's back in stock.")).toBeVisible();
  await page.getByTestId('notify-me').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();

  const inStock = await findProduct(request, (p) => p.available > 0);
  await page.goto(`/products/${inStock.slug}`);
  await hydrated(page);
  await expect(page.getByRole('main').getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expect(notifyButton(page)).toHaveCount(0);
});
