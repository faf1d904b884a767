import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminSignIn } from './support/admin.ts';
import { expectAccessible } from './support/axe.ts';
import {
  fillCard,
  fillGuestDetails,
  goToCheckout,
  guestEmail,
  placeOrderButton,
  TEST_CARD,
} from './support/checkout.ts';
import { adminAccount, apiLogin } from './support/session.ts';
import { hydrated } from './support/shopper.ts';

// The admin creates a product with Colour × Size options and sets the stock of each
// variant (one combination at 0); a shopper sees that combination marked unavailable, buys an available
// one, and only that variant's stock goes down — its siblings' stay.

interface Variant {
  id: string;
  sku: string;
  options: string[];
  available: number;
}

/** The product's variants as the admin API reports them (the oracle the pages are checked against). */
async function adminVariants(request: APIRequestContext, productId: string): Promise<Variant[]> {
  const admin = await apiLogin(request, adminAccount);
  const res = await request.get(`/api/admin/products/${productId}`, {
    headers: { authorization: `Bearer ${admin.access}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).variants;
}

const stockBy = (variants: Variant[]) => Object.fromEntries(variants.map((v) => [v.options.join('/'), v.available]));

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addOption(page: Page, n: number, name: string, values: string[]) {
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel(`Name of option ${n}`).fill(name);
  for (const value of values) {
    const input = page.getByRole('textbox', { name: `Values of ${name}` });
    await input.fill(value);
    await input.press('Enter');
  }
}

/** What the admin sets per combination: Red / M is sold out. */
const STOCK: Record<string, number> = { 'Red/S': 3, 'Red/M': 0, 'Blue/S': 2, 'Blue/M': 4 };

/** The admin half: the product made in the editor, its variants' stock set in the grid. */
async function createInEditor(page: Page, name: string): Promise<string> {
  await adminSignIn(page);
  await page.goto('/admin/products/add-product');
  await expect(page.getByRole('heading', { level: 1, name: 'Add product' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await choose(page, 'Category', 'Fashion');
  await page.getByLabel('Regular price ($)').fill('30');
  await page.getByLabel('Published (shown in the shop)').check();

  await addOption(page, 1, 'Colour', ['Red', 'Blue']);
  await addOption(page, 2, 'Size', ['S', 'M']);
  await expect(page.getByText('The options changed: generate the variants to update the grid.')).toBeVisible();
  await page.getByRole('button', { name: 'Generate variants' }).click();
  const grid = page.getByRole('table', { name: 'Variants' });
  await expect(grid.getByRole('row')).toHaveCount(1 + 4);
  for (const [combo, stock] of Object.entries(STOCK)) {
    await page.getByLabel(`Stock of ${combo.replace('/', ' / ')}`, { exact: true }).fill(String(stock));
  }
  // A variant of its own price, typed with the keyboard only.
  await page.getByLabel('Price of Blue / M', { exact: true }).focus();
  await page.keyboard.type('32.50');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page).toHaveURL(/\/admin\/products\/view-product\/[0-9a-f-]{36}$/);
  const variants = page.getByRole('table', { name: 'Variants' });
  await expect(variants.getByRole('row', { name: /^Red \/ M .* Out of stock/ })).toBeVisible();
  await expect(variants.getByRole('row', { name: /^Blue \/ M .*\$32\.50 4/ })).toBeVisible();
  await expectAccessible(page);
  return page.url().split('/').pop() as string;
}

test('an admin sets stock per variant; a shopper sees the sold-out combination and buys only from its own stock', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Variant Tee ${Date.now().toString(36)}`;
  const productId = await createInEditor(page, name);

  // The admin API agrees with the grid: one variant per combination, the product the sum of them.
  const before = await adminVariants(request, productId);
  expect(stockBy(before)).toEqual(STOCK);
  const shopProduct = await (await request.get(`/api/products/${productId}`)).json();
  expect(shopProduct).toMatchObject({ available: 9, colors: ['Red', 'Blue'], available_sizes: ['S', 'M'] });

  // The shopper half (needs the storefront's variant pickers and the cart per variant).
  const shopper = await browser.newPage();
  await shopper.goto(`/products/${productId}`);
  await hydrated(shopper);
  const main = shopper.getByRole('main');
  await main
    .getByRole('group', { name: /^Colour/ })
    .getByText('Red', { exact: true })
    .click();
  const sizes = main.getByRole('group', { name: /^Size/ });
  // Marked, not hidden: Red / M is there, and says it is out of stock.
  const soldOut = sizes.getByRole('radio', { name: /^M\b/ });
  await expect(soldOut).toBeVisible();
  await expect(soldOut).toHaveAccessibleDescription(/out of stock|unavailable|sold out/i);
  await sizes.getByText('S', { exact: true }).click();
  await expect(shopper.getByTestId('stock-state')).toHaveText('Only 3 left');
  await main.getByRole('button', { name: 'Add to cart' }).click();
  await expect(shopper.getByText('Added to cart!')).toBeVisible();

  await goToCheckout(shopper);
  await fillGuestDetails(shopper, guestEmail('variant-buyer'));
  await fillCard(shopper, TEST_CARD.success);
  await placeOrderButton(shopper).click();
  await expect(shopper).toHaveURL(/\/checkout\/confirmation$/);
  await shopper.close();

  // Red / S went down by one; its siblings did not move.
  const after = await adminVariants(request, productId);
  expect(stockBy(after)).toEqual({ ...STOCK, 'Red/S': STOCK['Red/S']! - 1 });
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Variants' }).getByRole('row', { name: /^Red \/ S .* 2 1$/ }),
  ).toBeVisible();
});
