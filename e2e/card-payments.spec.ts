import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { adminPages, adminSignIn } from './support/admin.ts';
import { expectAccessible } from './support/axe.ts';
import {
  ADDRESS,
  addOnProductPage,
  checkoutForm,
  fillAddress,
  fillCard,
  fillGuestDetails,
  goToCheckout,
  guestEmail,
  placeOrderButton,
  TEST_CARD,
} from './support/checkout.ts';
import { cardNumbersIn, DIGIT_RUN_SQL, e2eDatabase, scanForCardNumbers } from './support/database.ts';
import { type CatalogProduct, newShopper, plainProducts, signInPage } from './support/shopper.ts';

// With the demo provider the e2e shop runs (PAYMENTS=demo): the pages say
// "Demo mode — no real payment", a card order is refunded from the admin, and after a checkout with
// every test card no card number beyond its last 4 digits is anywhere in the database.

const DEMO = 'Demo mode — no real payment';
const banner = (page: Page) => page.getByRole('note').filter({ hasText: DEMO });
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm this payment with your bank' });

let products: CatalogProduct[];
test.beforeAll(async ({ request }) => {
  products = await plainProducts(request, 2);
});

/** A guest's checkout with this card up to the provider's answer: the confirmation, or the checkout's alert. */
async function guestCardCheckout(page: Page, product: CatalogProduct, card: string) {
  await addOnProductPage(page, product, 1);
  await goToCheckout(page);
  await fillGuestDetails(page, guestEmail('scan'));
  await fillCard(page, card);
  await placeOrderButton(page).click();
}

test('demo mode is said plainly on every checkout page and the confirmation, and passes axe', async ({
  page,
  request,
}) => {
  // The pages' policy lets nothing of Stripe in while Stripe is not configured.
  const res = await request.get('/checkout');
  expect(res.headers()['content-security-policy']).not.toContain('stripe');
  expect((await request.get('/api/checkout/settings').then((r) => r.json())).payments).toEqual({
    card: 'demo',
    stripe_publishable_key: null,
    pay_later: true,
  });

  // An empty checkout…
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(banner(page)).toBeVisible();

  // …the form…
  const [a] = products as [CatalogProduct];
  await addOnProductPage(page, a, 1);
  await goToCheckout(page);
  await expect(banner(page)).toHaveCount(1);
  await expect(banner(page)).toContainText('no card is charged');
  await expectAccessible(page, { include: '[data-testid="demo-mode-banner"]', label: 'banner on /checkout' });

  // …the bank's confirmation step…
  await fillGuestDetails(page, guestEmail('banner'));
  await fillCard(page, TEST_CARD.confirm);
  await placeOrderButton(page).click();
  await expect(confirmDialog(page)).toBeVisible();
  await expect(banner(page)).toHaveCount(1);
  await confirmDialog(page).getByRole('button', { name: 'Approve' }).click();

  // …the confirmation…
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  await expect(banner(page)).toBeVisible();
  await expectAccessible(page, { include: '[data-testid="demo-mode-banner"]', label: 'banner on the confirmation' });

  // …and the page a card's 3-D Secure returns to (here without what Stripe would add: a way back).
  await page.goto('/checkout/complete');
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'This payment link is incomplete, so we cannot tell how your payment went.',
  );
  await expect(page.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/checkout');
});

test('demo mode is said plainly on every admin page, the sign-in page included', async ({ page }) => {
  // Some twenty full page loads, each a few seconds when two browsers share CI's two cores.
  test.setTimeout(10_000 * adminPages().length);
  await page.goto('/admin/auth/login');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('no money is taken');
  await expectAccessible(page, { include: '[data-testid="demo-mode-banner"]', label: 'banner on the admin sign-in' });
  await adminSignIn(page);
  for (const { path } of adminPages()) {
    // Pages with an id in their path: any id shows the frame (and its "not found").
    await page.goto(path.replace(/:[A-Za-z]+/g, 'no-such-id'));
    await expect(banner(page), path).toBeVisible();
    await expect(banner(page), path).toHaveCount(1);
  }
  await page.goto('/admin');
  await expectAccessible(page, { include: '[data-testid="demo-mode-banner"]', label: 'banner on /admin' });
});

