import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import {
  type ApiProduct,
  apiList,
  cardNames,
  cardPrices,
  escapeHtml,
  hydrated,
  markDocument,
  money,
  openHydrated,
  PAGE_SIZE,
  results,
  stillSameDocument,
} from './support/catalog.ts';

// /products with the docs/product.md §2 filter lists, price range, in-stock and search, all in the URL;
// pagination; an empty state; the category pages and /categories. The API is the oracle: the page must
// list exactly what GET /api/products lists for the same query, and those items must satisfy the filter.

const main = (page: import('@playwright/test').Page) => page.getByRole('main');

test.describe('products listing', () => {
  test('names and prices are in the server-rendered HTML', async ({ request }) => {
    const res = await request.get('/products');
    expect(res.status()).toBe(200);
    const html = await res.text();
    const { items, total } = await apiList(request);
    expect(items).toHaveLength(PAGE_SIZE);
    for (const p of items) {
      expect(html).toContain(escapeHtml(p.name));
      expect(html).toContain(money(p.sale_price));
    }
    expect(html).toContain(`of ${total.toLocaleString('en-US')} products`);
  });

  test('every filter and sort applied through the form changes the URL and the results, without a reload', async ({
    page,
    request,
  }) => {
    await openHydrated(page, '/products');
    await markDocument(page);
    const form = page.getByRole('form', { name: 'Filter products' });

    /** The page shows the API's listing for `query`, and every item satisfies `ok`. */
    async function expectListing(
      query: string,
      ok: (p: ApiProduct) => boolean,
      order?: (a: ApiProduct, b: ApiProduct) => boolean,
    ) {
      const { items } = await apiList(request, query);
      expect(items.length, `products for ${query}`).toBeGreaterThan(0);
      for (const p of items) expect(ok(p), `${p.name} satisfies ${query}`).toBe(true);
      if (order) for (let i = 1; i < items.length; i++) expect(order(items[i - 1]!, items[i]!)).toBe(true);
      await expect.poll(() => cardNames(page)).toEqual(items.map((p) => p.name));
    }

    // The documented category list: all, electronics, clothing, home, sports, books.
    const categorySelect = form.getByLabel('Category');
    expect(
      await categorySelect.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual(['all', 'electronics', 'clothing', 'home', 'sports', 'books']);
    await categorySelect.selectOption('electronics');
    await expect(page).toHaveURL(/\/products\?category=electronics$/);
    await expectListing('category=electronics', (p) => p.category === 'electronics');

    // docs/product.md §10: `clothing` is the filter name of the fashion category; it reads "Fashion" and leads
    // to the same URL as the menu's link.
    await expect(categorySelect.locator('option[value="clothing"]')).toHaveText('Fashion');
    await categorySelect.selectOption('clothing');
    await expect(page).toHaveURL(/\/products\?category=fashion$/);
    await expectListing('category=fashion', (p) => p.category === 'fashion');

    await categorySelect.selectOption('all');
    await expect(page).toHaveURL(/\/products$/);

    // The documented brand list comes first; the catalogue's other brands follow.
    const brandSelect = form.getByLabel('Brand');
    expect(
      (await brandSelect.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).slice(
        0,
        5,
      ),
    ).toEqual(['all', 'apple', 'samsung', 'nike', 'adidas']);
    for (const brand of ['apple', 'samsung', 'nike', 'adidas']) {
      await brandSelect.selectOption(brand);
      await expect(page).toHaveURL(new RegExp(`/products\\?brand=${brand}$`));
      await expectListing(`brand=${brand}`, (p) => p.brand === brand);
    }
    await brandSelect.selectOption('all');
    await expect(page).toHaveURL(/\/products$/);

    const sortSelect = form.getByLabel('Sort by');
    expect(await sortSelect.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual(
      ['popular', 'newest', 'price-low', 'price-high', 'rating'],
    );
    const orders: Record<string, (a: ApiProduct, b: ApiProduct) => boolean> = {
      newest: (a, b) => a.date_added >= b.date_added,
      'price-low': (a, b) => a.sale_price <= b.sale_price,
      'price-high': (a, b) => a.sale_price >= b.sale_price,
      rating: (a, b) => a.rating >= b.rating,
      popular: () => true,
    };
    for (const [sort, order] of Object.entries(orders)) {
      await sortSelect.selectOption(sort);
      // 'popular' is the default order: it leaves the URL.
      await expect(page).toHaveURL(sort === 'popular' ? /\/products$/ : new RegExp(`/products\\?sort=${sort}$`));
      await expectListing(`sort=${sort}`, () => true, order);
    }
    // The prices on the cards themselves are in order too.
    await sortSelect.selectOption('price-low');
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.length === PAGE_SIZE && prices.every((p, i) => i === 0 || (prices[i - 1] ?? 0) <= p);
      })
      .toBe(true);

    // Price range: typed, applied on Enter (or after a pause).
    await form.getByLabel('Minimum price').fill('20');
    await form.getByLabel('Maximum price').fill('50');
    await form.getByLabel('Maximum price').press('Enter');
    await expect(page).toHaveURL(/\/products\?sort=price-low&min_price=20&max_price=50$/);
    await expectListing('sort=price-low&min_price=20&max_price=50', (p) => p.sale_price >= 20 && p.sale_price <= 50);
    for (const price of await cardPrices(page)) {
      expect(price).toBeGreaterThanOrEqual(20);
      expect(price).toBeLessThanOrEqual(50);
    }

    expect(await stillSameDocument(page), 'filters navigate without a full reload').toBe(true);

    // In stock only: a checkbox applies at once.
    await openHydrated(page, '/products?sort=price-high');
    await markDocument(page);
    await form.getByLabel('In stock only').check();
    await expect(page).toHaveURL(/\/products\?sort=price-high&in_stock=true$/);
    await expectListing('sort=price-high&in_stock=true', (p) => p.in_stock && p.available > 0);
    await expect(results(page).getByText('Out of stock')).toHaveCount(0);

    // Search: applies after a pause in typing; there is no Apply button with JavaScript.
    await expect(form.getByRole('button', { name: 'Apply filters' })).toHaveCount(0);
    await form.getByLabel('Search').fill('iphone');
    await expect(page).toHaveURL(/\/products\?sort=price-high&q=iphone&in_stock=true$/);
    await expectListing('sort=price-high&q=iphone&in_stock=true', (p) => /iphone/i.test(`${p.name} ${p.description}`));
    await expect(main(page).getByRole('link', { name: /“iphone”/ })).toBeVisible();

    expect(await stillSameDocument(page), 'filters navigate without a full reload').toBe(true);
  });

  test('the filter form works without JavaScript as a plain GET form', async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/products');
    const form = page.getByRole('form', { name: 'Filter products' });
    await form.getByLabel('Category').selectOption('books');
    await form.getByLabel('Sort by').selectOption('price-low');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/products\?.*category=books/);
    await expect(page).toHaveURL(/sort=price-low/);
    const { items } = await apiList(request, 'category=books&sort=price-low');
    expect(items.every((p) => p.category === 'books')).toBe(true);
    await page.waitForLoadState('load');
    await expect.poll(() => cardNames(page)).toEqual(items.map((p) => p.name));
    await context.close();
  });

  test('pages with numbered links, aria-current on the current page', async ({ page, request }) => {
    await openHydrated(page, '/products?sort=newest');
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/products\?sort=newest&page=2$/);
    await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Page 1' })).not.toHaveAttribute('aria-current', 'page');
    const second = await apiList(request, 'sort=newest&page=2');
    await expect.poll(() => cardNames(page)).toEqual(second.items.map((p) => p.name));
    await expect(results(page).getByText(`Showing ${PAGE_SIZE + 1}–${PAGE_SIZE * 2} of`)).toBeVisible();

    await nav.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=3$/);
    const lastPage = Math.ceil(second.total / PAGE_SIZE);
    await nav.getByRole('link', { name: `Page ${lastPage}` }).click();
    await expect(page).toHaveURL(new RegExp(`page=${lastPage}$`));
    await expect(nav.getByRole('link', { name: 'Next' })).toHaveCount(0);
    const last = await apiList(request, `sort=newest&page=${lastPage}`);
    await expect.poll(() => cardNames(page)).toEqual(last.items.map((p) => p.name));
  });

  test('an empty result says so and offers a reset', async ({ page }) => {
    await openHydrated(page, '/products?q=zzqxqzzqx');
    await expect(results(page).getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expect(results(page).locator('ul.grid')).toHaveCount(0);
    await results(page).getByRole('link', { name: 'Reset filters' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect.poll(async () => (await cardNames(page)).length).toBe(PAGE_SIZE);
  });

  test('invalid query values fall back to defaults with the API message, never a 500', async ({ page, request }) => {
    const res = await page.goto('/products?sort=cheapest&brand=apple');
    expect(res?.status()).toBe(200);
    await expect(results(page).getByRole('status')).toHaveText(
      'Some filters were ignored: sort must be one of popular, newest, price-low, price-high, rating',
    );
    const { items } = await apiList(request, 'brand=apple');
    expect(await cardNames(page)).toEqual(items.map((p) => p.name));

    await page.goto('/products?page=-3&min_price=abc&in_stock=maybe&max_price=1e400&brand=apple');
    await expect(results(page).getByRole('status')).toContainText('Some filters were ignored:');
    expect(await cardNames(page)).toEqual(items.map((p) => p.name));
    for (const url of [
      '/products?page=99999999999',
      '/products?page=1e300',
      '/products?min_price=50&max_price=10',
      `/products?q=${'x'.repeat(500)}`,
      '/products?category=%00',
      '/products/category/books?page=abc&sort=%3Cscript%3E',
    ]) {
      expect((await request.get(url)).status(), url).toBe(200);
    }
  });

  test('axe finds no serious problem on /products', async ({ page }) => {
    await openHydrated(page, '/products?category=electronics&subcategory=smartphones');
    await expectAccessible(page);
  });
});

test.describe('category pages', () => {
  test("show the category's products and its subcategories as filter chips", async ({ page, request }) => {
    const categories = await (await request.get('/api/categories')).json();
    const electronics = categories.find((c: { id: string }) => c.id === 'electronics');
    const res = await page.goto('/products/category/electronics');
    expect(res?.status()).toBe(200);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();
    const { items } = await apiList(request, 'category=electronics');
    expect(await cardNames(page)).toEqual(items.map((p) => p.name));

    const chips = page.getByRole('navigation', { name: 'Subcategories' });
    await expect(chips.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    for (const sub of electronics.subcategories) {
      const chip = chips.locator(
        `a[href="/products/category/electronics?subcategory=${encodeURIComponent(sub.slug).replaceAll('%20', '+')}"]`,
      );
      await expect(chip).toContainText(sub.name);
      await expect(chip).toContainText(`(${sub.count})`);
    }
    await hydrated(page);
    await chips.getByRole('link', { name: /^Smartphones/ }).click();
    await expect(page).toHaveURL(/\/products\/category\/electronics\?subcategory=smartphones$/);
    await expect(chips.getByRole('link', { name: /^Smartphones/ })).toHaveAttribute('aria-current', 'page');
    const phones = await apiList(request, 'category=electronics&subcategory=smartphones');
    expect(phones.items.every((p) => p.subcategory === 'smartphones')).toBe(true);
    await expect.poll(() => cardNames(page)).toEqual(phones.items.map((p) => p.name));

    // The category page's own filters keep the category.
    await page.getByRole('form', { name: 'Filter products' }).getByLabel('Sort by').selectOption('price-high');
    await expect(page).toHaveURL(/\/products\/category\/electronics\?subcategory=smartphones&sort=price-high$/);
    const sorted = await apiList(request, 'category=electronics&subcategory=smartphones&sort=price-high');
    await expect.poll(() => cardNames(page)).toEqual(sorted.items.map((p) => p.name));
  });

  test('an unknown category answers 404 with the not-found page', async ({ page }) => {
    const res = await page.goto('/products/category/no-such-category');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
  });

  test('the documented filter name clothing leads to the fashion category page', async ({ page }) => {
    await page.goto('/products/category/clothing');
    await expect(page).toHaveURL(/\/products\/category\/fashion$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Fashion' })).toBeVisible();
  });

  test('/categories lists every category with subcategories, counts and featured cards in the documented link forms', async ({
    page,
    request,
  }) => {
    const categories: {
      id: string;
      name: string;
      subcategories: { name: string; slug: string; count: number }[];
      featured: { name: string; slug: string }[];
    }[] = await (await request.get('/api/categories')).json();
    await page.goto('/categories');
    for (const c of categories) {
      const section = main(page).getByRole('region', { name: c.name });
      await expect(section.getByRole('link', { name: c.name, exact: true })).toHaveAttribute(
        'href',
        `/products/category/${c.id}`,
      );
      for (const s of c.subcategories) {
        const link = section.locator(`a[href="/products?category=${c.id}&subcategory=${encodeURIComponent(s.slug)}"]`);
        await expect(link).toContainText(s.name);
        await expect(link).toContainText(String(s.count));
      }
      for (const f of c.featured) {
        await expect(section.getByRole('link', { name: f.name, exact: true })).toHaveAttribute(
          'href',
          `/products?featured=${encodeURIComponent(f.slug)}`,
        );
      }
    }
    // A featured collection lists the products tagged with it.
    await openHydrated(page, '/categories');
    await main(page).getByRole('link', { name: 'Galaxy S24', exact: true }).click();
    await expect(page).toHaveURL(/\/products\?featured=galaxy%20s24$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Galaxy S24' })).toBeVisible();
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain('Galaxy S24');
  });

  test('axe finds no serious problem on a category page and /categories', async ({ page }) => {
    await openHydrated(page, '/products/category/books');
    await expectAccessible(page);
    await openHydrated(page, '/categories');
    await expectAccessible(page);
  });
});

test.describe('home', () => {
  test('shows the categories, featured collections, new arrivals and best sellers from the catalogue', async ({
    page,
    request,
  }) => {
    const res = await request.get('/');
    const html = await res.text();
    const newest = await apiList(request, 'sort=newest', 8);
    const popular = await apiList(request, 'sort=popular', 8);
    for (const p of [...newest.items, ...popular.items]) expect(html).toContain(escapeHtml(p.name));

    await openHydrated(page, '/');
    for (const [id, name] of [
      ['electronics', 'Electronics'],
      ['fashion', 'Fashion'],
      ['home', 'Home & Garden'],
      ['sports', 'Sports & Outdoors'],
      ['books', 'Books & Media'],
    ]) {
      await expect(
        main(page)
          .getByRole('region', { name: 'Shop by category' })
          .getByRole('link', { name: new RegExp(`^${name}`) }),
      ).toHaveAttribute('href', `/products/category/${id}`);
    }
    const arrivals = main(page).getByRole('region', { name: 'New arrivals' });
    await expect(arrivals.locator('h3')).toHaveText(newest.items.map((p) => p.name));
    const best = main(page).getByRole('region', { name: 'Best sellers' });
    await expect(best.locator('h3')).toHaveText(popular.items.map((p) => p.name));
    // Pictures reserve their box; below the first row they load lazily.
    const lazy = await best
      .locator('img')
      .evaluateAll((imgs) =>
        imgs.map((i) => [i.getAttribute('loading'), i.getAttribute('width'), i.getAttribute('height')]),
      );
    for (const attrs of lazy) expect(attrs).toEqual(['lazy', '400', '400']);
    await main(page).getByRole('region', { name: 'Featured' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/products\?featured=/);
  });

  test('axe finds no serious problem on the home page', async ({ page }) => {
    await openHydrated(page, '/');
    await expectAccessible(page);
  });
});
