import { expect, test } from '@playwright/test';

/** How React escapes text in server-rendered HTML. */
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

test('the home page shows products from the catalogue, rendered on the server', async ({ page, request }) => {
  const list = await (await request.get('/api/products?limit=8&sort=popular')).json();
  const first = list.items[0].name as string;
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(await response?.text()).toContain(escaped(first));
  await expect(page.getByText(first).first()).toBeVisible();
});

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
});
