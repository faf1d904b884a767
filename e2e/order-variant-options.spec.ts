import { expect, test } from '@playwright/test';
import { adminSignIn } from './support/admin.ts';
import { apiList } from './support/catalog.ts';
import {
  fillCard,
  fillGuestDetails,
  goToCheckout,
  guestEmail,
  placeOrderButton,
  summary,
  TEST_CARD,
} from './support/checkout.ts';
import { adminAccount, apiLogin } from './support/session.ts';
import { hydrated } from './support/shopper.ts';

// The variant a shopper chose — every option of it, not only colour and size — and its SKU are what the
// checkout summary, the confirmation and the admin order show, so staff ship the right one.

interface AdminProduct {
  options: { name: string; values: string[] }[];
  variants: { sku: string; options: string[]; available: number }[];
}

const shownName = (name: string) => (/^colou?r$/i.test(name) ? 'Colour' : name);

test('a tablet bought in a colour and a storage size shows both, and its SKU, from checkout to the admin order', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { items } = await apiList(request, 'q=iPad%20mini');
  const tablet = items.find((p) => p.name.includes('iPad mini'));
  if (!tablet) throw new Error('the demo catalogue has no iPad mini');
  const admin = await apiLogin(request, adminAccount);
  const res = await request.get(`/api/admin/products/${tablet.id}`, {
    headers: { authorization: `Bearer ${admin.access}` },
  });
  const product = (await res.json()) as AdminProduct;
  expect(product.options.length).toBeGreaterThanOrEqual(2);
  const variant = product.variants.find((v) => v.available > 0);
  if (!variant) throw new Error('every iPad mini is sold out');
  const described = product.options.map((o, i) => `${shownName(o.name)}: ${variant.options[i]}`).join(' · ');

  await page.goto(`/products/${tablet.id}`);
  await hydrated(page);
  const main = page.getByRole('main');
  for (const [i, option] of product.options.entries()) {
    await main
      .getByRole('group', { name: new RegExp(`^${shownName(option.name)}`) })
      .getByText(variant.options[i] ?? '', { exact: true })
      .click();
  }
  await main.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart!')).toBeVisible();

  await goToCheckout(page);
  const line = summary(page).getByTestId('order-line');
  await expect(line.getByTestId('order-line-options')).toHaveText(described);
  await expect(line.getByTestId('order-line-sku')).toHaveText(`SKU ${variant.sku}`);
  await fillGuestDetails(page, guestEmail('tablet-buyer'));
  await fillCard(page, TEST_CARD.success);
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByTestId('order-line-options')).toHaveText(described);
  await expect(page.getByTestId('order-line-sku')).toHaveText(`SKU ${variant.sku}`);
  const number = (await page.getByTestId('order-number').textContent()) ?? '';

  const staff = await browser.newPage();
  await adminSignIn(staff);
  await staff.goto('/admin/orders');
  await staff.getByRole('link', { name: number.trim(), exact: true }).click();
  const row = staff.getByRole('table', { name: 'Items of the order' }).getByRole('row').nth(1);
  await expect(row.getByTestId('admin-line-options')).toHaveText(described);
  await expect(row).toContainText(variant.sku);
  await staff.close();
});