test('a card order paid after the bank’s confirmation is refunded from the admin, and the shopper sees it', async ({
  page,
  request,
}) => {
  const shopper = await newShopper(request, 'Refund');
  await signInPage(page, shopper);
  const [, b] = products as [CatalogProduct, CatalogProduct];
  await addOnProductPage(page, b, 1);
  await goToCheckout(page);
  await fillAddress(checkoutForm(page));
  await fillCard(page, TEST_CARD.confirm);
  await placeOrderButton(page).click();
  await confirmDialog(page).getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  await expect(page.getByTestId('payment-summary')).toContainText('Visa ending in 3155');

  // Staff refund it in full through the admin (the provider gives the money back).
  const staff = await page.context().browser()?.newContext();
  if (!staff) throw new Error('no browser');
  const admin = await staff.newPage();
  await adminSignIn(admin);
  await admin.goto('/admin/orders');
  await admin.getByLabel('Search', { exact: true }).fill(number);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await admin.getByRole('link', { name: number, exact: true }).click();
  await expect(admin.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(banner(admin)).toBeVisible();
  await admin.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: `Refund ${number}` });
  const amount = await dialog.getByLabel('Amount').inputValue();
  await dialog.getByLabel('Reason').fill('Changed mind');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  // In the order's currency: the London address pays in pounds.
  await expect(admin.getByText(`Refunded £${amount} of ${number}`)).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await staff.close();

  // The shopper's order page says so.
  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${number}`);
  await expect(page.getByTestId('order-status')).toHaveText('Refunded');
});

test('after checkouts with every test card, no text column of any table holds a card number', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [a] = products as [CatalogProduct];

  // Paid.
  await guestCardCheckout(page, a, TEST_CARD.success);
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  // Declined, and declined for funds: the cart stays, the words are the provider's.
  for (const card of [TEST_CARD.declined, TEST_CARD.insufficientFunds]) {
    await page.evaluate(() => localStorage.clear());
    await guestCardCheckout(page, a, card);
    await expect(checkoutForm(page).getByRole('alert')).toBeVisible();
  }
  // The bank's confirmation step, approved and refused.
  for (const approve of [true, false]) {
    await page.evaluate(() => localStorage.clear());
    await guestCardCheckout(page, a, TEST_CARD.confirm);
    await confirmDialog(page)
      .getByRole('button', { name: approve ? 'Approve' : 'Decline' })
      .click();
    if (approve) await expect(page).toHaveURL(/\/checkout\/confirmation$/);
    else await expect(checkoutForm(page).getByRole('alert')).toHaveText('Your card was declined.');
  }
  // A client that sends the full number anyway is refused before anything is written.
  const leaked = await request.post('/api/orders', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      email: guestEmail('leak'),
      items: [{ product_id: a.id, quantity: 1 }],
      shipping_address: ADDRESS,
      shipping_method: 'standard',
      payment: {
        method: 'card',
        card: { number: '4242424242424242', cvc: '123', exp_month: 12, exp_year: 2034, name: 'Ada' },
      },
    },
  });
  expect(leaked.status()).toBe(400);

  // The scan finds a card number however it is written, and nothing that only looks like one.
  expect(cardNumbersIn('{"card":"4242 4242 4242 4242","b":"4000-0025-0000-3155","c":378282246310005}')).toEqual([
    '4242424242424242',
    '4000002500003155',
    '378282246310005',
  ]);
  expect(cardNumbersIn('last4 4242, 4242424242424241, a1b2c34242424242424242d, 2030-05-15T10:00:00Z')).toEqual([]);
  // An Idempotency-Key whose middle groups are digits that pass Luhn (2464-4552-8697) is no card.
  expect(cardNumbersIn('eaff52a8-2464-4552-8697-5473288a4335')).toEqual([]);

  const db = await e2eDatabase();
  try {
    const sample = await db.query<{ found: boolean }>('select $1::text ~ $2 as found', [
      '{"n":"4242 4242-4242 4242"}',
      DIGIT_RUN_SQL,
    ]);
    expect(sample.rows[0]?.found).toBe(true);
    const { columns, hits } = await scanForCardNumbers(db);
    // The scan really looked: the shop's tables have many text columns (orders, payments, mails…).
    expect(columns).toBeGreaterThan(50);
    expect(hits).toEqual([]);
    // What the shop keeps of the cards: the last 4 digits.
    const kept = await db.query<{ card_last4: string }>(
      "select distinct card_last4 from payments where card_last4 is not null and card_last4 in ('4242', '0002', '9995', '3155')",
    );
    expect(kept.rows.map((r) => r.card_last4).sort()).toEqual(expect.arrayContaining(['3155', '4242']));
  } finally {
    await db.end();
  }
});
