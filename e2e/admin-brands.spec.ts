import { randomUUID } from 'node:crypto';
import { type Dialog, expect, type Page, test } from '@playwright/test';
import { adminCall, adminSignIn, findInAuditLog, noSeriousViolations } from './support/admin.ts';

// An admin creates a brand, edits it, sees its public page and
// deletes it; a brand products use is refused with the API's reason and stays. The brand is the test's
// own (a unique slug, no products), so nothing other specs see changes: it runs with the other specs.

interface AdminBrand {
  id: string;
  name: string;
  slug: string;
  product_count: number;
}

/** Answers every window.confirm with OK and keeps its message. */
function acceptConfirms(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** The list's row of a brand, by its slug cell (a text filter would also match `pineapple`). */
const brandRow = (page: Page, slug: string) =>
  page
    .getByRole('table', { name: 'Brands' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: slug, exact: true }) });

test('an admin creates a brand, edits it, opens its page and deletes it', async ({ page }) => {
  test.setTimeout(60_000);
  const tag = randomUUID().slice(0, 8);
  const name = `Northwind ${tag}`;
  const slug = `northwind-${tag}`;
  const confirms = acceptConfirms(page);
  await adminSignIn(page);
  await page.goto('/admin/brands');
  await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
  await expect(brandRow(page, 'apple')).toBeVisible();
  await noSeriousViolations(page, 'brands');

  // Create. A slug another brand has is refused with the API's message, and nothing is created.
  await page.getByRole('button', { name: 'New brand' }).click();
  const create = page.getByRole('dialog', { name: 'New brand' });
  await create.getByLabel('Name', { exact: true }).fill(name);
  await create.getByLabel('Slug', { exact: true }).fill('apple');
  await create.getByLabel('Description', { exact: true }).fill('Lamps and kettles from the north.');
  await noSeriousViolations(page, 'new brand dialog');
  await create.getByRole('button', { name: 'Create brand' }).click();
  await expect(create.getByRole('alert')).toHaveText('The slug apple is already used by another brand');
  await create.getByLabel('Slug', { exact: true }).fill(slug);
  await create.getByRole('button', { name: 'Create brand' }).click();
  await expect(create).toHaveCount(0);
  await expect(page.getByText(`Created ${name}`)).toBeVisible();
  // No logo given: the list says so; no product uses it yet.
  const row = brandRow(page, slug);
  await expect(row.getByRole('cell')).toHaveText([name, slug, '0 products', '—', /Edit/]);

  // Edit the description; the dialog opens with the stored values.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Slug', { exact: true })).toHaveValue(slug);
  await expect(edit.getByLabel('Description', { exact: true })).toHaveValue('Lamps and kettles from the north.');
  await edit.getByLabel('Description', { exact: true }).fill('Lamps, kettles and blankets from the far north.');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByText(`Saved ${name}`)).toBeVisible();
  await findInAuditLog(page, { action: 'brand.update', entityId: slug, contains: 'blankets from the far north' });

  // Its public page: name, the new description, and an empty listing (no product has the brand).
  const shown = await page.goto(`/brands/${slug}`);
  expect(shown?.status()).toBe(200);
  await expect(page).toHaveTitle(`${name} · Shop`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('brand-description')).toHaveText('Lamps, kettles and blankets from the far north.');
  await expect(main.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expect(main.locator('ul.grid li')).toHaveCount(0);

  // Delete: confirmed, gone from the list, and its page is the 404 page.
  await page.goto('/admin/brands');
  await brandRow(page, slug)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await expect(page.getByText(`${name} deleted`)).toBeVisible();
  await expect(brandRow(page, slug)).toHaveCount(0);
  expect(confirms).toEqual([`Delete the brand ${name}?`]);
  expect((await page.request.get(`/brands/${slug}`)).status()).toBe(404);
});

test('deleting a brand products use is refused with the reason, and the brand stays', async ({ page, request }) => {
  const brands: { items: AdminBrand[] } = await adminCall(request, 'GET', 'brands');
  const apple = brands.items.find((b) => b.id === 'apple');
  if (!apple || apple.product_count === 0) throw new Error('the demo catalogue has no products of Apple');
  const count = apple.product_count;
  // The list counts with thousands separators; the API's message gives the bare figure.
  const listed = `${count.toLocaleString('en-US')} product${count === 1 ? '' : 's'}`;
  const confirms = acceptConfirms(page);
  await adminSignIn(page);
  await page.goto('/admin/brands');
  const row = brandRow(page, 'apple');
  await expect(row).toContainText(listed);

  await row.getByRole('button', { name: `Delete ${apple.name}` }).click();
  await expect(
    page.getByText(
      `${apple.name} cannot be deleted: ${count} product${count === 1 ? ' uses' : 's use'} it. Give them another brand first.`,
    ),
  ).toBeVisible();
  expect(confirms).toEqual([`Delete the brand ${apple.name}?`]);
  // Still listed (read again from the API after the refusal), and its page still answers.
  await page.reload();
  await expect(brandRow(page, 'apple')).toContainText(listed);
  const after: { items: AdminBrand[] } = await adminCall(request, 'GET', 'brands');
  expect(after.items.find((b) => b.id === 'apple')?.product_count).toBe(count);
  expect((await page.request.get('/brands/apple')).status()).toBe(200);
});
