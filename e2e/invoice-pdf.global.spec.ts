import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page, test } from '@playwright/test';
import { BANK_DETAILS as BANK } from '../apps/api/test/invoice-fixtures.ts';
import { pdfText } from '../apps/api/test/pdf-text.ts';
import { adminCall, adminSignIn, keepStoreSettings, noSeriousViolations } from './support/admin.ts';
import {
  addOnProductPage,
  apiOrder,
  checkoutForm,
  fillGuestDetails,
  goToCheckout,
  guestEmail,
  placeOrderButton,
} from './support/checkout.ts';
import { addToServerCart, type CatalogProduct, newShopper, plainProducts, signInPage } from './support/shopper.ts';

// In the browser: the bank details in admin Settings with their errors,
// the confirmation page that says where to pay, and the invoice PDF downloaded from the confirmation,
// the customer's order page and the admin order page. Shop-wide: it changes the store's bank details
// (every invoice prints them), and puts the settings back afterwards.

const original = keepStoreSettings();
let products: CatalogProduct[];
test.beforeAll(async ({ request }) => {
  products = await plainProducts(request, 1);
});

/** The downloaded file: a PDF named after the invoice, and its text. */
async function readPdf(download: Download, invoiceNumber: string): Promise<string> {
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(bytes);
}

/** Clicks the control and waits for the browser's download it starts. */
async function download(page: Page, role: 'link' | 'button'): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole(role, { name: 'Download invoice (PDF)' }).click(),
  ]);
  return file;
}

test('admin Settings: bank details for invoices, each field with its own error', async ({ page, request }) => {
  await adminSignIn(page);
  await page.goto('/admin/settings');
  const section = page.getByRole('form', { name: 'Bank details for invoices' });
  await expect(section.getByLabel('Account number (IBAN)')).toBeVisible();

  await section.getByLabel('Account holder').fill(BANK.bank_account_holder);
  await section.getByLabel('Account number (IBAN)').fill('GB82 WEST 1234 5698 7654 33');
  await section.getByLabel('Payment reference').fill('Order');
  await section.getByRole('button', { name: 'Save bank details for invoices' }).click();
  const iban = section.getByLabel('Account number (IBAN)');
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expect(
    section.getByText('This IBAN is not valid: its check digits do not match (look for a typing error)'),
  ).toBeVisible();
  await expect(section.getByText('Payment reference must contain {number}')).toBeVisible();
  const describedBy = (await iban.getAttribute('aria-describedby')) ?? '';
  await expect(page.locator(`[id="${describedBy.split(' ').at(-1)}"]`)).toHaveText(
    'This IBAN is not valid: its check digits do not match (look for a typing error)',
  );
  // Nothing was saved.
  expect((await adminCall(request, 'GET', 'settings')).bank_account).toBe(original().bank_account);

  await iban.fill(BANK.bank_account);
  await section.getByLabel('Bank code (BIC / routing number)').fill(BANK.bank_code);
  await section.getByLabel('Bank name').fill(BANK.bank_name);
  await section.getByLabel('Payment reference').fill(BANK.payment_reference);
  await section.getByLabel('Tax ID').fill(BANK.tax_id);
  await section.getByRole('button', { name: 'Save bank details for invoices' }).click();
  await expect(page.getByText('Bank details saved')).toBeVisible();
  await expect(iban).not.toHaveAttribute('aria-invalid', 'true');
  expect(await adminCall(request, 'GET', 'settings')).toMatchObject(BANK);
  await noSeriousViolations(page, '/admin/settings');
});

test('a guest paying later sees where to pay and downloads the invoice PDF from the confirmation', async ({
  page,
  request,
}) => {
  await adminCall(request, 'PUT', 'settings', { ...original(), ...BANK });
  const [product] = products as [CatalogProduct];
  await addOnProductPage(page, product, 1);
  await goToCheckout(page);
  await fillGuestDetails(page, guestEmail('invoice-pdf'));
  await checkoutForm(page)
    .getByRole('radio', { name: /Pay later/ })
    .check();
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);

  const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
  const invoiceNumber = (await page.getByTestId('invoice-number').textContent()) ?? '';
  expect(invoiceNumber).toMatch(/^INV-/);
  const howToPay = page.getByRole('region', { name: 'How to pay' });
  await expect(howToPay.getByTestId('bank-transfer-details')).toContainText('IBAN');
  await expect(howToPay.getByTestId('bank-transfer-details')).toContainText(BANK.bank_account);
  await expect(howToPay.getByTestId('bank-transfer-details')).toContainText(BANK.bank_account_holder);
  await expect(howToPay.getByTestId('payment-reference')).toHaveText(`Order ${orderNumber}`);

  const text = await readPdf(await download(page, 'link'), invoiceNumber);
  for (const expected of [
    invoiceNumber,
    orderNumber,
    `Order ${orderNumber}`,
    BANK.bank_account,
    `Tax ID: ${BANK.tax_id}`,
    product.name,
  ]) {
    expect(text).toContain(expected);
  }
  await noSeriousViolations(page, '/checkout/confirmation');
});

test('the customer downloads the invoice from the order page, and staff from the admin order page', async ({
  page,
  browser,
  request,
}) => {
  await adminCall(request, 'PUT', 'settings', { ...original(), ...BANK });
  const shopper = await newShopper(request, 'Invoice');
  const [product] = products as [CatalogProduct];
  await addToServerCart(request, shopper, product.id, 1);
  const order = await apiOrder(request, { shopper });
  const invoiceNumber = order.invoice?.number ?? '';

  await signInPage(page, shopper);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  const fromOrderPage = await readPdf(await download(page, 'link'), invoiceNumber);
  expect(fromOrderPage).toContain(invoiceNumber);
  expect(fromOrderPage).toContain(`Order ${order.number}`);
  expect(fromOrderPage).toContain(shopper.user.email);

  const admin = await browser.newPage();
  await adminSignIn(admin);
  await admin.goto('/admin/orders');
  await admin.getByLabel('Search', { exact: true }).fill(order.number);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await admin.getByRole('link', { name: order.number, exact: true }).click();
  await expect(admin.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  const fromAdmin = await readPdf(await download(admin, 'button'), invoiceNumber);
  expect(fromAdmin).toContain(invoiceNumber);
  expect(fromAdmin).toContain(BANK.bank_account);
  await admin.close();
});
