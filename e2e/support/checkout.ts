// Helpers of the checkout and orders browser tests: filling the checkout form the way a
// shopper does, and reading orders and stock through the API, which is the oracle the pages are
// checked against.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { type CatalogProduct, firstChoices, hydrated, type Shopper, variantsOf } from './shopper.ts';

/** The demo provider's test cards (contracts cards.ts `DEMO_TEST_CARDS`); it decides by the last 4. */
export const TEST_CARD = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  confirm: '4000 0025 0000 3155',
} as const;

export interface TestAddress {
  name: string;
  line1: string;
  city: string;
  postal_code: string;
  country: string;
}

export const ADDRESS: TestAddress = {
  name: 'Ada Lovelace',
  line1: '12 St James Square',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country: 'GB',
};

/** The checkout form (its accessible name), so labels never match the footer's or a dialog's fields. */
export const checkoutForm = (page: Page) => page.getByRole('form', { name: 'Checkout' });
export const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });
export const placeOrderButton = (page: Page) => page.getByRole('button', { name: 'Place order' });

export const shippingMethods = (page: Page) => checkoutForm(page).getByRole('group', { name: 'Shipping method' });

/**
 * Waits until checkout has priced the address as it is now: its shipping methods show with one chosen
 * and nothing is being re-priced. Until then the summary's shipping and total may be another address's
 * (docs/adr/048-shipping-zones.md).
 */
export async function pricedForAddress(page: Page) {
  await expect(shippingMethods(page).getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(shippingMethods(page).locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(summary(page).locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Adds `quantity` of a product on its page, the way a shopper does, and waits for the badge. */
export async function addOnProductPage(page: Page, product: CatalogProduct, quantity: number) {
  await page.goto(`/products/${product.id}`);
  await hydrated(page);
  const before = Number(await page.getByTestId('cart-count').textContent());
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(String(before + quantity));
}

/** From the cart page to checkout, waiting until the summary has its totals from the API. */
export async function goToCheckout(page: Page) {
  await page.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(summary(page).getByTestId('total-total')).toBeVisible();
}

/** The postcode field, whatever the chosen country calls it ("ZIP code", "Postcode", "Postal code (optional)"…). */
export const postcodeField = (scope: Locator) =>
  scope.getByLabel(/^(Postal code|Postcode|ZIP code|PIN code|Eircode)( \(optional\))?$/);

/** Chooses a country by its code or name; leaving the field closes its list of countries. */
export async function chooseCountry(scope: Locator, country: string) {
  await scope.getByLabel('Country', { exact: true }).fill(country);
  await scope.getByLabel('Country', { exact: true }).press('Tab');
}

/** Fills an address the way a shopper does: the country first, as it decides what the other fields are called. */
export async function fillAddress(scope: Locator, address: TestAddress = ADDRESS) {
  await chooseCountry(scope, address.country);
  await scope.getByLabel('Full name', { exact: true }).fill(address.name);
  await scope.getByLabel('Address', { exact: true }).fill(address.line1);
  await scope.getByLabel('City', { exact: true }).fill(address.city);
  await postcodeField(scope).fill(address.postal_code);
}

export async function fillCard(page: Page, number: string, card: { expiry?: string; cvc?: string } = {}) {
  const form = checkoutForm(page);
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date (MM/YY)').fill(card.expiry ?? '12/34');
  await form.getByLabel('CVC').fill(card.cvc ?? '123');
  await form.getByLabel('Name on card').fill('Ada Lovelace');
}

/** A guest's e-mail and shipping address. */
export async function fillGuestDetails(page: Page, email: string) {
  const form = checkoutForm(page);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await fillAddress(form);
}

export const guestEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@e2e.test`;

/** The product's stock as the API reports it. */
export async function availableOf(request: APIRequestContext, productId: string): Promise<number> {
  const res = await request.get(`/api/products/${productId}`);
  expect(res.status()).toBe(200);
  return (await res.json()).available;
}

const bearer = (s: Shopper) => ({ authorization: `Bearer ${s.tokens.access}` });

export interface ApiOrder {
  id: string;
  number: string;
  status: string;
  created_at: string;
  totals: { subtotal: number; discount: number; shipping: number; tax: number; total: number };
  invoice: { number: string; due_at: string } | null;
}

export async function ordersOf(request: APIRequestContext, s: Shopper): Promise<ApiOrder[]> {
  const res = await request.get('/api/orders?limit=100', { headers: bearer(s) });
  expect(res.status()).toBe(200);
  return (await res.json()).items;
}

export async function orderOf(request: APIRequestContext, s: Shopper, id: string): Promise<ApiOrder> {
  const res = await request.get(`/api/orders/${id}`, { headers: bearer(s) });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Places an order through the API: a guest's items, or (with `shopper`) the shopper's server cart. */
export async function apiOrder(
  request: APIRequestContext,
  options: {
    shopper?: Shopper;
    items?: { product_id: string; quantity: number }[];
    payment?: { method: 'pay_later' } | { method: 'card'; card: Record<string, unknown> };
    /** What the order is paid in: dollars, the demo's base, unless a spec says otherwise (London would get pounds). */
    currency?: string;
  },
): Promise<ApiOrder> {
  // A guest's lines carry the product's first colour and size, as the product page would send them.
  const items = options.items
    ? await Promise.all(options.items.map(async (i) => ({ ...i, ...(await firstChoices(request, i.product_id)) })))
    : undefined;
  const res = await request.post('/api/orders', {
    headers: { 'idempotency-key': randomUUID(), ...(options.shopper ? bearer(options.shopper) : {}) },
    data: {
      ...(options.shopper ? {} : { email: guestEmail('api-buyer'), items }),
      shipping_address: ADDRESS,
      shipping_method: 'standard',
      payment: options.payment ?? { method: 'pay_later' },
      currency: options.currency ?? 'USD',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** A demo card as the browser sends it — brand and last 4, never the number or the CVC. */
export const CARD_4242 = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, name: 'Ada' };

/**
 * A product of its own for a test that counts stock: small stock in a single variant (no colours,
 * sizes or other options, so the product's stock is the one stock a line takes from), far from the
 * first page the other specs take their products from. Each test passes its own `nth`, so no two tests
 * share one.
 */
export async function ownProduct(request: APIRequestContext, nth: number): Promise<CatalogProduct> {
  const found: CatalogProduct[] = [];
  for (let page = 8; page >= 3; page--) {
    const res = await request.get(`/api/products?limit=100&page=${page}&in_stock=true&sort=newest`);
    expect(res.status()).toBe(200);
    const { items } = (await res.json()) as { items: CatalogProduct[] };
    const small = items.filter(
      (p) => p.colors.length <= 1 && p.available_sizes.length === 0 && p.available >= 5 && p.available <= 60,
    );
    for (const p of small) if ((await variantsOf(request, p.id)).length === 1) found.push(p);
    const product = found[nth];
    if (product) return product;
  }
  throw new Error('not enough low-stock products in the demo catalogue');
}

const isQuote = (url: string) => new URL(url).pathname === '/api/checkout/quote';

/** Records the quote requests the page sends; the answer reads the latest one's body. */
export function lastQuoteBodies(page: Page): () => Record<string, unknown> | undefined {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && isQuote(r.url())) bodies.push(r.postDataJSON());
  });
  return () => bodies.at(-1);
}

/** The API's own quote for `body`: what the page must show for the same body. */
export async function apiQuote<Q>(request: APIRequestContext, body: unknown): Promise<Q> {
  const res = await request.post('/api/checkout/quote', { data: body });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}
