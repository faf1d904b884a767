import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { adminSignIn, findInAuditLog, noSeriousViolations } from './support/admin.ts';

// An admin creates a product with an uploaded picture and sees it in the shop, edits
// it, adjusts its stock and unpublishes it again (the stock is its variant's). It adds a product to the catalogue every shopper
// sees, so it runs in the shop-wide project after the other tests.

/** A real 640×480 PNG, drawn with sharp and written to a temporary file for the file input. */
async function pngFile(): Promise<string> {
  const path = join(tmpdir(), `admin-product-${Date.now()}.png`);
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 140, b: 160 } } })
    .png()
    .toBuffer();
  await writeFile(path, png);
  return path;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function selectInList(page: Page, name: string) {
  await page.goto('/admin/products');
  await page.getByLabel('Search by name or slug').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
}

test('an admin creates a product with an uploaded picture, publishes, edits, restocks and unpublishes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const name = `Harbour Lamp ${tag}`;
  const slug = `harbour-lamp-${tag}`;
  await adminSignIn(page);

  // The list, with axe.
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await noSeriousViolations(page, 'products');

  // Create: every kind of field, and a picture uploaded from disk.
  await page.getByRole('link', { name: 'Add product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add product' })).toBeVisible();
  await noSeriousViolations(page, 'add-product');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('A lamp for the harbour wall.');
  await choose(page, 'Category', 'Home & Garden');
  await page.getByLabel('Regular price ($)').fill('49.99');
  await page.getByLabel('Discount (%)').fill('10');
  await expect(page.getByLabel('Sale price ($)')).toHaveValue('44.99');
  // One option (Colour: Teal), its variant generated, the stock set on the variant's row.
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('Name of option 1').fill('Colour');
  await page.getByLabel('Values of Colour').fill('Teal');
  await page.getByRole('button', { name: 'Add value' }).click();
  await page.getByRole('button', { name: 'Generate variants' }).click();
  await page.getByLabel('Stock of Teal').fill('5');
  await page.getByLabel('Features').fill('Weatherproof');
  await page.getByLabel('Features').press('Enter');
  await expect(page.getByRole('button', { name: 'Remove feature Weatherproof' })).toBeVisible();
  await page.getByLabel(/Upload a picture/).setInputFiles(await pngFile());
  const preview = page.getByRole('list', { name: 'Product pictures' }).getByRole('img');
  await expect(preview).toHaveCount(1);
  // Staff read pictures through /api/admin/media (drafts' are not public) as data: URLs.
  await expect(preview).toHaveAttribute('src', /^data:image\/webp;base64,/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
  // Client-side validation mirrors the API: a sale price above the regular price is refused.
  await page.getByLabel('Sale price ($)').fill('60');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Sale price must not be greater than the regular price')).toBeVisible();
  await page.getByLabel('Sale price ($)').fill('44.99');
  await expect(page.getByLabel('Discount (%)')).toHaveValue('10');
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page).toHaveURL(/\/admin\/products\/view-product\/[0-9a-f-]{36}$/);
  const productUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Draft')).toBeVisible();
  await noSeriousViolations(page, 'view-product');

  // Publish it from the list (bulk action over the selected row).
  await selectInList(page, name);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('1 product published')).toBeVisible();
  await expect(page.getByRole('row').nth(1).getByText('Published')).toBeVisible();

  // The storefront shows it at once: name, price and the uploaded picture.
  await page.goto(`/products/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('$44.99').first()).toBeVisible();
  const picture = page.getByRole('img', { name, exact: true });
  await expect(picture).toHaveAttribute('src', /^\/media\/uploads\/[0-9a-f-]+\/large\.webp$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);

  // Its card in the shop's search shows the 400 px variant.
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('link', { name: new RegExp(name) }).getByRole('img');
  await expect(card).toHaveAttribute('src', /^\/media\/uploads\/[0-9a-f-]+\/thumb\.webp$/);
  await card.scrollIntoViewIfNeeded();
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);

  // Edit: a new name and price.
  await page.goto(productUrl.replace('view-product', 'edit-product'));
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await noSeriousViolations(page, 'edit-product');
  await page.getByLabel('Name', { exact: true }).fill(`${name} XL`);
  await page.getByLabel('Regular price ($)').fill('59.99');
  await expect(page.getByLabel('Sale price ($)')).toHaveValue('53.99');
  // The owner's tags: one with the button, one with Enter, one taken off again.
  const tags = page.getByRole('textbox', { name: 'Tags', exact: true });
  await tags.fill('waterproof');
  await page.getByRole('button', { name: 'Add tag' }).click();
  await tags.fill('gift idea');
  await tags.press('Enter');
  await tags.fill('clearance');
  await tags.press('Enter');
  await page.getByRole('button', { name: 'Remove tag clearance' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(productUrl);
  await expect(page.getByRole('heading', { level: 1, name: `${name} XL` })).toBeVisible();
  await expect(page.getByText('waterproof, gift idea', { exact: true })).toBeVisible();
  // A shopper's listing of one tag: this product, and the tag as a filter to take off.
  await page.goto('/products?tag=gift%20idea');
  await expect(page.getByRole('link', { name: `${name} XL` }).first()).toBeVisible();
  await expect(page.getByText('Showing 1 product', { exact: true })).toBeVisible();
  await page.goto(productUrl);
  await expect(page.getByText('$53.99 (10% off $59.99)')).toBeVisible();

  // Stock: removing more than there is is refused; a delivery adds and shows as a movement.
  await page.getByLabel('Change (units)').fill('-9');
  await page.getByLabel('Reason').fill('Count');
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(page.getByText('Only 5 in stock: you can remove at most 5')).toBeVisible();
  await page.getByLabel('Change (units)').fill('7');
  await page.getByLabel('Reason').fill('Delivery from the harbour');
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(page.getByText(`12 of ${slug}-teal in stock.`, { exact: false })).toBeVisible();
  const movements = page.getByRole('table', { name: 'Stock movements' });
  await expect(movements.getByRole('row', { name: /\+7 \S+-teal Adjustment Delivery from the harbour/ })).toBeVisible();
  await expect(movements.getByRole('row', { name: /\+5 \S+-teal Adjustment Initial stock/ })).toBeVisible();

  // Bulk unpublish: the product leaves the shop.
  await selectInList(page, `${name} XL`);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('1 product unpublished')).toBeVisible();
  await expect(page.getByRole('row').nth(1).getByText('Draft')).toBeVisible();
  const gone = await page.request.get(`/api/products/${slug}`);
  expect(gone.status()).toBe(404);

  // Each change is in the audit log: who created it (with its name) and the stock adjustment.
  const productId = productUrl.split('/').pop() as string;
  await findInAuditLog(page, { action: 'product.create', entityId: productId, contains: name });
  await findInAuditLog(page, { action: 'stock.adjust', entityId: productId, contains: 'Delivery from the harbour' });
});
