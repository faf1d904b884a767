// A product page picks a variant. Each choice says whether it is in stock before it is
// picked; unavailable combinations are marked, never hidden; the price, stock and add-to-cart follow the
// chosen variant; the cart keeps one line per variant. Test data comes from the live demo catalogue's
// variants (GET /api/products/:id/variants), never from hard-coded stock.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { type ApiProduct, apiList, money } from './support/catalog.ts';
import { hydrated, newShopper, signInPage } from './support/shopper.ts';

interface Variant {
  id: string;
  sku: string;
  options: string[];
  price: number;
  available: number;
  in_stock: boolean;
}
interface Variants {
  options: { name: string; values: string[] }[];
  variants: Variant[];
}

async function variantsOf(request: APIRequestContext, productId: string): Promise<Variants> {
  const res = await request.get(`/api/products/${productId}/variants`);
  expect(res.status()).toBe(200);
  return res.json();
}

interface Pick {
  product: ApiProduct;
  model: Variants;
  colour: string;
  /** Sizes of `colour` in stock and sold out, each with its variant. */
  inStock: Variant[];
  soldOut: Variant[];
}

/**
 * A Color × Size product of the demo catalogue with a colour that has sizes both in stock and sold out
 * (stock split evenly over more variants than units leaves some at zero).
 */
async function productWithSoldOutSize(request: APIRequestContext): Promise<Pick> {
  for (let page = 1; page <= 12; page++) {
    const { items } = await apiList(request, `page=${page}&sort=newest&in_stock=true`, 100);
    for (const product of items) {
      if (product.colors.length < 2 || product.available_sizes.length < 3) continue;
      if (product.available >= product.colors.length * product.available_sizes.length) continue;
      const model = await variantsOf(request, product.id);
      if (model.options.map((o) => o.name).join() !== 'Color,Size') continue;
      for (const colour of model.options[0]?.values ?? []) {
        const sizes = model.variants.filter((v) => v.options[0] === colour);
        const inStock = sizes.filter((v) => v.in_stock);
        const soldOut = sizes.filter((v) => !v.in_stock);
        if (inStock.length > 0 && soldOut.length > 0) return { product, model, colour, inStock, soldOut };
      }
    }
    if (items.length < 100) break;
  }
  throw new Error('the demo catalogue has no colour with sizes both in stock and sold out');
}

/** A Color × Size product of the demo catalogue with two variants that each have stock for two. */
async function productWithTwoVariantsInStock(
  request: APIRequestContext,
): Promise<{ product: ApiProduct; first: Variant; second: Variant }> {
  for (let page = 1; page <= 12; page++) {
    const { items } = await apiList(request, `page=${page}&sort=newest&in_stock=true`, 100);
    for (const product of items) {
      if (product.colors.length < 2 || product.available_sizes.length < 2) continue;
      const model = await variantsOf(request, product.id);
      if (model.options.map((o) => o.name).join() !== 'Color,Size') continue;
      const [first, second] = model.variants.filter((v) => v.available >= 2);
      if (first && second) return { product, first, second };
    }
    if (items.length < 100) break;
  }
  throw new Error('the demo catalogue has no Color × Size product with two variants in stock');
}

const main = (page: Page) => page.getByRole('main');
const colours = (page: Page) => main(page).getByRole('group', { name: /^Colour/ });
const sizes = (page: Page) => main(page).getByRole('group', { name: /^Size/ });

/** The label (the visible pill) of a size. */
const pill = (page: Page, size: string) =>
  sizes(page)
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: size, exact: true }) });

/** Chooses a value the way a shopper does: a click on its label. */
async function choose(group: ReturnType<typeof colours>, value: string) {
  await group.getByText(value, { exact: true }).click();
  await expect(group.getByRole('radio', { name: value, exact: true })).toBeChecked();
}

/** What the page says of a variant's stock (features/product/stock.ts). */
const stockText = (available: number) =>
  available <= 0 ? 'Out of stock' : available <= 10 ? `Only ${available} left` : 'In stock';

