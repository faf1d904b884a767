import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminPages, adminSignIn } from './support/admin.ts';
import { apiOrder } from './support/checkout.ts';
import { adminAccount, apiLogin } from './support/session.ts';

// Every admin page fits a 390 px phone with no sideways page scroll (wide tables
// scroll inside their own box), and on a desktop the sidebar's background reaches the bottom of a
// long page. The pages come from the route table, so a new admin route cannot escape the check.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

async function adminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const admin = await apiLogin(request, adminAccount);
  const res = await request.get(`/api/admin/${path}`, { headers: { authorization: `Bearer ${admin.access}` } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/**
 * What sticks out sideways: the page's scroll width, and every visible element whose box leaves the
 * viewport without a scrolling (or clipping) box around it that keeps it from widening the page.
 */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const contained = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const { overflowX } = getComputedStyle(p);
        if (overflowX !== 'visible') return p.getBoundingClientRect().right <= viewport + 0.5;
      }
      return false;
    };
    const offenders: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      // Boxes of a pixel are screen-reader-only text; an SVG's shapes are judged by the SVG itself.
      if (box.width <= 1 || box.height <= 1 || el.parentElement?.closest('svg')) continue;
      if (box.right <= viewport + 0.5 && box.left >= -0.5) continue;
      if (getComputedStyle(el).visibility === 'hidden' || contained(el)) continue;
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      offenders.push(
        `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${label}" ${box.left}–${box.right}`,
      );
    }
    return { scrollWidth: document.documentElement.scrollWidth, offenders: offenders.slice(0, 5) };
  });
}

/** Waits for a page's data: its h1, no loading line, no pending request. */
async function settled(page: Page) {
  await expect(page.locator('#admin-main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

async function expectFits(page: Page, what: string) {
  await settled(page);
  const found = await sidewaysOverflow(page);
  expect.soft(found.offenders, `${what}: elements wider than the screen`).toEqual([]);
  expect.soft(found.scrollWidth, `${what}: page width`).toBeLessThanOrEqual(PHONE.width);
}

/**
 * Writes a screenshot under docs/screenshots only when asked (`SCREENSHOTS=1`), so a plain run changes
 * no committed file. Lists are shown scrolled to their table, what a phone user comes for.
 */
async function screenshot(page: Page, name: string, atTable = true) {
  if (!process.env.SCREENSHOTS) return;
  await mkdir('docs/screenshots', { recursive: true });
  if (atTable) await page.locator('#admin-main table').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `docs/screenshots/${name}.png`, animations: 'disabled' });
  await page.evaluate(() => window.scrollTo(0, 0));
}

test('every admin page, detail and full-page view fits a 390 px phone without sideways scrolling', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // Something to open: a product, an order, a customer and a support ticket.
  const products = await adminGet<{ items: { id: string; available: number; published: boolean }[] }>(
    request,
    'products?limit=50',
  );
  const product = products.items.find((p) => p.published && p.available > 5) ?? products.items[0];
  if (!product) throw new Error('no product');
  const order = await apiOrder(request, { items: [{ product_id: product.id, quantity: 1 }] });
  const customers = await adminGet<{ items: { id: string }[] }>(request, 'customers?limit=1');
  const subject = `Phone ${randomUUID().slice(0, 6)}`;
  const contact = await request.post('/api/contact', {
    data: { email: 'phone-check@e2e.test', inquiry_type: 'general', subject, message: 'Does it fit?' },
  });
  expect(contact.status(), await contact.text()).toBeLessThan(300);
  const tickets = await adminGet<{ items: { id: string; subject: string }[] }>(
    request,
    `support/tickets?q=${encodeURIComponent(subject)}`,
  );
  const ticket = tickets.items.find((t) => t.subject === subject);
  if (!ticket) throw new Error('ticket not found');

  await page.setViewportSize(PHONE);
  await adminSignIn(page);

  const urls: string[] = adminPages().map(({ path }) => path.replace(':productId', product.id));
  expect(urls).toContain('/admin/orders');
  urls.push(
    `/admin/orders?order=${order.id}`,
    `/admin/customers?customer=${customers.items[0]?.id}`,
    `/admin/support?ticket=${ticket.id}`,
    '/admin/support?tab=errors',
    '/admin/support?tab=outbox',
  );
  for (const url of urls) {
    await page.goto(url);
    await expectFits(page, url);
    if (url === '/admin') await screenshot(page, 'admin-dashboard-390', false);
    if (url === '/admin/orders') await screenshot(page, 'admin-orders-390');
    if (url === '/admin/products') await screenshot(page, 'admin-products-390');
  }
});

test('at 1366 px the sidebar background runs down to the bottom of a long page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await adminSignIn(page);
  await page.goto('/admin/products');
  await settled(page);
  const long = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(long, 'the products page is longer than the screen').toBeGreaterThan(DESKTOP.height * 2);

  const sidebar = page.getByRole('complementary', { name: 'Admin sidebar' });
  for (const y of [0, long]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // The sidebar's column runs from the top of the page to its very end (a full-page screenshot
    // shows it whole), and its section links stay in view wherever the page is scrolled to.
    const box = await sidebar.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return {
        top: r.top + window.scrollY,
        bottom: r.bottom + window.scrollY,
        page: document.documentElement.scrollHeight,
        background: getComputedStyle(el).backgroundColor,
      };
    });
    expect(box.top).toBeLessThanOrEqual(0);
    expect(box.bottom).toBeGreaterThanOrEqual(box.page);
    expect(box.background).toBe('rgb(255, 255, 255)');
    await expect(
      page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Dashboard' }),
    ).toBeInViewport();
  }
});
