// Helpers of the cart, wishlist and account browser tests: a real customer account made through the
// API, signing a page in the way the storefront does (localStorage 'auth' = {user, tokens}, docs/product.md §3),
// and products from the live catalogue that suit a test.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface Shopper {
  user: { id: string; email: string; username: string; first_name: string; last_name: string; name: string };
  tokens: { access: string; refresh: string };
  password: string;
}

/**
 * Registers a fresh customer and signs them in over the API. (Registration is rate limited per IP,
 * 5 a minute: specs make one shopper per file and share it between that file's tests.)
 */
export async function newShopper(request: APIRequestContext, label: string): Promise<Shopper> {
  const tag = randomUUID().slice(0, 8);
  const password = 'Shopper-Passw0rd';
  const body = {
    first_name: 'Test',
    last_name: label.replace(/[^A-Za-z]/g, '') || 'Shopper',
    username: `${label.toLowerCase().replace(/[^a-z0-9]/g, '')}-${tag}`,
    email: `${label.toLowerCase().replace(/[^a-z0-9]/g, '')}-${tag}@e2e.test`,
    password,
  };
  const registered = await request.post('/api/auth/register', { data: body });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { email: body.email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { access, refresh, user } = await login.json();
  return { user, tokens: { access, refresh }, password };
}

/** Signs the browser in as the storefront stores a session (docs/product.md §3), before any page script runs. */
export async function signInPage(page: Page, shopper: Shopper) {
  await page.addInitScript(
    (auth) => {
      // Only once per test: a later sign-out in the test must not be undone by the next navigation.
      if (!sessionStorage.getItem('e2e-signed-in')) {
        sessionStorage.setItem('e2e-signed-in', '1');
        localStorage.setItem('auth', auth);
      }
    },
    JSON.stringify({ user: shopper.user, tokens: shopper.tokens }),
  );
}

/** Signs in on a page that is already open (a guest who signs in now), then reloads or navigates. */
export async function signInNow(page: Page, shopper: Shopper) {
  await page.evaluate(
    (auth) => localStorage.setItem('auth', auth),
    JSON.stringify({ user: shopper.user, tokens: shopper.tokens }),
  );
}

const bearer = (s: Shopper) => ({ authorization: `Bearer ${s.tokens.access}` });

export interface ServerCart {
  cart_items: { id: string; product: { id: string; name: string }; quantity: number; color: string | null }[];
  total_items: number;
}

export async function serverCart(request: APIRequestContext, s: Shopper): Promise<ServerCart> {
  const res = await request.get('/api/users/me', { headers: bearer(s) });
  expect(res.status()).toBe(200);
  return (await res.json()).cart;
}

export async function clearServerCart(request: APIRequestContext, s: Shopper) {
  expect((await request.delete('/api/products/clear-cart', { headers: bearer(s) })).status()).toBe(200);
}

export async function addToServerCart(request: APIRequestContext, s: Shopper, productId: string, quantity: number) {
  const res = await request.post('/api/products/add-to-cart', {
    headers: bearer(s),
    data: { product_id: productId, quantity, ...(await firstChoices(request, productId)) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The first variant of a product that is in stock (the first one when none is), as a shopper would pick
 * it: its id and its colour and size (a product with colours or sizes is never added
 * without them; a product with another option, like Storage, is bought by its variant).
 */
export async function firstChoices(
  request: APIRequestContext,
  productId: string,
): Promise<{ variant_id?: string; color?: string; size?: string }> {
  const res = await request.get(`/api/products/${productId}/variants`);
  expect(res.status()).toBe(200);
  const { options, variants } = (await res.json()) as {
    options: { name: string }[];
    variants: { id: string; options: string[]; available: number }[];
  };
  const variant = variants.find((v) => v.available > 0) ?? variants[0];
  if (!variant) return {};
  const valueNamed = (name: string) => variant.options[options.findIndex((o) => o.name === name)];
  const color = valueNamed('Color');
  const size = valueNamed('Size');
  return { variant_id: variant.id, ...(color ? { color } : {}), ...(size ? { size } : {}) };
}

export async function serverWishlist(request: APIRequestContext, s: Shopper): Promise<{ id: string }[]> {
  const res = await request.get('/api/wishlist', { headers: bearer(s) });
  expect(res.status()).toBe(200);
  return res.json();
}

export async function saveToServerWishlist(request: APIRequestContext, s: Shopper, productId: string) {
  const res = await request.post('/api/wishlist', { headers: bearer(s), data: { product_id: productId } });
  expect([200, 201]).toContain(res.status());
}

export interface CatalogProduct {
  id: string;
  slug: string;
  name: string;
  sale_price: number;
  images: string[];
  colors: string[];
  available_sizes: string[];
  available: number;
  in_stock: boolean;
}

/**
 * `count` distinct products that need no choices on their page (no sizes) and have plenty of stock,
 * so a test can add several of each.
 */
/** A product's variants as the product page reads them. */
export async function variantsOf(
  request: APIRequestContext,
  productId: string,
): Promise<{ id: string; price: number; available: number; options: string[] }[]> {
  const res = await request.get(`/api/products/${productId}/variants`);
  expect(res.status()).toBe(200);
  return (await res.json()).variants;
}

/**
 * Products without sizes, with plenty of stock, whose every variant sells at the product's price (no
 * Storage-like option priced apart), so a test can reckon with `sale_price` whatever the page preselects.
 */
export async function plainProducts(request: APIRequestContext, count: number): Promise<CatalogProduct[]> {
  const res = await request.get('/api/products?limit=100&in_stock=true');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: CatalogProduct[] };
  const plain: CatalogProduct[] = [];
  for (const p of items.filter((p) => p.available_sizes.length === 0 && p.available >= 50)) {
    const variants = await variantsOf(request, p.id);
    if (variants.every((v) => v.price === p.sale_price && v.available >= 10)) plain.push(p);
    if (plain.length === count) break;
  }
  expect(plain.length).toBeGreaterThanOrEqual(count);
  return plain;
}

/** Waits until the storefront has hydrated (the layout marks <html data-hydrated>). */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** Money as the storefront shows it. */
export const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
export const cents = (price: number) => Math.round(price * 100);
