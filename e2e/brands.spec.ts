// Brands are records with their own page (/brands/{slug}) listing their products, paged like
// every listing; an unknown brand is the 404 page; the sitemap lists the brand pages. The API is the oracle.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import {
  apiList,
  cardNames,
  hydrated,
  markDocument,
  PAGE_SIZE,
  results,
  stillSameDocument,
} from './support/catalog.ts';

interface BrandFacet {
  id: string;
  name: string;
  slug: string;
  count: number;
}

/** The brand with the most published products (more than one listing page of them). */
async function biggestBrand(request: APIRequestContext): Promise<BrandFacet> {
  const res = await request.get('/api/brands');
  expect(res.status()).toBe(200);
  const brands: BrandFacet[] = await res.json();
  const biggest = [...brands].sort((a, b) => b.count - a.count)[0];
  if (!biggest || biggest.count <= PAGE_SIZE) throw new Error('no brand with more than one page of products');
  return biggest;
}

test('a brand page shows the brand and its products, paged like other listings', async ({ page, request }) => {
  const brand = await biggestBrand(request);
  const record = await (await request.get(`/api/brands/${brand.slug}`)).json();
  const res = await page.goto(`/brands/${brand.slug}`);
  expect(res?.status()).toBe(200);
  await hydrated(page);
  await expect(page).toHaveTitle(`${brand.name} · Shop`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(brand.name);
  if (record.description) await expect(page.getByTestId('brand-description')).toHaveText(record.description);

  // The first page: the brand's products as GET /api/products?brand={id} lists them, most popular first.
  const first = await apiList(request, `brand=${brand.id}&sort=popular`);
  expect(first.total).toBe(brand.count);
  expect(await cardNames(page)).toEqual(first.items.map((p) => p.name));
  await expect(
    results(page).getByText(`of ${brand.count.toLocaleString('en-US')} products`, { exact: false }),
  ).toBeVisible();
  // Its brand is the page's own: no brand select to change it.
  await expect(page.getByLabel('Brand', { exact: true })).toHaveCount(0);

  // Page 2 is another page of the same brand, its link without the brand in the query.
  const second = await apiList(request, `brand=${brand.id}&sort=popular&page=2`);
  const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2', exact: true });
  await expect(next).toHaveAttribute('href', `/brands/${brand.slug}?page=2`);
  await markDocument(page);
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/brands/${brand.slug}\\?page=2$`));
  await expect.poll(() => cardNames(page)).toEqual(second.items.map((p) => p.name));
  expect(await stillSameDocument(page)).toBe(true);
  await expectAccessible(page);
});

test('filters on a brand page narrow its products within the brand', async ({ page, request }) => {
  const brand = await biggestBrand(request);
  const inStock = await apiList(request, `brand=${brand.id}&sort=popular&in_stock=true`);
  await page.goto(`/brands/${brand.slug}?in_stock=true`);
  await hydrated(page);
  expect(await cardNames(page)).toEqual(inStock.items.map((p) => p.name));
  // A brand in the query cannot take the page over.
  await page.goto(`/brands/${brand.slug}?brand=no-such-brand`);
  await hydrated(page);
  const all = await apiList(request, `brand=${brand.id}&sort=popular`);
  expect(await cardNames(page)).toEqual(all.items.map((p) => p.name));
});

test('an unknown brand answers 404 with the not-found page; a slug in capitals goes to the brand’s page', async ({
  page,
  request,
}) => {
  const res = await page.goto('/brands/no-such-brand');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('Oops! Page Not Found')).toBeVisible();

  const brand = await biggestBrand(request);
  await page.goto(`/brands/${brand.slug.toUpperCase()}`);
  await expect(page).toHaveURL(new RegExp(`/brands/${brand.slug}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(brand.name);
});

test('sitemap.xml lists the page of every brand with products', async ({ request, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const xml = await (await request.get('/sitemap.xml')).text();
  const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
  const brands: BrandFacet[] = await (await request.get('/api/brands')).json();
  expect(brands.some((b) => b.count > 0)).toBe(true);
  for (const b of brands) expect(locs.has(`${origin}/brands/${b.slug}`), b.slug).toBe(b.count > 0);
});
