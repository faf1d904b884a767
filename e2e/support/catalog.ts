import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface ApiProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  subcategory: string | null;
  brand: string | null;
  sale_price: number;
  regular_price: number;
  percentage_discount: number;
  images: string[];
  colors: string[];
  available_sizes: string[];
  features: string[];
  available: number;
  in_stock: boolean;
  rating: number;
  rating_count: number;
  date_added: string;
}
export interface ApiList {
  items: ApiProduct[];
  total: number;
  page: number;
  limit: number;
}

/** The listing's page size (features/catalog/list-query.server.ts). */
export const PAGE_SIZE = 24;

/** GET /api/products with a query string, as the page's loader would list them. */
export async function apiList(request: APIRequestContext, query = '', limit = PAGE_SIZE): Promise<ApiList> {
  const sep = query ? '&' : '';
  const res = await request.get(`/api/products?${query}${sep}limit=${limit}`);
  expect(res.status(), `GET /api/products?${query}`).toBe(200);
  return res.json();
}

/** The first published product, scanning the catalogue page by page, that satisfies `test`. */
export async function findProduct(request: APIRequestContext, test: (p: ApiProduct) => boolean): Promise<ApiProduct> {
  for (let page = 1; page <= 20; page++) {
    const { items } = await apiList(request, `page=${page}&sort=newest`, 100);
    const found = items.find(test);
    if (found) return found;
    if (items.length < 100) break;
  }
  throw new Error('no such product in the demo catalogue');
}

/** Money as the storefront shows it. */
export const money = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** How React escapes text in server-rendered HTML. */
export const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

/** The results region of a listing page. */
export const results = (page: Page) => page.getByRole('region', { name: 'Results' });

/** Names of the product cards in a listing, in order. */
export const cardNames = (page: Page) => results(page).locator('ul.grid h3').allTextContents();

/** Sale prices shown on a listing's cards (the first amount of each card), in order. */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await results(page).locator('ul.grid li p:first-of-type > span:first-child').allTextContents();
  return texts.map((t) => Number(t.replace(/[^0-9.]/g, '')));
}

/** Waits until the layout marked the document hydrated (routes/shop/layout.tsx). */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** Opens a page and waits for hydration and the lazy parts (the network is quiet). */
export async function openHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  return response;
}

/** Marks the window; `stillSameDocument` is then true only if no full page load happened since. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}
export const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
