import { expect, test } from '@playwright/test';

// The README sends newcomers to /api/docs; with or without its slash it must show the
// reference, not a blank page.
for (const url of ['/api/docs', '/api/docs/']) {
  test(`${url} lists the API's operations`, async ({ page }) => {
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
    });
    // Swagger UI renders a long list of operations as it is scrolled to: the link to the catalogue's
    // section brings those operations in, wherever they stand in the list.
    await page.goto(`${url}#/catalog`);
    await expect(page.getByRole('heading', { name: /Shop API/ })).toBeVisible();
    await expect(page.locator('.opblock-summary-path', { hasText: '/api/products' }).first()).toBeVisible();
    expect(failed).toEqual([]);
  });
}
