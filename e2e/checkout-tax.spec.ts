import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { formatAmountIn } from '../packages/contracts/src/currency.ts';
import { wireTaxRows } from '../packages/contracts/src/tax.ts';
import { adminSignIn } from './support/admin.ts';
import {
  addOnProductPage,
  apiQuote,
  CARD_4242,
  checkoutForm,
  chooseCountry,
  fillAddress,
  fillCard,
  goToCheckout,
  guestEmail,
  lastQuoteBodies,
  placeOrderButton,
  postcodeField,
  pricedForAddress,
  summary,
  TEST_CARD,
} from './support/checkout.ts';
import { adminAccount, apiLogin } from './support/session.ts';
import { type CatalogProduct, cents, firstChoices, money, plainProducts } from './support/shopper.ts';

// Tax by destination (docs/adr/049-tax-by-destination.md) on the demo seed: a US shop whose prices
// exclude tax, charging its standard 8 % where no state rate is set (Texas); in Germany the prices hold
// 19 % VAT and are in euros (docs/adr/050-currencies.md), and a German business with a valid VAT number
// pays no VAT (the reverse charge). Every figure on the page is checked against the API's own quote for
// the body sent.

interface Quote {
  currency: { code: string; digits: number };
  totals: { subtotal: number; shipping: number; tax: number; total: number };
  tax_included: boolean;
  tax_lines: { name: string; rate: number; taxable: number; amount: number }[];
  reverse_charge: boolean;
}

const REVERSE_CHARGE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';
const VALID_VAT = 'DE136695976';
const BERLIN = {
  name: 'Ada Lovelace',
  line1: 'Invalidenstraße 117',
  city: 'Berlin',
  postal_code: '10115',
  country: 'DE',
};

const vatField = (page: Page) => checkoutForm(page).getByLabel('VAT number (businesses)', { exact: true });

/**
 * The summary shows the quote's tax, one row per rate as receipts name it ("Tax (8%)" added, "incl. VAT
 * 19%" held), and the quote's total, in the quote's currency.
 */
async function expectTaxShown(page: Page, quote: Quote) {
  const rows = wireTaxRows(quote);
  await expect(summary(page).getByTestId('total-tax')).toHaveText(
    rows.map((row) => formatAmountIn(row.amount, quote.currency)),
  );
  for (const row of rows) await expect(summary(page).getByText(row.label, { exact: true })).toBeVisible();
  await expect(summary(page).getByTestId('total-total')).toHaveText(formatAmountIn(quote.totals.total, quote.currency));
}

let product: CatalogProduct;
test.beforeAll(async ({ request }) => {
  [product] = (await plainProducts(request, 1)) as [CatalogProduct];
});

