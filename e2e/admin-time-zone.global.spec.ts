import { expect, type Page, test } from '@playwright/test';
import { adminCall, adminSignIn } from './support/admin.ts';
import { apiOrder } from './support/checkout.ts';

// The store has a time zone (admin Settings) and every admin time is shown in it,
// with the zone's abbreviation. Shop-wide (it changes a setting every staff member sees): it runs
// after the other specs, alone, and puts the zone back.

let original: { time_zone: string };
test.beforeAll(async ({ request }) => {
  original = await adminCall(request, 'GET', 'settings');
});
test.afterAll(async ({ request }) => {
  const now = await adminCall(request, 'GET', 'settings');
  await adminCall(request, 'PUT', 'settings', { ...now, time_zone: original.time_zone });
});

async function chooseZone(page: Page, zone: string) {
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Time zone' });
  await form.getByLabel('Store time zone').selectOption(zone);
  await form.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText(`Times are now shown in ${zone}`)).toBeVisible();
}

/** The time an order row shows on the orders list. */
async function orderTime(page: Page, number: string) {
  await page.goto(`/admin/orders?q=${number}`);
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  return row.getByRole('cell').nth(1);
}

test('admin times follow the store time zone chosen in Settings, with its abbreviation', async ({ page, request }) => {
  expect(original.time_zone).toBe('UTC');
  const { items } = await adminCall(request, 'GET', 'products?limit=20&page=4&stock=in_stock');
  const product = (items as { id: string; available: number }[]).find((p) => p.available >= 20);
  if (!product) throw new Error('no product with stock');
  const order = await apiOrder(request, { items: [{ product_id: product.id, quantity: 1 }] });
  const placed = new Date((await adminCall(request, 'GET', `orders/${order.id}`)).created_at as string);
  const inZone = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(placed);

  await adminSignIn(page);
  await expect(await orderTime(page, order.number)).toHaveText(inZone('UTC'));

  await chooseZone(page, 'Asia/Tokyo');
  // Tokyo has no abbreviation in en-US: the offset stands for it.
  expect(inZone('Asia/Tokyo')).toMatch(/GMT\+9$/);
  await expect(await orderTime(page, order.number)).toHaveText(inZone('Asia/Tokyo'));
  await page.getByRole('link', { name: order.number }).click();
  await expect(page.getByText(`Placed ${inZone('Asia/Tokyo')}`)).toBeVisible();

  // A discount's start is typed on the store's clock: 09:00 in Tokyo is midnight UTC.
  const code = `TZ-${order.number.slice(-5)}`;
  await page.goto('/admin/marketing');
  await page.getByRole('button', { name: 'New code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New discount code' });
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Kind').selectOption('percent');
  await dialog.getByLabel('Percent (1–100)').fill('5');
  await expect(dialog.getByText('Store time (Asia/Tokyo)').first()).toBeVisible();
  await dialog.getByLabel('Starts').fill('2030-01-01T09:00');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog).toBeHidden();
  const codes = (await adminCall(request, 'GET', `discounts?q=${code}`)).items as { id: string; starts_at: string }[];
  expect(codes.map((c) => c.starts_at)).toEqual(['2030-01-01T00:00:00.000Z']);
  await adminCall(request, 'DELETE', `discounts/${codes[0]?.id}`);

  // The audit log shows its entries in the zone too: the change just made.
  await page.goto('/admin/audit-log?action=settings.update');
  await expect(page.getByRole('row').nth(1)).toContainText('GMT+9');

  await chooseZone(page, 'America/New_York');
  expect(inZone('America/New_York')).toMatch(/E[SD]T$/);
  await expect(await orderTime(page, order.number)).toHaveText(inZone('America/New_York'));
});
