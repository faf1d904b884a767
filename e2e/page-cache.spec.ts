import { expect, type Page, test } from '@playwright/test';
import { hydrated, plainProducts } from './support/shopper.ts';

// Storefront pages are kept in the page cache and sent to everyone as the same bytes, under a
// policy that names their inline scripts by hash instead of a per-response nonce. In Chromium: a page
// answered from that cache runs every script it needs (no policy violation), hydrates and works.

/** Records every content security policy violation the page reports from now on; answers them when asked. */
async function watchPolicyViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

test('a product page answered from the page cache runs under its hash policy and works', async ({ page, request }) => {
  const [product] = await plainProducts(request, 1);
  if (!product) throw new Error('no product');
  const path = `/products/${product.slug}`;
  // The first request fills the cache; the browser gets the kept page.
  expect((await request.get(path)).status()).toBe(200);

  const violations = await watchPolicyViolations(page);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers.etag).toMatch(/^W\//);
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(headers['content-security-policy']).not.toContain('nonce-');
  await hydrated(page);

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  // Every inline script ran, and nothing tried `eval`: zod, which parses the cart's answers here, runs
  // jitless in the browser (lib/zod-jitless.ts) instead of probing `new Function` against the policy.
  expect(await violations()).toEqual([]);
});

test('a form checked in the browser breaks no policy either: zod runs without compiling code', async ({ page }) => {
  const violations = await watchPolicyViolations(page);
  // The sign-in page's form validates with the contract's zod schema (react-hook-form's zodResolver).
  await page.goto('/auth/login');
  await hydrated(page);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is invalid')).toBeVisible();
  // Before lib/zod-jitless.ts, zod's probe of `new Function` showed here as 'script-src eval'.
  expect(await violations()).toEqual([]);
});

test('a page rendered per visitor keeps its per-response nonce', async ({ page }) => {
  const response = await page.goto('/cart');
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
  expect(response?.headers().etag).toBeUndefined();
  await hydrated(page);
});
