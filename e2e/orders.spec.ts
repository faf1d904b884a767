import { expect, test } from '@playwright/test';
import { formatAmountIn } from '../packages/contracts/src/currency.ts';
import { expectAccessible } from './support/axe.ts';
import {
  addOnProductPage,
  apiOrder,
  availableOf,
  CARD_4242,
  checkoutForm,
  fillAddress,
  goToCheckout,
  orderOf,
  ordersOf,
  ownProduct,
  placeOrderButton,
} from './support/checkout.ts';
import {
  addToServerCart,
  type CatalogProduct,
  clearServerCart,
  newShopper,
  plainProducts,
  type Shopper,
  signInPage,
} from './support/shopper.ts';

// The order history, an order's timeline, cancelling (which restocks), and
// the pay-later invoice. One shopper for the file, so its tests run one after another.
test.describe.configure({ mode: 'serial' });

const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

let shopper: Shopper;
let products: CatalogProduct[];
test.beforeAll(async ({ request }) => {
  shopper = await newShopper(request, 'Orders');
  products = await plainProducts(request, 2);
});

test('signed out, the order pages ask to sign in', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveTitle('Orders · Shop');
  await expect(page.getByRole('heading', { name: 'Sign in to see your orders' })).toBeVisible();
  // The sign-in page returns here afterwards.
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/auth/login?next=%2Forders',
  );
  await expectAccessible(page);
});

test('a new shopper has no orders yet', async ({ page }) => {
  await signInPage(page, shopper);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'You have no orders yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/products');
});

test('a pay-later order shows its invoice', async ({ page, request }) => {
  await signInPage(page, shopper);
  const [a] = products as [CatalogProduct];
  await addOnProductPage(page, a, 2);
  await goToCheckout(page);
  const form = checkoutForm(page);
  await fillAddress(form);
  await form.getByRole('radio', { name: /Pay later/ }).check();
  await expect(page.getByTestId('pay-later-note')).toContainText('Pay it within 14 days of your order.');
  await expect(form.getByLabel('Card number')).toHaveCount(0);
  await placeOrderButton(page).click();

  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  const [placed] = await ordersOf(request, shopper);
  const order = await orderOf(request, shopper, placed?.id ?? '');
  const invoice = order.invoice;
  expect(invoice?.number).toMatch(/^INV-/);
  await expect(page.getByTestId('invoice-number')).toHaveText(invoice?.number ?? '');
  await expect(page.getByTestId('invoice-due')).toHaveText(longDate(invoice?.due_at ?? ''));
  await expect(page.getByTestId('invoice-amount')).toHaveText(formatAmountIn(order.totals.total, order.currency));
  // 14 days (the store's setting) after the order.
  const days = (Date.parse(invoice?.due_at ?? '') - Date.parse(order.created_at ?? '')) / 86_400_000;
  expect(days).toBe(14);

  await page.getByRole('link', { name: 'View invoice' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/invoice$`));
  await expect(page).toHaveTitle('Invoice · Shop');
  await expect(page.getByTestId('invoice-store')).toHaveText('Shop');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice?.number}`);
  await expect(page.getByTestId('invoice-number')).toHaveText(invoice?.number ?? '');
  await expect(page.getByTestId('invoice-due')).toHaveText(longDate(invoice?.due_at ?? ''));
  await expect(page.getByTestId('invoice-status')).toHaveText('Open');
  await expect(page.getByTestId('invoice-line')).toHaveCount(1);
  await expect(page.getByTestId('invoice-bill-to-address')).toContainText('12 St James Square');
  await expect(page.getByTestId('total-total')).toHaveText(formatAmountIn(order.totals.total, order.currency));
  await expectAccessible(page);

  // 'Print' opens the browser's print dialog.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
});

test('the order history lists the orders and an order shows its timeline', async ({ page, request }) => {
  const [, b] = products as [CatalogProduct, CatalogProduct];
  await clearServerCart(request, shopper);
  await addToServerCart(request, shopper, b.id, 3);
  const paid = await apiOrder(request, { shopper, payment: { method: 'card', card: CARD_4242 } });
  expect(paid.status).toBe('paid');
  const all = await ordersOf(request, shopper);
  expect(all.length).toBe(2);

  await signInPage(page, shopper);
  await page.goto('/orders');
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  // Newest first, as the API lists them.
  for (const [i, order] of all.entries()) {
    const row = rows.nth(i);
    await expect(row.getByRole('link', { name: order.number })).toBeVisible();
    await expect(row.getByTestId('order-total')).toHaveText(formatAmountIn(order.totals.total, order.currency));
  }
  const paidRow = page.locator(`[data-testid="order-row"][data-order-id="${paid.id}"]`);
  await expect(paidRow.getByTestId('order-status')).toHaveText('Paid');
  await expect(paidRow.getByTestId('order-item-count')).toHaveText('3 items');
  await expect(
    page.locator(`[data-testid="order-row"]:not([data-order-id="${paid.id}"])`).getByTestId('order-status'),
  ).toHaveText('Placed');
  await expectAccessible(page);

  await paidRow.getByRole('link', { name: paid.number }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${paid.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${paid.number}`);
  const steps = page.getByTestId('timeline-step');
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(0)).toHaveAttribute('data-state', 'done');
  await expect(steps.nth(0)).toContainText('Placed');
  await expect(steps.nth(1)).toHaveAttribute('data-state', 'current');
  await expect(steps.nth(1)).toContainText('Paid');
  await expect(steps.nth(2)).toHaveAttribute('data-state', 'upcoming');
  await expect(steps.nth(2)).toContainText('Processing');
  await expect(steps.nth(3)).toContainText('Shipped');
  await expect(steps.nth(4)).toContainText('Delivered');
  await expect(page.getByTestId('order-line')).toHaveCount(1);
  await expect(page.getByTestId('order-line-name')).toHaveText(b.name);
  await expect(page.getByTestId('payment-summary')).toContainText('Visa ending in 4242');
  await expect(page.getByRole('link', { name: 'View invoice' })).toHaveCount(0);
  await expectAccessible(page);
});

test('cancelling an order restocks its products', async ({ page, request }) => {
  const product = await ownProduct(request, 1);
  const before = await availableOf(request, product.id);
  await clearServerCart(request, shopper);
  await addToServerCart(request, shopper, product.id, 3);
  const order = await apiOrder(request, { shopper, payment: { method: 'card', card: CARD_4242 } });
  expect(await availableOf(request, product.id)).toBe(before - 3);

  await signInPage(page, shopper);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toContainText(order.number);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Your order has been cancelled.' })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByTestId('timeline-step').last()).toContainText('Cancelled');
  await expect(page.getByTestId('payment-summary')).toContainText('Refunded');
  // Back on the shelf: the product's available count rose by what the order held.
  await expect.poll(() => availableOf(request, product.id)).toBe(before);
  expect((await orderOf(request, shopper, order.id)).status).toBe('cancelled');
});

test('an order that is not the shopper’s is not found', async ({ page }) => {
  await signInPage(page, shopper);
  await page.goto('/orders/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/orders');
});
