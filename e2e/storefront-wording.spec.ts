import { expect, type Page, test } from '@playwright/test';
import { hydrated, newShopper, plainProducts, signInPage } from './support/shopper.ts';

// Counts read naturally, shoppers are not told their role,
// toasts never cover the navbar, an empty cart's badge is no alarm, and an address that does not decode
// gets the shop's error page. Each at a desktop and a phone width.

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const toasts = (page: Page) => page.locator('[data-rht-toaster] [role="status"]');

/**
 * Where the toasts' column starts on screen: the top of the toaster's fixed container, which every
 * toast sits in. A toast's own box is not measured: it slides in from above and flies out upwards,
 * so on a busy machine it can be caught mid-animation, over the navbar, for as long as frames lag.
 */
async function toastsTop(page: Page): Promise<number> {
  return (await page.locator('[data-rht-toaster]').boundingBox())?.y ?? -1;
}

/** A colour as the browser paints it, in sRGB bytes (Tailwind's colours are oklch). */
async function paintedRgb(page: Page, selector: string): Promise<[number, number, number]> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) throw new Error(`${sel} not found`);
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    ctx.fillStyle = getComputedStyle(el).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0] as [number, number, number];
  }, selector);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a one-product result reads "Showing 1 product"', async ({ page, request }) => {
      // A product whose full name finds only itself.
      const { items } = await (await request.get('/api/products?limit=50')).json();
      let query = '';
      for (const p of items as { name: string }[]) {
        const found = await (await request.get(`/api/products?q=${encodeURIComponent(p.name)}&limit=1`)).json();
        if (found.total === 1) {
          query = p.name;
          break;
        }
      }
      expect(query, 'a product whose name finds only itself').not.toBe('');
      await page.goto(`/products?q=${encodeURIComponent(query)}`);
      const line = page.getByRole('region', { name: 'Results' }).getByText(/^Showing /);
      await expect(line).toHaveText('Showing 1 product');
    });

    test("the empty cart's badge shows 0 in a quiet grey, a filled one no red either", async ({ page, request }) => {
      await page.goto('/');
      await hydrated(page);
      const badge = page.getByTestId('cart-count');
      await expect(badge).toHaveText('0');
      await expect(badge).toBeVisible();
      const [r, g, b] = await paintedRgb(page, '[data-testid="cart-count"]');
      // Neutral: no channel stands out (red would be r ≫ g, b).
      expect(Math.max(r, g, b) - Math.min(r, g, b), `rgb(${r}, ${g}, ${b})`).toBeLessThan(30);

      const [product] = await plainProducts(request, 1);
      await page.goto(`/products/${product?.id}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(badge).toHaveText('1');
      const [r2, g2, b2] = await paintedRgb(page, '[data-testid="cart-count"]');
      expect(r2 - Math.max(g2, b2), `rgb(${r2}, ${g2}, ${b2})`).toBeLessThan(30);
    });

    test('a toast appears below the navbar, never over it', async ({ page, request }) => {
      const [product] = await plainProducts(request, 1);
      await page.goto(`/products/${product?.id}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const toast = toasts(page).filter({ hasText: 'Added to cart!' });
      await expect(toast).toBeVisible();
      const header = await page.locator('header').first().boundingBox();
      if (!header) throw new Error('no header');
      await expect.poll(() => toastsTop(page)).toBeGreaterThanOrEqual(header.y + header.height);

      // Scrolled down, the sticky navbar stays on top and the toast still below it. The first toast
      // leaves first: while it flies out (upwards, fading) it is not the one being measured.
      await expect(toast).toHaveCount(0);
      await page.mouse.wheel(0, 600);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const later = toasts(page).filter({ hasText: 'Added to cart!' }).first();
      await expect(later).toBeVisible();
      const headerNow = await page.locator('header').first().boundingBox();
      if (!headerNow) throw new Error('no header');
      await expect.poll(() => toastsTop(page)).toBeGreaterThanOrEqual(headerNow.y + headerNow.height);
    });

    test('an address with a broken %-escape shows the shop’s error page with 400, not JSON', async ({ page }) => {
      for (const path of ['/products/%E0%A4%A', '/%']) {
        const res = await page.goto(path);
        expect([path, res?.status()]).toEqual([path, 400]);
        expect(res?.headers()['content-type']).toMatch(/^text\/html/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Error 400')).toBeVisible();
        await expect(page.locator('body')).not.toContainText('"code"');
      }
      // A broken escape in the query is read as text: the listing renders.
      const listing = await page.goto('/products?x=%ZZ');
      expect(listing?.status()).toBe(200);
      await expect(page.getByRole('region', { name: 'Results' })).toBeVisible();
    });
  });
}

test('a shopper’s account page shows no role, at both widths', async ({ page, request }) => {
  const shopper = await newShopper(request, 'Wording');
  await signInPage(page, shopper);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/account');
    await expect(page.getByTestId('account-email')).toHaveText(shopper.user.email);
    await expect(page.getByTestId('account-role')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText('Customer');
  }
});
