// The demo shop reads as a real shop. Product pictures never clip a name (the
// browser's own text layout is measured, not an estimate), and the ratings a product claims are the
// written reviews it shows. The API's answers are the oracle.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { type ApiProduct, apiList } from './support/catalog.ts';
import { hydrated } from './support/shopper.ts';

/** Every published product of the demo catalogue (a dozen API pages). */
async function everyProduct(request: APIRequestContext): Promise<ApiProduct[]> {
  const all: ApiProduct[] = [];
  for (let page = 1; page <= 30; page++) {
    const { items } = await apiList(request, `page=${page}&sort=newest`, 100);
    all.push(...items);
    if (items.length < 100) break;
  }
  return all;
}

/** The boxes of a picture's texts as the browser lays them out, and the picture's width. */
async function textBoxes(page: Page, url: string) {
  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
  return page.evaluate(() => {
    const svg = document.querySelector('svg') as SVGSVGElement;
    const width = svg.viewBox.baseVal.width;
    const boxes = [...svg.querySelectorAll('text')].map((t) => {
      const box = t.getBBox();
      return { text: t.textContent ?? '', left: box.x, right: box.x + box.width };
    });
    return { width, boxes };
  });
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('product pictures show the whole name inside the picture, even the longest', async ({ page, request }) => {
      const products = await everyProduct(request);
      expect(products.length).toBeGreaterThan(500);
      const widest = [...products].sort((a, b) => b.name.length - a.name.length).slice(0, 3);
      // The name first seen clipped ("amsung Galaxy Watch6 …").
      const watch = products.filter((p) => p.name.startsWith('Samsung Galaxy Watch6')).slice(0, 2);
      expect(watch.length).toBeGreaterThan(0);

      for (const product of [...widest, ...watch]) {
        // The picture the product page shows.
        await page.goto(`/products/${product.slug}`);
        await hydrated(page);
        const src = await page
          .getByRole('img', { name: `${product.name}, picture 1 of ${product.images.length}` })
          .getAttribute('src');
        expect(src).toBeTruthy();
        const { width, boxes } = await textBoxes(page, src as string);
        expect(boxes.length).toBeGreaterThanOrEqual(2);
        for (const box of boxes) {
          expect(box.left, `${box.text} starts inside`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${box.text} ends inside`).toBeLessThanOrEqual(width);
          expect(box.text).not.toContain('…');
        }
        // Every word of the name is drawn (the last text is the brand).
        expect(
          boxes
            .slice(0, -1)
            .map((b) => b.text)
            .join(' '),
        ).toBe(product.name);
      }
    });

    test('a product claims only the ratings it shows as written reviews', async ({ page, request }) => {
      const products = await everyProduct(request);
      const rated = products.filter((p) => p.rating_count > 0).sort((a, b) => b.rating_count - a.rating_count);
      expect(rated.length).toBeGreaterThan(100);
      const product = rated[0] as ApiProduct;
      expect(product.rating_count).toBeGreaterThanOrEqual(3);
      // Nothing like "1,707 ratings" with no text: a small shop's counts, each one a review.
      expect(Math.max(...products.map((p) => p.rating_count))).toBeLessThan(50);

      await page.goto(`/products/${product.slug}`);
      await hydrated(page);
      const section = page.getByRole('region', { name: 'Customer reviews' });
      await expect(section.getByTestId('reviews-count')).toHaveText(`${product.rating_count} ratings`);
      const articles = section.getByRole('list', { name: 'Reviews' }).getByRole('article');
      const api = await (await request.get(`/api/products/${product.id}/reviews`)).json();
      expect(api.count).toBe(product.rating_count);
      await expect(articles).toHaveCount(api.items.length);
      expect(api.items.length).toBe(Math.min(product.rating_count, api.items.length));
      expect(api.items.length).toBeGreaterThanOrEqual(3);
      for (const item of api.items as { title: string; body: string; author: string; rating: number }[]) {
        // By its whole text: one review's body may begin with another's.
        const article = articles.filter({ has: page.getByText(item.body, { exact: true }) });
        await expect(article.first()).toContainText(item.title);
        await expect(article.first()).toContainText(item.author);
        expect(item.body.length).toBeGreaterThan(20);
        expect(item.author).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
      }
      const mean = api.items.reduce((s: number, i: { rating: number }) => s + i.rating, 0) / api.items.length;
      if (api.items.length === api.count) expect(api.average).toBeCloseTo(mean, 1);
      await expectAccessible(page);
    });
  });
}