test('a guest pays 8 % in Texas, 19 % in Germany, and nothing as a German business with its VAT number', async ({
  page,
  request,
}) => {
  const lastBody = lastQuoteBodies(page);
  await addOnProductPage(page, product, 1);
  await goToCheckout(page);
  const form = checkoutForm(page);
  await form.getByLabel('Email', { exact: true }).fill(guestEmail('tax'));
  await fillAddress(form, {
    name: 'Ada Lovelace',
    line1: '100 Congress Ave',
    city: 'Austin',
    postal_code: '78701',
    country: 'US',
  });
  await form.getByLabel('State', { exact: true }).selectOption({ label: 'Texas' });
  await pricedForAddress(page);
  await expect(summary(page).getByText('Tax (8%)', { exact: true })).toBeVisible();
  const us = await apiQuote<Quote>(request, lastBody());
  expect(us.tax_lines.map((l) => l.rate)).toEqual([8]);
  await expectTaxShown(page, us);

  // Germany: the demo's German VAT, held in euro prices (the demo shows EU shoppers prices with tax).
  await chooseCountry(form, 'Germany');
  await form.getByLabel('State / region (optional)', { exact: true }).fill('');
  await form.getByLabel('Address', { exact: true }).fill(BERLIN.line1);
  await form.getByLabel('City', { exact: true }).fill(BERLIN.city);
  await postcodeField(form).fill(BERLIN.postal_code);
  await expect(summary(page).getByText(/^incl\. .+ 19%$/)).toBeVisible();
  await pricedForAddress(page);
  const de = await apiQuote<Quote>(request, lastBody());
  expect(lastBody()?.shipping_address).toMatchObject({ country: 'DE', postal_code: '10115' });
  expect(de).toMatchObject({ currency: { code: 'EUR' }, tax_included: true, reverse_charge: false });
  expect(de.totals.tax).toBeGreaterThan(0);
  // Held, not added: the total is the shelf prices and the shipping.
  expect(cents(de.totals.total)).toBe(cents(de.totals.subtotal) + cents(de.totals.shipping));
  await expectTaxShown(page, de);
  await expect(summary(page).getByTestId('reverse-charge')).toHaveCount(0);

  // A German business: with the demo shop in the US it buys from abroad; the EU rates are reverse-charged.
  await vatField(page).fill(VALID_VAT);
  await expect(summary(page).getByTestId('reverse-charge')).toHaveText(REVERSE_CHARGE);
  await pricedForAddress(page);
  expect(lastBody()?.vat_number).toBe(VALID_VAT);
  const business = await apiQuote<Quote>(request, lastBody());
  expect(business).toMatchObject({ reverse_charge: true, totals: { tax: 0 } });
  // Its prices have no German VAT in them: the entered prices, converted.
  expect(business.totals.total).toBeLessThan(de.totals.total);
  await expectTaxShown(page, business);

  // A number that is not Germany's: said on the field, no total shown, nothing to place.
  await vatField(page).fill('DE123');
  await expect(vatField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(vatField(page)).toHaveAccessibleDescription(
    /That is not a valid VAT number for Germany, where the order goes/,
  );
  await expect(summary(page).getByTestId('total-total')).toHaveCount(0);
  await expect(placeOrderButton(page)).toBeDisabled();

  // Back to the valid number: the order is placed reverse-charged, and the confirmation says so.
  await vatField(page).fill(` ${VALID_VAT} `);
  await expect(vatField(page)).toHaveAttribute('aria-invalid', 'false');
  await expect(summary(page).getByTestId('reverse-charge')).toBeVisible();
  await pricedForAddress(page);
  await fillCard(page, TEST_CARD.success);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/orders');
  await placeOrderButton(page).click();
  expect((await sent).postDataJSON().vat_number).toBe(VALID_VAT);
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByTestId('reverse-charge')).toContainText(REVERSE_CHARGE);
  await expect(page.getByTestId('vat-number')).toHaveText(VALID_VAT);
  await expect(page.getByTestId('total-total')).toHaveText(formatAmountIn(business.totals.total, business.currency));
});

test('staff see a reverse-charged order with its VAT number, and Reports › Tax sums the tax per zone and rate', async ({
  page,
  request,
}) => {
  const items = [{ product_id: product.id, quantity: 1, ...(await firstChoices(request, product.id)) }];
  const res = await request.post('/api/orders', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      email: guestEmail('tax-business'),
      items,
      shipping_address: BERLIN,
      shipping_method: 'standard',
      vat_number: VALID_VAT,
      payment: { method: 'card', card: CARD_4242 },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = (await res.json()) as { number: string; reverse_charge: boolean };
  expect(order.reverse_charge).toBe(true);

  await adminSignIn(page);
  await page.goto('/admin/orders');
  await page.getByLabel('Search', { exact: true }).fill(order.number);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: order.number, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByTestId('admin-vat-number')).toHaveText(VALID_VAT);
  await expect(page.getByTestId('reverse-charge')).toContainText(REVERSE_CHARGE);
  await expect(page.getByTestId('reverse-charge')).toContainText(VALID_VAT);

  const day = new Date().toISOString().slice(0, 10);
  const admin = await apiLogin(request, adminAccount);
  const reportRes = await request.get(`/api/admin/reports/tax?from=${day}&to=${day}&group=month`, {
    headers: { authorization: `Bearer ${admin.access}` },
  });
  expect(reportRes.status()).toBe(200);
  const report = (await reportRes.json()) as { rows: { zone: string; rate: number }[]; totals: { tax: number } };
  expect(report.rows.some((r) => r.zone === 'European Union' && r.rate === 0)).toBe(true);

  await page.goto(`/admin/reports?from=${day}&to=${day}`);
  const panel = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Tax', exact: true }) });
  await expect(panel.getByRole('combobox', { name: 'Grouping' })).toHaveText('By month');
  const table = panel.getByRole('table', { name: 'Tax collected by month, shipping zone and rate' });
  await expect(table.locator('tbody tr')).toHaveCount(report.rows.length);
  await expect(table.locator('tfoot')).toContainText(money(cents(report.totals.tax)));
  const reverseCharged = table
    .locator('tbody tr')
    .filter({ hasText: 'European Union' })
    .filter({ has: page.getByRole('cell', { name: '0%', exact: true }) });
  await expect(reverseCharged).toHaveCount(1);
});
