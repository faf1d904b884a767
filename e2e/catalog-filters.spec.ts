import { expect, type Page, test } from '@playwright/test';
import { apiList, cardNames, cardPrices, markDocument, openHydrated, stillSameDocument } from './support/catalog.ts';

// One model for the listing filters. Every control applies as it changes (typed
// text after a short pause, no button), what is being typed survives any navigation, and the brand
// list is the current result's brands with their counts. The API is the oracle for names and counts,
// so the checks hold whatever the demo catalogue holds.

interface BrandCount {
  id: string;
  name: string;
  count: number;
}

const SPEC_BRANDS = ['apple', 'samsung', 'nike', 'adidas'];
const form = (page: Page) => page.getByRole('form', { name: 'Filter products' });

/**
 * Holds the listing's client navigations (React Router's `.data` requests) until `release()`, so a
 * navigation stays "in flight" for as long as the test needs.
 */
async function holdNavigations(page: Page) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let held = 0;
  await page.route(/\/products(\/category\/[^/?]+)?\.data/, async (route) => {
    held++;
    await gate;
    await route.continue();
  });
  return {
    held: () => held,
    release: async () => {
      open();
      await page.unrouteAll({ behavior: 'wait' });
    },
  };
}

/** Opens a listing with its filters shown: on a phone they fold behind the Filters button. */
async function openListing(page: Page, path: string) {
  await openHydrated(page, path);
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  if (await toggle.isVisible()) await toggle.click();
  await expect(form(page)).toBeVisible();
}

for (const [label, viewport] of [
  ['desktop 1366 px', { width: 1366, height: 900 }],
  ['phone 390 px', { width: 390, height: 844 }],
] as const) {
  test.describe(`listing filters on ${label}`, () => {
    test.use({ viewport });

    test("a category's brands come with their counts, the documented four first", async ({ page, request }) => {
      await openListing(page, '/products');
      await form(page).getByLabel('Category').selectOption('electronics');
      await expect(page).toHaveURL(/\/products\?category=electronics$/);

      const facets: BrandCount[] = await (await request.get('/api/brands?category=electronics')).json();
      const present = facets.filter((b) => b.count > 0 && !SPEC_BRANDS.includes(b.id));
      expect(present.length, 'electronics brands beyond the documented four').toBeGreaterThan(0);
      const label = (b: BrandCount) => `${b.name} (${b.count.toLocaleString('en-US')})`;
      const spec = SPEC_BRANDS.map((id) => facets.find((b) => b.id === id) as BrandCount);
      const brand = form(page).getByLabel('Brand');
      await expect(brand.locator('option')).toHaveText(['All brands', ...spec.map(label), ...present.map(label)]);
      // A spec brand with nothing in this category is listed but cannot be chosen.
      for (const b of spec) {
        await expect(brand.locator(`option[value="${b.id}"]`)).toBeEnabled({ enabled: b.count > 0 });
      }

      // Choosing one of the category's own brands lists exactly its products there.
      const own = present[0] as BrandCount;
      await brand.selectOption(own.id);
      await expect(page).toHaveURL(new RegExp(`/products\\?category=electronics&brand=${own.id}$`));
      const { items, total } = await apiList(page.request, `category=electronics&brand=${own.id}`);
      expect(total).toBe(own.count);
      await expect.poll(() => cardNames(page)).toEqual(items.map((p) => p.name));
      await expect(form(page).getByLabel('Category').locator('option[value="clothing"]')).toHaveText('Fashion');
    });

    test('a typed price applies by itself after a pause, without a button or a reload', async ({ page, request }) => {
      await openListing(page, '/products?category=home&sort=price-low');
      await markDocument(page);
      await expect(form(page).getByRole('button', { name: 'Apply filters' })).toHaveCount(0);
      await form(page).getByLabel('Minimum price').pressSequentially('40', { delay: 50 });
      await expect(page).toHaveURL(/\/products\?category=home&sort=price-low&min_price=40$/);
      const { items } = await apiList(request, 'category=home&sort=price-low&min_price=40');
      await expect.poll(() => cardNames(page)).toEqual(items.map((p) => p.name));
      for (const price of await cardPrices(page)) expect(price).toBeGreaterThanOrEqual(40);
      // The brand counts follow the price too.
      const facets: BrandCount[] = await (await request.get('/api/brands?category=home&min_price=40')).json();
      const first = facets.find((b) => b.count > 0 && !SPEC_BRANDS.includes(b.id)) as BrandCount;
      await expect(form(page).getByLabel('Brand').locator(`option[value="${first.id}"]`)).toHaveText(
        `${first.name} (${first.count.toLocaleString('en-US')})`,
      );
      expect(await stillSameDocument(page)).toBe(true);
    });

    test('typing survives a navigation in flight from another filter, then applies on top of it', async ({ page }) => {
      await openListing(page, '/products');
      const hold = await holdNavigations(page);
      await form(page).getByLabel('Sort by').selectOption('price-high');
      await expect.poll(hold.held).toBeGreaterThan(0); // the sort's navigation waits for its data
      const max = form(page).getByLabel('Maximum price');
      await max.click();
      await max.pressSequentially('12', { delay: 30 });
      await hold.release(); // the navigation lands while the price is being typed
      await expect(page).toHaveURL(/\/products\?sort=price-high(&max_price=12)?$/);
      await expect(max).toBeFocused();
      await max.pressSequentially('0', { delay: 30 });
      await expect(max).toHaveValue('120');
      // The pause applies the price on top of the sort, and the field keeps its text.
      await expect(page).toHaveURL(/\/products\?sort=price-high&max_price=120$/);
      await expect(max).toHaveValue('120');
      await expect(form(page).getByLabel('Sort by')).toHaveValue('price-high');
      const { items } = await apiList(page.request, 'sort=price-high&max_price=120');
      await expect.poll(() => cardNames(page)).toEqual(items.map((p) => p.name));
    });

    test("typing survives the pause's own navigation landing mid-word", async ({ page }) => {
      await openListing(page, '/products?category=sports');
      const min = form(page).getByLabel('Minimum price');
      await min.click();
      const hold = await holdNavigations(page);
      await min.pressSequentially('2');
      await expect.poll(hold.held).toBeGreaterThan(0); // the pause navigated to min_price=2…
      await min.pressSequentially('5'); // …and the shopper types on
      await hold.release();
      await expect(min).toHaveValue('25');
      await expect(page).toHaveURL(/\/products\?category=sports&min_price=25$/);
      await expect(min).toHaveValue('25');
    });
  });
}

test.describe('listing filters on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the first product card is in the first screen; the Filters button reveals the filters', async ({ page }) => {
    await openHydrated(page, '/products');
    const firstCard = page.getByRole('region', { name: 'Results' }).locator('ul.grid > li').first();
    await expect(firstCard).toBeInViewport();
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(form(page)).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(form(page)).toBeVisible();
    await expect(form(page).getByLabel('Sort by')).toBeVisible();

    // By keyboard too: focusable, and Enter folds them away again.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(form(page)).toBeHidden();
  });
});

test('on a desktop the filters stand beside the grid, with no Filters button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHydrated(page, '/products');
  await expect(form(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeHidden();
});
