import { expect, type Page, type Request, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import {
  ADDRESS,
  addOnProductPage,
  apiOrder,
  availableOf,
  checkoutForm,
  fillAddress,
  fillCard,
  fillGuestDetails,
  goToCheckout,
  guestEmail,
  ordersOf,
  ownProduct,
  placeOrderButton,
  postcodeField,
  pricedForAddress,
  summary,
  TEST_CARD,
} from './support/checkout.ts';
import { e2eDatabase } from './support/database.ts';
import { mailsTo } from './support/session.ts';
import {
  type CatalogProduct,
  cents,
  money,
  newShopper,
  plainProducts,
  serverCart,
  signInPage,
} from './support/shopper.ts';

// Checkout as a guest and signed in, the test cards (success, decline, the
// bank's confirmation step), and the 409 that sends the shopper back to the cart with the reasons.
// The demo provider's card is checked in the browser; only its brand and last 4 are sent.

const badge = (page: Page) => page.getByTestId('cart-count');
const isPlaceOrder = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/orders';

/** Every key of a JSON value, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm this payment with your bank' });

let products: CatalogProduct[];
test.beforeAll(async ({ request }) => {
  products = await plainProducts(request, 2);
});

test('a guest goes from a product page to the confirmation with the test card', async ({ page, request }) => {
  const [a] = products as [CatalogProduct];
  await addOnProductPage(page, a, 2);
  await goToCheckout(page);
  await expect(page).toHaveTitle('Checkout · Shop');

  // The summary is the API's quote: the line, and totals the client never computes itself.
  const line = summary(page).getByTestId('order-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('order-line-name')).toHaveText(a.name);
  await expect(line.getByTestId('order-line-quantity')).toHaveText('2');
  await expect(summary(page).getByTestId('total-subtotal')).toHaveText(money(2 * cents(a.sale_price)));
  await expect(summary(page).getByText('Tax (8%)')).toBeVisible();
  await expect(checkoutForm(page).getByText('4242 4242 4242 4242')).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Demo mode — no real payment' })).toBeVisible();
  await expectAccessible(page);

  const email = guestEmail('guest-card');
  await fillGuestDetails(page, email);
  await fillCard(page, TEST_CARD.success, { cvc: '737' });
  // The number and the security code have no form name: no submission could carry them.
  for (const label of ['Card number', 'CVC']) {
    await expect(checkoutForm(page).getByLabel(label)).not.toHaveAttribute('name', /.*/);
  }
  await pricedForAddress(page);
  const total = (await summary(page).getByTestId('total-total').textContent()) ?? '';
  const sent = page.waitForRequest(isPlaceOrder);
  await placeOrderButton(page).click();

  // The order carries the card's brand, last 4, expiry and name — no number, no CVC.
  const body = (await sent).postDataJSON();
  expect(body.payment).toEqual({
    method: 'card',
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, name: 'Ada Lovelace' },
  });
  expect(keysOf(body).filter((k) => /^(number|cvc|cvv|pan|card_number)$/.test(k))).toEqual([]);
  expect(JSON.stringify(body)).not.toMatch(/4242\D?4242\D?4242/);
  expect(JSON.stringify(body.payment)).not.toContain('737');

  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page).toHaveTitle('Order confirmed · Shop');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(number).toMatch(/\S/);
  await expect(page.getByTestId('order-line')).toHaveCount(1);
  await expect(page.getByTestId('total-total')).toHaveText(total);
  await expect(page.getByTestId('payment-summary')).toContainText('Visa ending in 4242');
  await expect(page.getByTestId('shipping-address')).toContainText(ADDRESS.line1);
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products');
  // A guest cannot read orders back: no link to an order page.
  await expect(page.getByRole('link', { name: 'View your order' })).toHaveCount(0);
  // The local cart is cleared after the order.
  await expect(badge(page)).toHaveText('0');
  await expectAccessible(page);

  // The same order was confirmed by mail.
  await expect
    .poll(async () => (await mailsTo(request, email)).some((m) => `${m.subject}\n${m.text}`.includes(number)))
    .toBe(true);
});

