import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminSignIn, findInAuditLog, noSeriousViolations } from './support/admin.ts';
import { type ApiOrder, apiOrder, CARD_4242 } from './support/checkout.ts';
import { e2eDatabase } from './support/database.ts';
import { adminAccount, apiLogin, mailsTo } from './support/session.ts';

// Staff find an order, ship it, refund it in two steps and see the money in the ledger and
// its CSV; a pay-later invoice is marked paid. The API is the oracle the pages are checked against.

/** A product with stock to spare (the admin specs do not count stock). */
async function productWithStock(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/products?limit=100&page=2&in_stock=true');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string; available: number }[] };
  const product = items.find((p) => p.available >= 20);
  if (!product) throw new Error('no product with stock');
  return product.id;
}

async function adminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const admin = await apiLogin(request, adminAccount);
  const res = await request.get(`/api/admin/${path}`, { headers: { authorization: `Bearer ${admin.access}` } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** The order's e-mail, which the shopper's API answer does not echo for guests. */
const emailOf = async (request: APIRequestContext, order: ApiOrder) =>
  (await adminGet<{ email: string }>(request, `orders/${order.id}`)).email;

const money = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function openOrder(page: Page, number: string) {
  await page.goto('/admin/orders');
  await page.getByLabel('Search', { exact: true }).fill(number);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
}

test('an admin ships a paid order, refunds it in part then in full, and finds it in the ledger and CSV', async ({
  page,
  request,
}) => {
  const productId = await productWithStock(request);
  const order = await apiOrder(request, {
    items: [{ product_id: productId, quantity: 2 }],
    payment: { method: 'card', card: CARD_4242 },
  });
  expect(order.status).toBe('paid');
  const total = order.totals.total;
  const email = await emailOf(request, order);

  await adminSignIn(page);
  await openOrder(page, order.number);

  // Ship with a tracking number.
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  const ship = page.getByRole('dialog', { name: `Ship ${order.number}` });
  await ship.getByLabel('Tracking number').fill('1Z 999 AA1 0123 4567');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByText(`${order.number} shipped`)).toBeVisible();
  await expect(page.getByText('Tracking number: 1Z 999 AA1 0123 4567')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // A partial refund; asking for more than is left shows the API's refusal.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: `Refund ${order.number}` });
  await expect(dialog.getByLabel('Amount')).toHaveValue(total.toFixed(2));
  await dialog.getByLabel('Amount').fill('10');
  await dialog.getByLabel('Reason').fill('Damaged box');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(`Refunded $10.00 of ${order.number}`)).toBeVisible();
  await expect(page.getByText('Partially refunded', { exact: true })).toBeVisible();

  const left = Math.round((total - 10) * 100) / 100;
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  dialog = page.getByRole('dialog', { name: `Refund ${order.number}` });
  await expect(dialog.getByLabel('Amount')).toHaveValue(left.toFixed(2));
  await dialog.getByLabel('Amount').fill(total.toFixed(2));
  await dialog.getByLabel('Reason').fill('Returned');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('can still be refunded');
  await dialog.getByLabel('Amount').fill(left.toFixed(2));
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(`Refunded ${money(left)} of ${order.number}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);

  const detail = await adminGet<{ status: string; payment_detail: { refunded: number } }>(
    request,
    `orders/${order.id}`,
  );
  expect(detail.status).toBe('refunded');
  expect(detail.payment_detail.refunded).toBe(total);

  // The customer heard of each step.
  const mails = await mailsTo(request, email);
  expect(mails.find((m) => m.subject.includes('has shipped'))?.text).toContain('1Z 999 AA1 0123 4567');
  expect(mails.some((m) => m.subject.startsWith('Refund of $10.00'))).toBe(true);

  // The ledger: one charge, two refunds, net zero for this order.
  await page.getByRole('link', { name: 'Transactions' }).first().click();
  await expect(page).toHaveURL(/\/admin\/transactions/);
  await page.getByLabel('Order number').fill(order.number);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const table = page.getByRole('table', { name: 'Ledger, newest first' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(page.getByText('Net (3 transactions)')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('transactions.csv');
  const csv = await readFile((await download.path()) as string, 'utf8');
  const [header, ...rows] = csv
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
  expect(header).toEqual(['date', 'order_number', 'kind', 'method', 'amount', 'currency', 'reference', 'note']);
  expect(rows.map((r) => [r[1], r[2], r[4]])).toEqual([
    [order.number, 'refund', left.toFixed(2)],
    [order.number, 'refund', '10.00'],
    [order.number, 'charge', total.toFixed(2)],
  ]);

  // Both staff actions are in the audit log, with what changed.
  await findInAuditLog(page, { action: 'order.ship', entityId: order.id, contains: '1Z 999 AA1 0123 4567' });
  await findInAuditLog(page, { action: 'order.refund', entityId: order.id });
});

test('an admin marks a pay-later invoice paid', async ({ page, request }) => {
  const productId = await productWithStock(request);
  const order = await apiOrder(request, { items: [{ product_id: productId, quantity: 1 }] });
  expect(order.invoice).not.toBeNull();
  const invoice = order.invoice?.number as string;

  await adminSignIn(page);
  await page.goto('/admin/pay-later');
  await page.getByLabel('Search', { exact: true }).fill(order.number);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('cell', { name: invoice, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Send a reminder for invoice ${invoice}` }).click();
  await expect(page.getByText(/^Reminder sent to /)).toBeVisible();
  await page.getByRole('button', { name: `Mark invoice ${invoice} paid` }).click();
  await expect(page.getByText(`Invoice ${invoice} marked paid`)).toBeVisible();
  await expect(page.getByRole('cell', { name: invoice, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(page.getByRole('cell', { name: invoice, exact: true })).toBeVisible();

  const detail = await adminGet<{ status: string; invoice: { status: string } }>(request, `orders/${order.id}`);
  expect(detail).toMatchObject({ status: 'paid', invoice: { status: 'paid' } });
  const ledger = await adminGet<{ items: { kind: string; method: string }[] }>(
    request,
    `transactions?q=${order.number}`,
  );
  expect(ledger.items).toEqual([expect.objectContaining({ kind: 'charge', method: 'pay_later' })]);
});

for (const path of ['/admin/orders', '/admin/pay-later', '/admin/transactions']) {
  test(`a11y: ${path}`, async ({ page, request }) => {
    const productId = await productWithStock(request);
    // An order of each kind, so every list has rows and the detail has every part.
    await apiOrder(request, { items: [{ product_id: productId, quantity: 1 }] });
    await apiOrder(request, {
      items: [{ product_id: productId, quantity: 1 }],
      payment: { method: 'card', card: CARD_4242 },
    });
    await adminSignIn(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await noSeriousViolations(page);
    if (path === '/admin/orders') {
      await page.getByRole('table').getByRole('link').first().click();
      await expect(page.getByRole('heading', { name: /^Order SO-/ })).toBeVisible();
      await noSeriousViolations(page);
      // A dialog open, too.
      await page
        .getByRole('button', { name: /^(Ship|Refund|Cancel order)$/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await noSeriousViolations(page);
    }
  });
}

test('an order whose address was saved before the country list tells staff what to check', async ({
  page,
  request,
}) => {
  const order = await apiOrder(request, { items: [{ product_id: await productWithStock(request), quantity: 1 }] });
  // Addresses saved before countries came from the list kept what was typed ("UK" for GB).
  const db = await e2eDatabase();
  try {
    await db.query(
      `update orders set shipping_address = jsonb_set(shipping_address, '{country}', '"UK"') where id = $1`,
      [order.id],
    );
  } finally {
    await db.end();
  }
  await adminSignIn(page);
  await openOrder(page, order.number);
  const shipTo = page.locator('section', { has: page.getByRole('heading', { name: 'Shipping address' }) });
  await expect(shipTo.getByRole('note')).toHaveText(
    '“UK” is not a country code on the ISO list: check the country with the customer.',
  );
});
