import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminSignIn, noSeriousViolations } from './support/admin.ts';
import { adminAccount, apiLogin } from './support/session.ts';

// The products list's bulk-edit bar in the browser: an admin selects two rows and moves their
// prices by a percentage and the stock of every variant to one figure. The products are the test's own
// drafts (made through the admin API), so the demo catalogue other specs read never changes; a third
// one found by the same search but not selected must not change either. The admin API is the oracle.

interface AdminVariant {
  options: string[];
  price: number | null;
  compare_at_price: number | null;
  available: number;
}
interface AdminProduct {
  id: string;
  name: string;
  regular_price: number;
  sale_price: number;
  percentage_discount: number;
  available: number;
  variants: AdminVariant[];
  modified_by: string | null;
  modified_date: string;
}

/** The admin API as the e2e admin: a product made (201) or read (200). */
async function adminApi(request: APIRequestContext) {
  const { access } = await apiLogin(request, adminAccount);
  const headers = { authorization: `Bearer ${access}` };
  return {
    async create(body: Record<string, unknown>): Promise<AdminProduct> {
      const res = await request.post('/api/admin/products', { headers, data: body });
      expect(res.status(), await res.text()).toBe(201);
      return res.json();
    },
    async read(id: string): Promise<AdminProduct> {
      const res = await request.get(`/api/admin/products/${id}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    },
  };
}

/** A product as the bulk edit leaves it: who changed it and when are not compared. */
const unstamped = ({ modified_by: _by, modified_date: _date, ...rest }: AdminProduct) => rest;

/** Ticks the list row of the product with this name. */
const selectRow = (page: Page, name: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) })
    .getByRole('checkbox')
    .check();

test('the bulk-edit bar moves two selected products’ prices by 10 % and sets every variant’s stock', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = randomUUID().slice(0, 8);
  const api = await adminApi(request);
  // Alder: two sizes, M with its own price and compare-at price. Birch: one variant, 10 % off.
  // Cedar matches the same search and stays unselected. All three are drafts.
  const alder = await api.create({
    name: `Bulk Kettle ${tag} Alder`,
    category: 'home',
    published: false,
    regular_price: 20,
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { options: ['S'], available: 3 },
      { options: ['M'], price: 25, compare_at_price: 30, available: 4 },
    ],
  });
  const birch = await api.create({
    name: `Bulk Kettle ${tag} Birch`,
    category: 'home',
    regular_price: 19.99,
    percentage_discount: 10,
    available: 5,
  });
  const cedar = await api.create({
    name: `Bulk Kettle ${tag} Cedar`,
    category: 'home',
    regular_price: 12.5,
    available: 2,
  });
  expect(birch.sale_price).toBe(17.99);

  await adminSignIn(page);
  await page.goto('/admin/products');
  await page.getByLabel('Search by name or slug').fill(`Bulk Kettle ${tag}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Products' }).locator('tbody tr')).toHaveCount(3);
  await selectRow(page, alder.name);
  await selectRow(page, birch.name);

  const bar = page.getByRole('form', { name: 'Bulk edit' });
  await expect(bar.getByText('2 selected')).toBeVisible();
  await bar.getByLabel('Price', { exact: true }).click();
  await page.getByRole('option', { name: 'Change by ± %', exact: true }).click();
  await bar.getByLabel('Change (%)', { exact: true }).fill('10');
  await bar.getByLabel('Stock of every variant', { exact: true }).fill('7');
  await noSeriousViolations(page, 'products with the bulk-edit bar in use');
  await bar.getByRole('button', { name: 'Apply to selected' }).click();
  await expect(page.getByText('2 products changed')).toBeVisible();
  // The selection is cleared, and the list shows the new prices and stock.
  await expect(bar.getByText('0 selected')).toBeVisible();
  const alderRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: alder.name, exact: true }) });
  // Cells: selection, picture, name, category, price, stock.
  await expect(alderRow.getByRole('cell').nth(4)).toHaveText('$22.00');
  await expect(alderRow.getByRole('cell').nth(5)).toHaveText('14');

  // +10 % on each product's regular price (its discount kept) and on a variant's own prices; a variant
  // without one keeps following its product. Every variant now holds 7. Nothing else moved.
  expect(unstamped(await api.read(alder.id))).toEqual({
    ...unstamped(alder),
    regular_price: 22,
    sale_price: 22,
    available: 14,
    variants: [
      { ...alder.variants[0], price: null, compare_at_price: null, available: 7 },
      { ...alder.variants[1], price: 27.5, compare_at_price: 33, available: 7 },
    ],
  });
  expect(unstamped(await api.read(birch.id))).toEqual({
    ...unstamped(birch),
    regular_price: 21.99,
    sale_price: 19.79,
    percentage_discount: 10,
    available: 7,
    variants: [{ ...birch.variants[0], price: null, available: 7 }],
  });
  expect(await api.read(cedar.id)).toEqual(cedar);
});