test('a guest paying later is told how long the order holds its items; the confirmation shows the deadline', async ({
  page,
}) => {
  const [a] = products as [CatalogProduct];
  await addOnProductPage(page, a, 1);
  await goToCheckout(page);
  const form = checkoutForm(page);
  await fillGuestDetails(page, guestEmail('guest-later'));
  await form.getByRole('radio', { name: /Pay later/ }).check();
  // A guest's unpaid order is cancelled when the store's hold (72 hours) ends…
  await expect(page.getByTestId('pay-later-note')).toContainText(
    'Pay it within 72 hours of your order. A guest order still unpaid then is cancelled.',
  );
  // …and the name and address the order mail carries are plain text, checked in the form already.
  await form.getByLabel('Full name', { exact: true }).fill('Claim at www.evil.example');
  await placeOrderButton(page).click();
  await expect(
    form.getByText('Full name must be plain text: no links, e-mail addresses, markup or line breaks'),
  ).toBeVisible();
  await form.getByLabel('Full name', { exact: true }).fill(ADDRESS.name);
  await placeOrderButton(page).click();

  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByTestId('pay-by')).toContainText('an order still unpaid then is cancelled');
});

test('the card is checked in the browser — Luhn, the CVC for the brand, expiry — and nothing is sent', async ({
  page,
}) => {
  const [a] = products as [CatalogProduct];
  await addOnProductPage(page, a, 1);
  await goToCheckout(page);
  const form = checkoutForm(page);
  const orders: string[] = [];
  page.on('request', (r) => {
    if (isPlaceOrder(r)) orders.push(r.url());
  });
  await fillGuestDetails(page, guestEmail('guest-checks'));

  // A mistyped digit: the checksum fails.
  await fillCard(page, '4242 4242 4242 4241');
  await placeOrderButton(page).click();
  await expect(form.getByText('Your card number is invalid.')).toBeVisible();
  await expect(form.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');

  // An American Express has a 4-digit code on its front; the number is grouped as printed.
  await fillCard(page, '378282246310005', { cvc: '123' });
  await expect(form.getByLabel('Card number')).toHaveValue('3782 822463 10005');
  await placeOrderButton(page).click();
  await expect(form.getByText('Your card’s security code is invalid.')).toBeVisible();
  await expect(form.getByText('Your card number is invalid.')).toHaveCount(0);

  // Last month's card.
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
  const expiry = `${String(last.getUTCMonth() + 1).padStart(2, '0')}/${String(last.getUTCFullYear()).slice(2)}`;
  await fillCard(page, TEST_CARD.success, { expiry });
  await placeOrderButton(page).click();
  await expect(form.getByText('Your card has expired.')).toBeVisible();

  expect(orders).toEqual([]);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(badge(page)).toHaveText('1');
});

test('the form checks its fields with the contracts’ messages and places nothing', async ({ page }) => {
  const [a] = products as [CatalogProduct];
  await addOnProductPage(page, a, 1);
  await goToCheckout(page);
  const form = checkoutForm(page);
  await form.getByLabel('Card number').fill('4242');
  await form.getByLabel('Expiry date (MM/YY)').fill('1/2');
  await placeOrderButton(page).click();

  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Full name is required')).toBeVisible();
  await expect(form.getByText('Card number must be 12 to 19 digits')).toBeVisible();
  await expect(form.getByText('Enter the expiry date as MM/YY')).toBeVisible();
  const email = form.getByLabel('Email', { exact: true });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await email.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Email is required');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(badge(page)).toHaveText('1');
});

test('a signed-in shopper checks out with a saved address and a discount code', async ({ page, request }) => {
  const shopper = await newShopper(request, 'Checkout');
  const saved = await request.post('/api/users/me/addresses', {
    headers: { authorization: `Bearer ${shopper.tokens.access}` },
    data: {
      name: 'Grace Hopper',
      line1: '1 Navy Way',
      city: 'Arlington',
      region: 'VA',
      postal_code: '22202',
      country: 'US',
      is_default: true,
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  await signInPage(page, shopper);
  const [, b] = products as [CatalogProduct, CatalogProduct];
  await addOnProductPage(page, b, 1);
  await goToCheckout(page);

  const form = checkoutForm(page);
  // The account's e-mail, not editable; the saved default address is picked.
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(shopper.user.email);
  await expect(form.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expect(form.getByRole('radio', { name: /Grace Hopper \(default\)/ })).toBeChecked();
  await expect(form.getByLabel('Full name', { exact: true })).toHaveCount(0);
  await form.getByRole('radio', { name: 'Use a new address' }).check();
  await expect(form.getByLabel('Full name', { exact: true })).toBeVisible();
  await form.getByRole('radio', { name: /Grace Hopper \(default\)/ }).check();

  // A code the shop does not know: the API's message under the field.
  const code = summary(page).getByLabel('Discount code');
  await code.fill('NOPE');
  await summary(page).getByRole('button', { name: 'Apply' }).click();
  await expect(summary(page).getByText('This discount code is not valid')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(summary(page).getByTestId('total-discount')).toHaveCount(0);
  // The demo's 10 % code: re-quoted, the discount in the summary.
  await code.fill('welcome10');
  await summary(page).getByRole('button', { name: 'Apply' }).click();
  await expect(summary(page).getByTestId('applied-discount')).toHaveText('Code WELCOME10 applied');
  await expect(summary(page).getByTestId('total-discount')).toHaveText(
    `−${money(Math.round(cents(b.sale_price) / 10))}`,
  );

  await fillCard(page, TEST_CARD.success);
  await pricedForAddress(page);
  const total = (await summary(page).getByTestId('total-total').textContent()) ?? '';
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  await expect(page.getByTestId('total-total')).toHaveText(total);
  await expect(page.getByText('Discount (WELCOME10)')).toBeVisible();
  await expect(page.getByTestId('shipping-address')).toContainText('1 Navy Way');
  await expect(badge(page)).toHaveText('0');
  // The server emptied the signed-in cart.
  expect((await serverCart(request, shopper)).total_items).toBe(0);

  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${number}`);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
});

test('a declined card shows the message and keeps the cart', async ({ page }) => {
  const [a] = products as [CatalogProduct];
  await addOnProductPage(page, a, 1);
  await goToCheckout(page);
  await fillGuestDetails(page, guestEmail('guest-declined'));
  await fillCard(page, TEST_CARD.declined);
  await placeOrderButton(page).click();

  const alert = checkoutForm(page).getByRole('alert');
  await expect(alert).toHaveText('Your card was declined.');
  await expect(alert).toHaveClass(/text-red-800/);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(badge(page)).toHaveText('1');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
});

test('a card without enough funds is declined with the provider’s words; another card then pays', async ({ page }) => {
  const [a] = products as [CatalogProduct];
  await addOnProductPage(page, a, 1);
  await goToCheckout(page);
  await fillGuestDetails(page, guestEmail('guest-funds'));
  await fillCard(page, TEST_CARD.insufficientFunds);
  await placeOrderButton(page).click();

  const alert = checkoutForm(page).getByRole('alert');
  await expect(alert).toContainText('insufficient funds');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(badge(page)).toHaveText('1');

  await fillCard(page, TEST_CARD.success);
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByTestId('payment-summary')).toContainText('Visa ending in 4242');
});

test('the confirmation-step card: approving pays the order', async ({ page }) => {
  const [a] = products as [CatalogProduct];
  await addOnProductPage(page, a, 1);
  await goToCheckout(page);
  await fillGuestDetails(page, guestEmail('guest-3ds'));
  await fillCard(page, TEST_CARD.confirm);
  await placeOrderButton(page).click();

  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your bank asks you to approve a payment of');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  await expect(page.getByTestId('payment-summary')).toContainText('Visa ending in 3155');
  await expect(page.getByTestId('payment-summary')).toContainText('Paid');
  await expect(badge(page)).toHaveText('0');
});

test('the confirmation-step card: declining shows the decline, keeps the cart and restocks', async ({
  page,
  request,
}) => {
  const product = await ownProduct(request, 2);
  const before = await availableOf(request, product.id);
  await addOnProductPage(page, product, 1);
  await goToCheckout(page);
  await fillGuestDetails(page, guestEmail('guest-3ds-refused'));
  await fillCard(page, TEST_CARD.confirm);
  await placeOrderButton(page).click();

  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  // While the bank waits, the unit is reserved for this order.
  expect(await availableOf(request, product.id)).toBe(before - 1);
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(checkoutForm(page).getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(badge(page)).toHaveText('1');
  await expect.poll(() => availableOf(request, product.id)).toBe(before);
});

test('stock sold meanwhile: checkout answers 409 and the cart page explains what changed', async ({
  page,
  request,
}) => {
  const product = await ownProduct(request, 0);
  const stock = await availableOf(request, product.id);
  // Shopper B (a guest, through the API) leaves exactly one unit.
  if (stock > 1) await apiOrder(request, { items: [{ product_id: product.id, quantity: stock - 1 }] });
  expect(await availableOf(request, product.id)).toBe(1);

  // Shopper A puts the last unit in the cart and fills in checkout…
  const a = await newShopper(request, 'LastUnit');
  await signInPage(page, a);
  await addOnProductPage(page, product, 1);
  await goToCheckout(page);
  await fillAddress(checkoutForm(page));
  await fillCard(page, TEST_CARD.success);
  await expect(placeOrderButton(page)).toBeEnabled();

  // …while B buys it first.
  await apiOrder(request, { items: [{ product_id: product.id, quantity: 1 }] });
  await placeOrderButton(page).click();

  await expect(page).toHaveURL(/\/cart$/);
  const notice = page.getByTestId('cart-changes');
  await expect(notice).toContainText('Some items in your cart changed');
  await expect(notice).toContainText(`Only 0 of ${product.name} left`);
  // Nothing was sold to A; the line stays in the cart to be changed.
  expect(await ordersOf(request, a)).toEqual([]);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expectAccessible(page);

  await notice.getByRole('button', { name: 'Dismiss the changes notice' }).click();
  await expect(notice).toHaveCount(0);
});

test('an empty cart has nothing to check out', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  await expectAccessible(page);
});

test('the confirmation page without a fresh order points to the order history', async ({ page }) => {
  await page.goto('/checkout/confirmation');
  await expect(page.getByRole('heading', { name: 'No recent order to show' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/orders');
});

test('the country is chosen from the list by its name and saved as its code', async ({ page }) => {
  const [a] = products as [CatalogProduct];
  await addOnProductPage(page, a, 1);
  await goToCheckout(page);
  await fillGuestDetails(page, guestEmail('country'));
  const country = checkoutForm(page).getByRole('combobox', { name: 'Country' });
  await country.fill('Germ');
  await checkoutForm(page)
    .getByRole('option', { name: /^Germany/ })
    .click();
  await expect(country).toHaveValue('Germany');
  await fillCard(page, TEST_CARD.success);
  // The London postcode typed before does not fit Germany: the field says so and nothing is sent.
  await placeOrderButton(page).click();
  await expect(checkoutForm(page).getByText('Postal code is not valid for Germany (for example 10115)')).toBeVisible();
  await postcodeField(checkoutForm(page)).fill('10115');
  await checkoutForm(page).getByLabel('City', { exact: true }).fill('Berlin');
  const placed = page.waitForRequest(isPlaceOrder);
  await placeOrderButton(page).click();
  expect((await placed).postDataJSON().shipping_address.country).toBe('DE');
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByTestId('shipping-address')).toContainText('10115 Berlin');
  await expect(page.getByTestId('shipping-address')).toContainText('Germany');
});

test('a US address asks for a state from the list and a ZIP code, and is written as the US post writes it', async ({
  page,
}) => {
  const [a] = products as [CatalogProduct];
  await addOnProductPage(page, a, 1);
  await goToCheckout(page);
  const form = checkoutForm(page);
  await form.getByLabel('Email', { exact: true }).fill(guestEmail('texas'));
  await fillAddress(form, {
    name: 'Ada Lovelace',
    line1: '100 Congress Ave',
    city: 'Austin',
    postal_code: '78701',
    country: 'US',
  });
  await expect(form.getByText('For example 78701')).toBeVisible();
  await form.getByLabel('State', { exact: true }).selectOption({ label: 'Texas' });
  await fillCard(page, TEST_CARD.success);
  const placed = page.waitForRequest(isPlaceOrder);
  await placeOrderButton(page).click();
  expect((await placed).postDataJSON().shipping_address).toMatchObject({ region: 'TX', postal_code: '78701' });
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByTestId('shipping-address')).toContainText('Austin, TX 78701');
});

test('a saved address from before the country list is offered only once it is updated', async ({ page, request }) => {
  const shopper = await newShopper(request, 'OldAddress');
  const saved = await request.post('/api/users/me/addresses', {
    headers: { authorization: `Bearer ${shopper.tokens.access}` },
    data: { ...ADDRESS, is_default: true },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  // Saved before countries came from the list, "UK" was kept as typed.
  const db = await e2eDatabase();
  try {
    await db.query(`update addresses set country = 'UK' where id = $1`, [(await saved.json()).id]);
  } finally {
    await db.end();
  }
  await signInPage(page, shopper);
  const [a] = products as [CatalogProduct];
  await addOnProductPage(page, a, 1);
  await goToCheckout(page);
  const form = checkoutForm(page);
  const old = form.getByRole('radio', { name: /Ada Lovelace \(default\)/ });
  await expect(old).toBeDisabled();
  await expect(form.getByText('Update it in your account to use it: Choose a country from the list')).toBeVisible();
  await expect(form.getByRole('radio', { name: 'Use a new address' })).toBeChecked();

  await page.goto('/account');
  await expect(page.getByRole('note').filter({ hasText: 'Edit this address before your next order' })).toHaveText(
    'Edit this address before your next order: Choose a country from the list',
  );
});
