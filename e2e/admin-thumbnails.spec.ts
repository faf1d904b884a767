import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminSignIn } from './support/admin.ts';

// Product pictures in the admin keep their square box at any width: a narrow table column or a phone's
// screen must not squeeze them (the page's images may otherwise shrink to their column, height kept).

/**
 * Width and height, as rendered, of every picture the selector finds that has loaded. Other tests add
 * products whose pictures never load (an import's from another shop): a broken picture without alt text
 * is not drawn at all, which says nothing about the box.
 */
async function renderedSizes(page: Page, selector: string): Promise<{ width: number; height: number }[]> {
  return page.locator(selector).evaluateAll((images) =>
    (images as HTMLImageElement[])
      .filter((img) => img.complete && img.naturalWidth > 0)
      .map((img) => {
        const box = img.getBoundingClientRect();
        return { width: Math.round(box.width), height: Math.round(box.height) };
      }),
  );
}

/** A product of the demo catalogue, which has pictures (the storefront lists only published ones), and its brand. */
async function seededProduct(request: APIRequestContext): Promise<{ id: string; brand: string }> {
  const res = await request.get('/api/products?limit=1&sort=popular');
  expect(res.status()).toBe(200);
  const [first] = ((await res.json()) as { items: { id: string; brand: string }[] }).items;
  if (!first) throw new Error('no product');
  return first;
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the product list's and a product's pictures stay square`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    await adminSignIn(page);
    // The demo catalogue's products of one brand, with their pictures, whatever other tests have added.
    const seeded = await seededProduct(request);
    await page.goto(`/admin/products?q=${encodeURIComponent(seeded.brand)}`);
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.locator('tbody img').first()).toBeVisible();
    await expect.poll(async () => (await renderedSizes(page, 'table tbody img')).length).toBeGreaterThan(1);
    const thumbnails = await renderedSizes(page, 'table tbody img');
    for (const size of thumbnails) expect(size).toEqual({ width: 40, height: 40 });

    await page.goto(`/admin/products/view-product/${seeded.id}`);
    const main = page.locator('main img');
    await expect(main.first()).toBeVisible();
    const pictures = await renderedSizes(page, 'main img');
    expect(pictures.length).toBeGreaterThan(0);
    for (const size of pictures) expect(size.width).toBe(size.height);
  });
}
