import { expect, type Page, test } from '@playwright/test';
import {
  type CurrencySettings,
  convertMinor,
  formatAmountIn,
  formatMinor,
  type Presentment,
  presentmentFor,
} from '../packages/contracts/src/currency.ts';
import {
  apiQuote,
  checkoutForm,
  fillAddress,
  fillCard,
  goToCheckout,
  guestEmail,
  lastQuoteBodies,
  placeOrderButton,
  pricedForAddress,
  TEST_CARD,
} from './support/checkout.ts';
import { type CatalogProduct, cents, hydrated, money, plainProducts } from './support/shopper.ts';

// Presentment currencies (docs/adr/050-currencies.md) on the demo seed: a USD shop that also sells in
// euros and pounds. Every euro figure is reckoned from the API's own USD price with the contracts'
// conversion, the one checkout charges with.

interface Quote {
  currency: { code: string; digits: number };
  totals: { total: number };
}

const BERLIN = {
  name: 'Ada Lovelace',
  line1: 'Invalidenstraße 117',
  city: 'Berlin',
  postal_code: '10115',
  country: 'DE',
};

const currencySelect = (page: Page) => page.getByRole('banner').getByLabel('Currency', { exact: true });

let product: CatalogProduct;
let currencies: CurrencySettings;
let eur: Presentment;
/** A USD shelf price (minor units) as a euro shopper sees it. */
const inEuros = (usdMinor: number) => formatMinor(convertMinor(usdMinor, currencies.base, eur, true), eur);

test.beforeAll(async ({ request }) => {
  [product] = (await plainProducts(request, 1)) as [CatalogProduct];
  const res = await request.get('/api/checkout/settings');
  expect(res.status()).toBe(200);
  currencies = (await res.json()).currencies;
  eur = presentmentFor(currencies, { chosen: 'EUR' });
  expect(eur).toMatchObject({ code: 'EUR', converted: true });
});

test('a shopper picks euros in the header: cards, the product page, the cart and checkout show and charge them', async ({
  page,
  request,
}) => {
  const usd = cents(product.sale_price);
  const euros = inEuros(usd);
  const listing = `/products?q=${encodeURIComponent(product.name)}`;
  const card = () => page.getByRole('main').locator(`a[href="/products/${product.slug}"]`).first();

  await page.goto(listing);
  await hydrated(page);
  await expect(card()).toContainText(money(usd));
  await expect(currencySelect(page)).toHaveValue('USD');

  // Choosing submits the header's form; the same page comes back in euros.
  await currencySelect(page).selectOption('EUR');
  await expect(currencySelect(page)).toHaveValue('EUR');
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(listing.replace(/\?.*/, ''))}\\?q=`));
  await expect(card()).toContainText(euros);
  await expect(card()).not.toContainText(money(usd));

  // Remembered: a reload, and the product page.
  await page.reload();
  await expect(card()).toContainText(euros);
  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  await expect(page.getByRole('main').getByText(euros, { exact: true }).first()).toBeVisible();

  // The cart: the converted unit price, times the quantity.
  await page.getByLabel('Quantity', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  const unit = convertMinor(usd, currencies.base, eur, true);
  await page.goto('/cart');
  await expect(page.getByTestId('unit-price')).toHaveText(euros);
  await expect(page.getByTestId('line-total')).toHaveText(formatMinor(unit * 2, eur));
  await expect(page.getByTestId('cart-total-price')).toHaveText(formatMinor(unit * 2, eur));

  // Checkout to Germany: the bodies name the currency chosen, and the page shows the API's euro figures.
  const lastBody = lastQuoteBodies(page);
  await goToCheckout(page);
  const form = checkoutForm(page);
  await form.getByLabel('Email', { exact: true }).fill(guestEmail('currency'));
  await fillAddress(form, BERLIN);
  await pricedForAddress(page);
  expect(lastBody()?.currency).toBe('EUR');
  const quote = await apiQuote<Quote>(request, lastBody());
  expect(quote.currency).toEqual({ code: 'EUR', digits: 2 });
  const total = formatAmountIn(quote.totals.total, quote.currency);
  await expect(page.getByTestId('checkout-total')).toHaveText(total);

  await fillCard(page, TEST_CARD.success);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/orders');
  await placeOrderButton(page).click();
  expect((await sent).postDataJSON().currency).toBe('EUR');
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByTestId('order-currency')).toHaveText('EUR');

  // Back to dollars: the shelf prices are the base's again.
  await page.goto(listing);
  await hydrated(page);
  await currencySelect(page).selectOption('USD');
  await expect(currencySelect(page)).toHaveValue('USD');
  await expect(card()).toContainText(money(usd));
});

test('the currency form works without JavaScript and goes back to the page it was on', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`/products/${product.slug}`);
    await currencySelect(page).selectOption('EUR');
    await page.getByRole('banner').getByRole('button', { name: 'Set' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${escapeRegExp(product.slug)}$`));
    await expect(currencySelect(page)).toHaveValue('EUR');
    await expect(
      page
        .getByRole('main')
        .getByText(inEuros(cents(product.sale_price)), { exact: true })
        .first(),
    ).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'currency');
    expect(cookie).toMatchObject({ value: 'EUR', path: '/', sameSite: 'Lax' });
  } finally {
    await context.close();
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
