import { expect, test } from '@playwright/test';
import { hydrated, plainProducts } from './support/shopper.ts';

// Issue 16: storefront pages are kept in the page cache and sent to everyone as the same bytes, under a
// policy that names their inline scripts by hash instead of a per-response nonce. In Chromium: a page
// answered from that cache runs every script it needs (no policy violation), hydrates and works.

test('a product page answered from the page cache runs under its hash policy and works', async ({ page, request }) => {
  const [product] = await plainProducts(request, 1);
  if (!product) throw new Error('no product');
  const path = `/products/${product.slug}`;
  // The first request fills the cache; the browser gets the kept page.
  expect((await request.get(path)).status()).toBe(200);

  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers.etag).toMatch(/^W\//);
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(headers['content-security-policy']).not.toContain('nonce-');
  await hydrated(page);

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  // zod probes once whether `new Function` may run (it may not, on every page of ours) and catches the
  // refusal; Chromium reports that probe as a violation of script-src 'eval'. Every inline script ran.
  const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
  expect(violations.filter((v) => v !== 'script-src eval')).toEqual([]);
});

test('a page rendered per visitor keeps its per-response nonce', async ({ page }) => {
  const response = await page.goto('/cart');
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
  expect(response?.headers().etag).toBeUndefined();
  await hydrated(page);
});
