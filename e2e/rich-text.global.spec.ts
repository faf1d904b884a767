import { expect, type Page, test } from '@playwright/test';
import { adminSignIn, noSeriousViolations } from './support/admin.ts';

// Descriptions are rich text (docs/adr/044-rich-text.md): the admin formats one with the editor's
// toolbar and the product page shows the headings, bold text and lists as HTML. It adds a published
// product to the catalogue every shopper sees, so it runs in the shop-wide project.

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin writes a description with a heading, bold text and a list, and the product page shows them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const name = `Brass Lantern ${tag}`;
  const slug = `brass-lantern-${tag}`;
  await adminSignIn(page);

  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Add product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add product' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Slug (made from the name when blank)').fill(slug);
  await page.getByLabel('Product type', { exact: true }).fill('Lanterns');

  const editor = page.getByRole('textbox', { name: 'Description', exact: true });
  await expect(editor).toHaveAttribute('aria-multiline', 'true');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  const bold = toolbar.getByRole('button', { name: 'Bold' });
  await editor.click();
  await toolbar.getByRole('button', { name: 'Heading' }).click();
  await page.keyboard.type('Care');
  await expect(toolbar.getByRole('button', { name: 'Heading' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Solid ');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('brass');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(', hand-finished.');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Wipe dry');
  await page.keyboard.press('Enter');
  await page.keyboard.type('No polish');
  await expect(toolbar.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
  await noSeriousViolations(page, 'product description editor');

  await choose(page, 'Category', 'Home & Garden');
  await page.getByLabel('Regular price ($)').fill('39');
  await page.getByLabel('Published (shown in the shop)').check();
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/view-product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // Staff see the product type and the formatted description.
  await expect(page.getByText('Lanterns', { exact: true })).toBeVisible();
  await expect(page.getByTestId('admin-description').locator('strong')).toHaveText('brass');

  // The shopper's page renders the stored HTML: a heading, bold text and list items, nothing escaped.
  await page.goto(`/products/${slug}`);
  const description = page.getByTestId('product-description');
  await expect(description.locator('h2')).toHaveText('Care');
  await expect(description.locator('strong')).toHaveText('brass');
  await expect(description.locator('ul > li')).toHaveText(['Wipe dry', 'No polish']);
  await expect(description).not.toContainText('<');

  // The category dialog's editor passes axe too.
  await page.goto('/admin/categories');
  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await expect(dialog.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  await noSeriousViolations(page, 'category description editor');
});
