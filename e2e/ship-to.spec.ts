import { expect, type Page, test } from '@playwright/test';
import {
  type CurrencySettings,
  formatAmountIn,
  formatMinor,
  type Presentment,
  presentmentFor,
} from '../packages/contracts/src/currency.ts';
import { type Market, shelfMinor } from '../packages/contracts/src/market.ts';
import { rateFor } from '../packages/contracts/src/tax.ts';
import { type TaxSettingsAnswer, taxFromWire } from '../packages/contracts/src/tax-settings.ts';
import {
  apiQuote,
  checkoutForm,
  fillAddress,
  goToCheckout,
  guestEmail,
  lastQuoteBodies,
  pricedForAddress,
} from './support/checkout.ts';
import { adminAccount, apiLogin } from './support/session.ts';
import { type CatalogProduct, cents, hydrated, money, plainProducts } from './support/shopper.ts';

// The ship-to country (docs/adr/050-currencies.md) on the demo seed: a USD shop whose EU zone shows prices
// with its VAT. Germany's shelf prices are reckoned here from the API's USD price, the demo's own German
// rates (Settings › Tax) and the contracts' `shelfMinor`, the one checkout charges with.

interface Quote {
  currency: { code: string; digits: number };
  tax_included: boolean;
  totals: { subtotal: number; shipping: number; total: number };
}

const BERLIN = {
  name: 'Ada Lovelace',
  line1: 'Invalidenstraße 117',
  city: 'Berlin',
  postal_code: '10115',
  country: 'DE',
};

const shipToSelect = (page: Page) => page.getByRole('banner').getByLabel('Ship to', { exact: true });
const currencySelect = (page: Page) => page.getByRole('banner').getByLabel('Currency', { exact: true });

let product: CatalogProduct & { tax_class: string };
let currencies: CurrencySettings;
let germany: Market;
let eur: Presentment;

test.beforeAll(async ({ request }) => {
  [product] = (await plainProducts(request, 1)) as [CatalogProduct & { tax_class: string }];
  const res = await request.get('/api/checkout/settings');
  expect(res.status()).toBe(200);
  currencies = (await res.json()).currencies;
  eur = presentmentFor(currencies, { country: 'DE' });
  expect(eur).toMatchObject({ code: 'EUR', converted: true });
  const admin = await apiLogin(request, adminAccount);
  const taxRes = await request.get('/api/admin/tax', { headers: { authorization: `Bearer ${admin.access}` } });
  expect(taxRes.status()).toBe(200);
  const answer = (await taxRes.json()) as TaxSettingsAnswer;
  const tax = taxFromWire(answer);
  const zoneId = tax.rates.find((r) => r.country === 'DE')?.zoneId;
  expect(zoneId).toBeDefined();
  expect(tax.inclusiveZones).toContain(zoneId);
  const addedRates = Object.fromEntries(
    tax.classes.map((c) => [c.code, rateFor(tax, zoneId as string, c.code, { country: 'DE' }).rateBasisPoints]),
  );
  expect(addedRates).toMatchObject({ standard: 1900, reduced: 700 });
  germany = { country: 'DE', base: currencies.base, currency: eur, taxIncluded: true, taxName: 'VAT', addedRates };
});

test('a German shopper sees prices with VAT in euros on cards, the product page and the cart, and pays exactly that', async ({
  page,
  request,
}) => {
  const usd = cents(product.sale_price);
  const unit = shelfMinor(usd, product.tax_class, germany);
  const euros = formatMinor(unit, eur);
  const listing = `/products?q=${encodeURIComponent(product.name)}`;
  const card = () => page.getByRole('main').locator(`a[href="/products/${product.slug}"]`).first();

  await page.goto(listing);
  await hydrated(page);
  await expect(shipToSelect(page)).toHaveValue('');
  await expect(card()).toContainText(money(usd));
  await expect(card()).not.toContainText('incl.');

  // Choosing Germany submits the header's form; the currency follows the country.
  await shipToSelect(page).selectOption('DE');
  await expect(shipToSelect(page)).toHaveValue('DE');
  await expect(currencySelect(page)).toHaveValue('EUR');
  await expect(card()).toContainText(euros);
  await expect(card()).toContainText('incl. VAT');

  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByText(euros, { exact: true }).first()).toBeVisible();
  await expect(main.getByText('incl. VAT', { exact: true }).first()).toBeVisible();

  await page.getByLabel('Quantity', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.goto('/cart');
  await expect(page.getByTestId('unit-price')).toHaveText(euros);
  await expect(page.getByTestId('cart-total-price')).toHaveText(formatMinor(unit * 2, eur));
  await expect(page.getByRole('complementary').getByText('incl. VAT', { exact: true })).toBeVisible();

  // Checkout to Berlin charges exactly the cart's total.
  const lastBody = lastQuoteBodies(page);
  await goToCheckout(page);
  const form = checkoutForm(page);
  await form.getByLabel('Email', { exact: true }).fill(guestEmail('ship-to'));
  await fillAddress(form, BERLIN);
  await pricedForAddress(page);
  const quote = await apiQuote<Quote>(request, lastBody());
  expect(quote.currency).toEqual({ code: 'EUR', digits: 2 });
  expect(quote.tax_included).toBe(true);
  // The goods cost what the cart said; the total adds only the shipping (the VAT is in both).
  expect(Math.round(quote.totals.subtotal * 100)).toBe(unit * 2);
  expect(Math.round(quote.totals.total * 100)).toBe(unit * 2 + Math.round(quote.totals.shipping * 100));
  await expect(page.getByTestId('checkout-total')).toHaveText(formatAmountIn(quote.totals.total, quote.currency));

  // Another country: dollars again, without tax in them.
  await page.goto(listing);
  await hydrated(page);
  await shipToSelect(page).selectOption('');
  await expect(shipToSelect(page)).toHaveValue('');
  await expect(currencySelect(page)).toHaveValue('USD');
  await expect(card()).toContainText(money(usd));
  await expect(card()).not.toContainText('incl.');
});
