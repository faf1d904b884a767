import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AdminSettings } from '@shop/contracts/admin-settings';
import type { Order, Quote } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { mailOutbox, orderLines, productVariants } from '../src/db/schema.ts';
import { currentSettings } from './admin-store-fixtures.ts';
import { authHeaders, createProduct, freshIp } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { BANK_DETAILS } from './invoice-fixtures.ts';
import { guestBody, MANY_ORDERS, placeOrder, quote, userBody } from './orders-fixtures.ts';
import { pdfText } from './pdf-text.ts';

/*
 * What staff ship is the variant the shopper chose: every option of it and its SKU travel with the order
 * line — the quote, the order answer, the confirmation mail, the admin order, the invoice PDF and the
 * sales-by-SKU report — frozen when the order is placed.
 */

let t: TestApp;
let original: AdminSettings;
beforeAll(async () => {
  t = await createTestApp(MANY_ORDERS);
  original = await currentSettings(t);
  const admin = await authHeaders(t, await createUser(t, { role: 'admin' }));
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: admin,
    payload: { ...original, ...BANK_DETAILS },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t.close());

const SILVER_128 = [
  { name: 'Color', value: 'Silver' },
  { name: 'Storage', value: '128GB' },
];

/** A tablet sold in two colours × two storage sizes: Storage is neither colour nor size. */
async function tablet() {
  const product = await createProduct(t, {
    name: `Tablet mini ${randomUUID().slice(0, 4)}`,
    options: [
      { name: 'Color', values: ['Silver', 'Space Grey'] },
      { name: 'Storage', values: ['128GB', '256GB'] },
    ],
    available: 40,
  });
  const silver128 = product.variants.find((v) => v.option1 === 'Silver' && v.option2 === '128GB');
  if (!silver128) throw new Error('variant missing');
  return { product, silver128 };
}

const asAdmin = async () => authHeaders(t, await createUser(t, { role: 'admin' }));

describe('an order line names every option of its variant and its SKU', () => {
  it('in the quote and the order answer, for a guest', async () => {
    const { product, silver128 } = await tablet();
    const body = guestBody([{ product_id: product.id, variant_id: silver128.id, quantity: 1 } as never]);
    const q = await quote(t, body);
    expect(q.statusCode).toBe(200);
    expect((q.json() as Quote).lines).toEqual([
      expect.objectContaining({ variant_id: silver128.id, sku: silver128.sku, options: SILVER_128 }),
    ]);

    const placed = await placeOrder(t, body, { ip: freshIp() });
    expect(placed.statusCode).toBe(201);
    expect((placed.json() as Order).lines).toEqual([
      expect.objectContaining({ variant_id: silver128.id, sku: silver128.sku, options: SILVER_128 }),
    ]);
  });

  it('in the confirmation mail, the admin order, the invoice PDF and the SKU report — and stays after the variant changes', async () => {
    const { product, silver128 } = await tablet();
    const user = await createUser(t);
    const headers = await authHeaders(t, user);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/products/add-to-cart',
      headers,
      payload: { product_id: product.id, variant_id: silver128.id, quantity: 2 },
    });
    expect(added.statusCode).toBe(200);
    const placed = await placeOrder(t, userBody(), { headers, ip: freshIp() });
    expect(placed.statusCode).toBe(201);
    const order = placed.json() as Order;
    await t.drain();

    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mail?.text).toContain(`2 × ${product.name} (Colour: Silver, Storage: 128GB; SKU ${silver128.sku})`);

    // Staff rename the option value and then delete the variant: what was sold does not change.
    await t.db.update(productVariants).set({ option2: '128 GB' }).where(eq(productVariants.id, silver128.id));
    await t.db.delete(productVariants).where(eq(productVariants.id, silver128.id));

    const admin = await asAdmin();
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: admin });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().lines).toEqual([expect.objectContaining({ sku: silver128.sku, options: SILVER_128 })]);

    const own = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers });
    expect((own.json() as Order).lines).toEqual([expect.objectContaining({ options: SILVER_128 })]);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice.pdf`, headers });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Colour: Silver · Storage: 128GB');
    // A long SKU wraps in its column.
    expect(text.replace(/ /g, '')).toContain(`SKU${silver128.sku}`);

    const day = t.clock.now().toISOString().slice(0, 10);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/skus?from=${day}&to=${day}&limit=1000&format=csv`,
      headers: admin,
    });
    expect(csv.statusCode).toBe(200);
    const row = csv.body.split('\n').find((l) => l.startsWith(silver128.sku));
    expect(row).toContain('Color: Silver / Storage: 128GB');
  });
});

describe('lines stored before options were frozen', () => {
  it('read their colour and size as options', async () => {
    const { product, silver128 } = await tablet();
    const placed = await placeOrder(
      t,
      guestBody([{ product_id: product.id, variant_id: silver128.id, quantity: 1 } as never]),
      { ip: freshIp() },
    );
    const order = placed.json() as Order;
    await t.db
      .update(orderLines)
      .set({ options: [], color: 'Silver', size: null })
      .where(eq(orderLines.orderId, order.id));
    const admin = await asAdmin();
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: admin });
    expect(detail.json().lines).toEqual([expect.objectContaining({ options: [{ name: 'Color', value: 'Silver' }] })]);
  });
});

describe('the upgrade that froze options (migration 0004)', () => {
  it('fills a line from its variant under the product option names, else from its colour and size', async () => {
    const { product, silver128 } = await tablet();
    const one = async () => {
      const placed = await placeOrder(
        t,
        guestBody([{ product_id: product.id, variant_id: silver128.id, quantity: 1 } as never]),
        { ip: freshIp() },
      );
      return (placed.json() as Order).id;
    };
    const withVariant = await one();
    const orphan = await one();
    await t.db
      .update(orderLines)
      .set({ options: [], color: 'Silver', size: null })
      .where(eq(orderLines.orderId, withVariant));
    await t.db
      .update(orderLines)
      .set({ options: [], variantId: null, color: 'Silver', size: 'L' })
      .where(eq(orderLines.orderId, orphan));

    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0004_order_line_options.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "order_lines"'));
    expect(backfill).toBeDefined();
    await t.pool.query(backfill ?? '');

    const optionsOf = async (orderId: string) =>
      (await t.db.select({ options: orderLines.options }).from(orderLines).where(eq(orderLines.orderId, orderId)))[0]
        ?.options;
    expect(await optionsOf(withVariant)).toEqual(SILVER_128);
    expect(await optionsOf(orphan)).toEqual([
      { name: 'Color', value: 'Silver' },
      { name: 'Size', value: 'L' },
    ]);
  });
});
