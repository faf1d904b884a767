import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminSignIn, noSeriousViolations } from './support/admin.ts';
import { adminAccount, apiLogin, registerCustomer } from './support/session.ts';

// The dashboard, reports and customers on the demo seed's orders. The API is the oracle the
// pages are checked against.

async function adminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const admin = await apiLogin(request, adminAccount);
  const res = await request.get(`/api/admin/${path}`, { headers: { authorization: `Bearer ${admin.access}` } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** The value shown on the stat card with this label. */
function figure(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Key figures' })
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('p')
    .nth(1);
}

test('the dashboard shows the four figures and a chart, and a new range changes them', async ({ page, request }) => {
  await adminSignIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const label of ['Revenue', 'Orders', 'Average order value', 'New customers']) {
    await expect(figure(page, label)).toBeVisible();
  }
  await expect(page.getByRole('img', { name: /^Revenue by day/ })).toBeVisible();
  await expect(page.getByTestId('revenue-chart').locator('svg').first()).toBeVisible();

  const month = await adminGet<{ current: { orders: number } }>(
    request,
    `dashboard?from=${isoDay(29)}&to=${isoDay(0)}`,
  );
  await expect(figure(page, 'Orders')).toHaveText(String(month.current.orders));

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  const week = await adminGet<{ current: { orders: number; revenue: number } }>(
    request,
    `dashboard?from=${isoDay(6)}&to=${isoDay(0)}`,
  );
  expect(week.current.orders).toBeLessThan(month.current.orders);
  await expect(figure(page, 'Orders')).toHaveText(String(week.current.orders));
  await expect(page).toHaveURL(new RegExp(`from=${isoDay(6)}`));
  // Recent orders link to the order in admin.
  await expect(page.getByRole('table', { name: 'The ten newest orders' }).getByRole('link')).toHaveCount(10);
  await noSeriousViolations(page);
});

test('reports show the sales chart and the CSV download holds its rows', async ({ page, request }) => {
  await adminSignIn(page);
  await page.goto(`/admin/reports?from=${isoDay(29)}&to=${isoDay(0)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Revenue by day/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Merchandise sales by category/ })).toBeVisible();

  const report = await adminGet<{ periods: { period: string; orders: number }[] }>(
    request,
    `reports/sales?from=${isoDay(29)}&to=${isoDay(0)}&group=day`,
  );
  const table = page.getByRole('table', { name: 'Sales by day' });
  await expect(table.locator('tbody tr')).toHaveCount(report.periods.length);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).first().click(),
  ]);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('period,orders,gross,refunds,revenue');
  expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(
    report.periods.map((p) => `${p.period},${p.orders}`),
  );
  await noSeriousViolations(page);
});

test('sales by SKU lists the variants sold with their options and stock, and its CSV holds every one', async ({
  page,
  request,
}) => {
  await adminSignIn(page);
  await page.goto(`/admin/reports?from=${isoDay(29)}&to=${isoDay(0)}`);
  const report = await adminGet<{ items: { sku: string | null; units: number }[] }>(
    request,
    `reports/skus?from=${isoDay(29)}&to=${isoDay(0)}&limit=1000`,
  );
  expect(report.items.length).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: 'The 50 best-selling variants by SKU' });
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(50, report.items.length));
  await expect(table.locator('tbody tr').first()).toContainText(report.items[0]?.sku ?? 'No SKU recorded');

  const panel = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Sales by SKU' }) });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const lines = (await readFile((await download.path()) ?? '', 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe('sku,product_id,product,options,orders,units,sales,stock');
  expect(lines).toHaveLength(report.items.length + 1);
  await noSeriousViolations(page);
});

test('customers: search finds a seeded customer whose detail shows orders; disable and enable a fresh one', async ({
  page,
  request,
}) => {
  const { items } = await adminGet<{ items: { id: string; email: string; name: string; orders: number }[] }>(
    request,
    'customers?sort=orders&limit=1',
  );
  const seeded = items[0];
  if (!seeded) throw new Error('no seeded customer');
  expect(seeded.orders).toBeGreaterThan(0);

  await adminSignIn(page);
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.getByLabel('Search name, e-mail or username').fill(seeded.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: seeded.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`customer=${seeded.id}`));
  const orders = page.getByRole('table', { name: `Orders of ${seeded.name}` });
  await expect(orders.locator('tbody tr')).toHaveCount(Math.min(10, seeded.orders));
  await noSeriousViolations(page);

  // A fresh customer: disabled, they cannot sign in; enabled, they can again.
  const account = await registerCustomer(request, 'insights');
  await apiLogin(request, account);
  const found = await adminGet<{ items: { id: string }[] }>(
    request,
    `customers?q=${encodeURIComponent(account.email)}`,
  );
  const id = found.items[0]?.id;
  await page.goto(`/admin/customers?customer=${id}`);
  await expect(page.getByTestId('customer-status')).toHaveText('Active');
  await page.getByRole('button', { name: 'Disable account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(page.getByTestId('customer-status')).toHaveText('Disabled');
  const refused = await request.post('/api/auth/login', { data: account });
  expect(refused.status()).toBe(403);

  await page.getByRole('button', { name: 'Enable account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(page.getByTestId('customer-status')).toHaveText('Active');
  await apiLogin(request, account);

  await page.goto('/admin/customers');
  await expect(page.getByRole('table', { name: 'Customers' })).toBeVisible();
  await noSeriousViolations(page);
});
