import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminSignIn } from './support/admin.ts';
import { apiOrder } from './support/checkout.ts';
import { adminAccount, apiLogin } from './support/session.ts';
import { addToServerCart, newShopper } from './support/shopper.ts';

// Who wrote a ticket, what an audit entry is about,
// category names rather than ids, and counts with the right plural. Each at 1366 and 390 px.

async function asAdmin(request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown) {
  const admin = await apiLogin(request, adminAccount);
  const res = await request[method](`/api/admin/${path}`, {
    headers: { authorization: `Bearer ${admin.access}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/**
 * A product on sale with stock to spare, away from the first page other specs take theirs from. From the
 * storefront's list: the admin's also holds drafts (an import's, say), which cannot be ordered.
 */
async function productWithStock(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const res = await request.get('/api/products?limit=50&page=3&in_stock=true');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string; name: string; available: number }[] };
  const product = items.find((p) => p.available >= 20);
  if (!product) throw new Error('no product with stock');
  return product;
}

async function ticketBySubject(request: APIRequestContext, subject: string): Promise<string> {
  const { items } = await asAdmin(request, 'get', `support/tickets?q=${encodeURIComponent(subject)}`);
  const ticket = (items as { id: string; subject: string }[]).find((t) => t.subject === subject);
  if (!ticket) throw new Error(`no ticket ${subject}`);
  return ticket.id;
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a ticket says who wrote it: the name and e-mail, or the e-mail alone, never an empty name', async ({
      page,
      request,
    }) => {
      const tag = randomUUID().slice(0, 6);
      const anonymous = { email: `nameless-${tag}@e2e.test`, subject: `No name ${tag}` };
      const named = { email: `ada-${tag}@e2e.test`, subject: `With name ${tag}`, name: 'Ada Lovelace' };
      for (const message of [anonymous, named]) {
        const res = await request.post('/api/contact', {
          data: { inquiry_type: 'general', message: 'Hello there', ...message },
        });
        expect(res.status(), await res.text()).toBeLessThan(300);
      }
      await adminSignIn(page);

      await page.goto(`/admin/support?ticket=${await ticketBySubject(request, anonymous.subject)}`);
      const from = (p: Page) => p.getByText(/^From /);
      await expect(from(page)).toHaveText(new RegExp(`^From ${anonymous.email} · general · `));
      await expect(from(page)).not.toContainText('<');

      await page.goto(`/admin/support?ticket=${await ticketBySubject(request, named.subject)}`);
      await expect(from(page)).toHaveText(new RegExp(`^From Ada Lovelace <${named.email}> · general · `));

      await page.goto('/admin/support');
      await page.getByLabel('Search tickets').fill(tag);
      const row = page.getByRole('row').filter({ hasText: named.subject });
      await expect(row).toContainText('Ada Lovelace');
      await expect(row).toContainText(named.email);
    });

    test('the audit log names the order by its number and the product by its name', async ({ page, request }) => {
      const product = await productWithStock(request);
      const order = await apiOrder(request, { items: [{ product_id: product.id, quantity: 1 }] });
      await asAdmin(request, 'post', `orders/${order.id}/cancel`, { reason: 'Wording check' });
      const reason = `Recount ${randomUUID().slice(0, 6)}`;
      await asAdmin(request, 'post', `products/${product.id}/stock-adjustments`, { delta: 1, reason });

      await adminSignIn(page);
      await page.goto(`/admin/audit-log?entity_type=order`);
      await page.getByLabel('Action').fill('order.cancel');
      const cancelled = page.getByRole('row').filter({ hasText: order.number });
      await expect(cancelled).toHaveCount(1);
      await expect(cancelled.getByRole('link', { name: order.number })).toHaveAttribute(
        'href',
        `/admin/orders?order=${order.id}`,
      );

      await page.goto('/admin/audit-log?entity_type=product');
      await page.getByLabel('Action').fill('stock.adjust');
      const adjusted = page.getByRole('row').filter({ hasText: product.name }).first();
      await expect(adjusted).toBeVisible();
      await expect(adjusted.getByRole('link', { name: product.name })).toHaveAttribute(
        'href',
        `/admin/products/view-product/${product.id}`,
      );
    });

    test('the product list shows category names, not ids', async ({ page, request }) => {
      const options = (await asAdmin(request, 'get', 'product-options')) as {
        categories: { id: string; name: string }[];
      };
      const names = options.categories.map((c) => c.name);
      expect(names.length).toBeGreaterThan(0);
      await adminSignIn(page);
      await page.goto('/admin/products');
      const table = page.getByRole('table', { name: 'Products' });
      await expect(table.locator('tbody tr').first().getByRole('link').first()).toBeVisible();
      const column = await table.locator('thead th').allTextContents();
      const at = column.findIndex((h) => h.trim() === 'Category');
      const shown = await table.locator(`tbody tr td:nth-child(${at + 1})`).allTextContents();
      expect(shown.length).toBeGreaterThan(0);
      // Every cell is a display name ("Home & Garden"), none an id ("home").
      expect(shown.filter((c) => !names.includes(c))).toEqual([]);
    });

    test('a customer with one order reads "1 order"', async ({ page, request }) => {
      const shopper = await newShopper(request, `Plural${viewport.width}`);
      const product = await productWithStock(request);
      await addToServerCart(request, shopper, product.id, 1);
      await apiOrder(request, { shopper });
      await adminSignIn(page);
      await page.goto(`/admin/customers?customer=${shopper.user.id}`);
      await expect(page.getByText(/^1 order · gross/)).toBeVisible();
    });
  });
}