test('each size says whether it is in stock for the chosen colour before it is picked; sold out is marked, not hidden', async ({
  page,
  request,
}) => {
  const { product, model, colour, inStock, soldOut } = await productWithSoldOutSize(request);
  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  await choose(colours(page), colour);

  // Every size is listed, sold-out ones included.
  const allSizes = model.options[1]?.values ?? [];
  await expect(sizes(page).getByRole('radio')).toHaveCount(allSizes.length);
  for (const v of soldOut) {
    const radio = sizes(page).getByRole('radio', { name: v.options[1], exact: true });
    await expect(radio).toHaveAccessibleDescription('Sold out');
    await expect(radio).not.toBeChecked();
    await expect(pill(page, v.options[1] as string)).toHaveAttribute('data-available', 'false');
  }
  for (const v of inStock) {
    const radio = sizes(page).getByRole('radio', { name: v.options[1], exact: true });
    await expect(radio).toHaveAccessibleDescription('');
    await expect(pill(page, v.options[1] as string)).toHaveAttribute('data-available', 'true');
  }

  // A sold-out size can be reached and chosen from the keyboard: the page says so and offers Notify me.
  const gone = soldOut[0] as Variant;
  await choose(sizes(page), gone.options[1] as string);
  await expect(sizes(page).getByRole('radio', { name: gone.options[1], exact: true })).toBeFocused();
  await expect(page.getByTestId('stock-state')).toHaveText('Out of stock');
  await expect(main(page).getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await expect(main(page).getByRole('button', { name: "Notify me when it's back" })).toBeVisible();

  // An in-stock size: its own stock, price and a quantity bounded by it.
  const there = inStock[0] as Variant;
  await choose(sizes(page), there.options[1] as string);
  await expect(page.getByTestId('stock-state')).toHaveText(stockText(there.available));
  await expect(main(page).getByText(money(there.price)).first()).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  const quantity = main(page).getByRole('spinbutton', { name: 'Quantity' });
  await quantity.fill('5000');
  await expect(quantity).toHaveValue(String(Math.min(there.available, 999)));
  await expectAccessible(page);
});

test('a guest adds two sizes of one product: two cart lines, each with its variant and values', async ({
  page,
  request,
}) => {
  // The second variant is added twice, so it needs stock for two (an add beyond stock is capped).
  const { product, first, second } = await productWithTwoVariantsInStock(request);
  const colour = first.options[0] as string;

  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  await choose(colours(page), colour);
  await choose(sizes(page), first.options[1] as string);
  await main(page).getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await choose(colours(page), second.options[0] as string);
  await choose(sizes(page), second.options[1] as string);
  await main(page).getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  // The same variant again: its line grows.
  await main(page).getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  await page.goto('/cart');
  await hydrated(page);
  const lines = page.locator(`[data-testid="cart-line"][data-product-id="${product.id}"]`);
  await expect(lines).toHaveCount(2);
  const firstLine = page.locator(`[data-testid="cart-line"][data-variant-id="${first.id}"]`);
  const secondLine = page.locator(`[data-testid="cart-line"][data-variant-id="${second.id}"]`);
  await expect(firstLine.getByTestId('line-choices')).toHaveText(`Colour: ${colour} · Size: ${first.options[1]}`);
  await expect(secondLine.getByTestId('line-choices')).toHaveText(
    `Colour: ${second.options[0]} · Size: ${second.options[1]}`,
  );
  await expect(
    secondLine.getByLabel(`Quantity of ${product.name} (Colour: ${second.options[0]}, Size: ${second.options[1]})`, {
      exact: true,
    }),
  ).toHaveValue('2');
  await expect(page.getByTestId('cart-total-items')).toHaveText('3');
});

test('a product whose variants are all sold out: every choice marked, Notify me for the product', async ({
  page,
  request,
}) => {
  const { items } = await apiList(request, 'sort=newest', 100);
  const product = items.find((p) => p.available === 0 && p.colors.length > 1);
  if (!product) throw new Error('no sold-out product with colours in the newest 100');
  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  const radios = colours(page).getByRole('radio');
  await expect(radios).toHaveCount(product.colors.length);
  for (const colour of product.colors) {
    await expect(colours(page).getByRole('radio', { name: colour, exact: true })).toHaveAccessibleDescription(
      'Sold out',
    );
  }
  await expect(page.getByTestId('stock-state')).toHaveText('Out of stock');
  await expect(main(page).getByRole('button', { name: "Notify me when it's back" })).toBeVisible();
});

test('Notify me on a sold-out variant asks for that variant (variant_id in the body)', async ({ page, request }) => {
  const { product, colour, soldOut } = await productWithSoldOutSize(request);
  const shopper = await newShopper(request, 'Variant Notify');
  await signInPage(page, shopper);
  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  await choose(colours(page), colour);
  const gone = soldOut[0] as Variant;
  await choose(sizes(page), gone.options[1] as string);

  const subscribe = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(`/api/products/${product.id}/subscribe`),
  );
  await main(page).getByRole('button', { name: "Notify me when it's back" }).click();
  expect((await subscribe).postDataJSON()).toEqual({ variant_id: gone.id });
  await expect(page.getByText("We'll e-mail you when it's back in stock.")).toBeVisible();
});

test('a product with one variant looks as before: no pickers, its stock, straight to the cart', async ({
  page,
  request,
}) => {
  const { items } = await apiList(request, 'sort=newest&in_stock=true', 100);
  const product = items.find((p) => p.colors.length === 0 && p.available_sizes.length === 0);
  if (!product) throw new Error('no product without options in the newest 100');
  const model = await variantsOf(request, product.id);
  expect(model).toMatchObject({ options: [], variants: [{ options: [], available: product.available }] });
  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  await expect(main(page).getByRole('radio')).toHaveCount(0);
  await expect(page.getByTestId('stock-state')).toHaveText(stockText(product.available));
  await main(page).getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('the product page links to its brand page', async ({ page, request }) => {
  const { items } = await apiList(request, 'sort=newest', 20);
  const product = items.find((p) => p.brand !== null);
  if (!product) throw new Error('no product with a brand');
  const detail = await (await request.get(`/api/products/${product.id}`)).json();
  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  const link = main(page).getByRole('link', { name: detail.brand_name, exact: true });
  await expect(link).toHaveAttribute('href', `/brands/${detail.brand_slug}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/brands/${detail.brand_slug}$`));
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(detail.brand_name);
});
