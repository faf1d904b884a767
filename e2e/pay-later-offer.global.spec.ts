import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminCall, adminSignIn, keepStoreSettings } from './support/admin.ts';
import { ADDRESS, addOnProductPage, checkoutForm, goToCheckout, guestEmail } from './support/checkout.ts';
import { type CatalogProduct, plainProducts } from './support/shopper.ts';

// Pay later is offered only once the store has saved the bank details its invoices print. The owner
// empties them in admin Settings: the section says pay later is off and why, checkout offers cards only,
// and an order that asks to pay later anyway is refused. Shop-wide: it changes the store's bank details,
// and puts the settings back afterwards.

const original = keepStoreSettings();
let products: CatalogProduct[];
test.beforeAll(async ({ request }) => {
  products = await plainProducts(request, 1);
});

const BANK_FIELDS = ['Account holder', 'Account number (IBAN)', 'Bank code (BIC / routing number)', 'Bank name'];

test('without bank details pay later is off: the admin says why, checkout offers cards only, an order asking for it is refused', async ({
  page,
  request,
}) => {
  // The demo seeds its own account: pay later is on.
  expect(original().bank_account).not.toBe('');
  await adminSignIn(page);
  await page.goto('/admin/settings');
  const status = page.getByTestId('pay-later-status');
  await expect(status).toHaveText(
    'Pay later is on: shoppers can choose it at checkout, and its invoices print the bank details below.',
  );

  const section = page.getByRole('form', { name: 'Bank details for invoices' });
  for (const label of BANK_FIELDS) await section.getByLabel(label, { exact: true }).fill('');
  await section.getByRole('button', { name: 'Save bank details for invoices' }).click();
  await expect(page.getByText('Bank details saved')).toBeVisible();
  await expect(status).toHaveText(
    'Pay later is off: shoppers can choose it once the bank details for invoices below are saved, so that every invoice says where to pay.',
  );
  expect((await adminCall(request, 'GET', 'settings')).bank_account).toBe('');

  // Checkout: a card only.
  const [product] = products as [CatalogProduct];
  await addOnProductPage(page, product, 1);
  await goToCheckout(page);
  const form = checkoutForm(page);
  await expect(form.getByRole('radio', { name: /^Card/ })).toBeChecked();
  await expect(form.getByRole('radio', { name: /Pay later/ })).toHaveCount(0);
  await expect(form.getByTestId('pay-later-note')).toHaveCount(0);

  // The API refuses it too, on the field, and places nothing.
  const refused = await request.post('/api/orders', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      email: guestEmail('no-bank'),
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address: ADDRESS,
      shipping_method: 'standard',
      payment: { method: 'pay_later' },
    },
  });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toEqual({
    message: 'Pay later is not available in this shop: pay by card.',
    code: 'UNPROCESSABLE',
    details: { field: 'payment.method', reason: 'pay_later_unavailable' },
    reason: 'pay_later_unavailable',
    cards: true,
  });

  // Saved again: offered again.
  await adminCall(request, 'PUT', 'settings', original());
  await page.reload();
  await expect(checkoutForm(page).getByRole('radio', { name: /Pay later/ })).toBeVisible();
});
