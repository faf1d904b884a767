import { expect, type Page, test } from '@playwright/test';
import { adminSignIn } from './support/admin.ts';

// Product pictures in the admin keep their square box at any width: a narrow table column or a phone's
// screen must not squeeze them (the page's images may otherwise shrink to their column, height kept).

/** Width and height of every picture the locator finds, as rendered. */
async function renderedSizes(page: Page, selector: string): Promise<{ width: number; height: number }[]> {
  return page.locator(selector).evaluateAll((images) =>
    images.map((img) => {
      const box = img.getBoundingClientRect();
      return { width: Math.round(box.width), height: Math.round(box.height) };
    }),
  );
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the product list's and a product's pictures stay square`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await adminSignIn(page);
    await page.goto('/admin/products');
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.locator('tbody img').first()).toBeVisible();
    const thumbnails = await renderedSizes(page, 'table tbody img');
    expect(thumbnails.length).toBeGreaterThan(5);
    for (const size of thumbnails) expect(size).toEqual({ width: 40, height: 40 });

    await table.locator('tbody tr').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/admin\/products\/view-product\//);
    const main = page.locator('main img');
    await expect(main.first()).toBeVisible();
    const pictures = await renderedSizes(page, 'main img');
    expect(pictures.length).toBeGreaterThan(0);
    for (const size of pictures) expect(size.width).toBe(size.height);
  });
}
