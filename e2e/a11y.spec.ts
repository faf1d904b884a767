import { expect, test } from '@playwright/test';
import { CONTENT_PAGES } from '../apps/web/app/routes.ts';
import { expectAccessible } from './support/axe.ts';

// docs/architecture.md §9: axe finds no serious or critical violation on any storefront page. One test per page of
// the route table, so a failure names the page; product and category come from the live catalogue.
const PAGES: [name: string, path: string | 'product' | 'category'][] = [
  ['home', '/'],
  ['products', '/products'],
  ['category', 'category'],
  ['product', 'product'],
  ['cart', '/cart'],
  ['wishlist', '/wishlist'],
  ['checkout', '/checkout'],
  ['orders', '/orders'],
  ['account', '/account'],
  ['account: confirm e-mail', '/account/confirm-email/not-a-real-token'],
  ['categories', '/categories'],
  ['help', '/help'],
  ['contact', '/contact'],
  ['newsletter confirm', '/newsletter/confirm?token=not-a-real-token'],
  ...CONTENT_PAGES.map((page): [string, string] => [`content: ${page}`, `/${page}`]),
  ['auth: login', '/auth/login'],
  ['auth: signup', '/auth/signup'],
  ['auth: forgot password', '/auth/forgot-password'],
  ['auth: reset password', '/auth/reset-password/not-a-real-token'],
  ['404', '/no/such/page'],
];

for (const [name, target] of PAGES) {
  test(`a11y: ${name}`, async ({ page, request }) => {
    let path = target;
    if (target === 'product' || target === 'category') {
      const { items } = await (await request.get('/api/products?limit=1')).json();
      path = target === 'product' ? `/products/${items[0].id}` : `/products/category/${items[0].category}`;
    }
    const response = await page.goto(path);
    expect(response?.status(), `${path} answers`).toBeLessThan(name === '404' ? 500 : 400);
    // Hydrated and lazy parts loaded: what a shopper sees a moment after the page opens.
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, { label: path });
  });
}
