import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '../src/lib/invalidation.ts';
import { becomes, createTwoApps, quoteStatus, setMaintenance, type TwoApps } from './invalidation-fixtures.ts';
import { guestBody } from './orders-fixtures.ts';

/**
 * On the PostgreSQL transport (LISTEN/NOTIFY), two apps on one database as two server
 * processes: a change through A empties B's caches; a lost listener connection is reconnected and, since
 * messages may have been missed meanwhile, empties every cache. The bound is a deadline for polling, far
 * above the rule's 100 ms and far below the 5 s the settings cache would otherwise keep an old value.
 */
const VISIBLE_MS = 2_000;

let t: TwoApps;
beforeAll(async () => {
  t = await createTwoApps();
});
afterAll(() => t.close());

describe('cache invalidation between processes over PostgreSQL', () => {
  it('maintenance mode switched through A holds on B at once, and B counts the message', async () => {
    expect(await quoteStatus(t.b)).not.toBe(503); // B has the settings cached now
    const before = t.b.app.invalidation.stats().received;
    await setMaintenance(t.a, t.staff, true);
    expect(await becomes(async () => (await quoteStatus(t.b)) === 503, VISIBLE_MS)).toBe(true);
    expect(t.b.app.invalidation.stats().received).toBeGreaterThan(before);
    await setMaintenance(t.a, t.staff, false);
    expect(await becomes(async () => (await quoteStatus(t.b)) !== 503, VISIBLE_MS)).toBe(true);
  });

  it('an order placed and cancelled through A moves the stock B’s listings show', async () => {
    const inStock = async () =>
      (await t.b.app.inject({ url: '/api/products?in_stock=true&limit=1&sort=price-high' })).json() as {
        total: number;
        items: { id: string; available: number; colors: string[]; available_sizes: string[] }[];
      };
    const [product] = (await inStock()).items;
    if (!product) throw new Error('no product in stock');
    // One left (an admin adjustment, itself announced), so that an order of one sells it out.
    const adjust = await t.a.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/stock-adjustments`,
      headers: t.staff,
      payload: { delta: 1 - product.available, reason: 'one left' },
    });
    expect(adjust.statusCode).toBe(201);
    expect(await becomes(async () => (await inStock()).items[0]?.available === 1, VISIBLE_MS)).toBe(true);
    const before = (await inStock()).total; // B has this total cached now

    // The variant that holds the last unit (a product-wide adjustment takes from the variants in order).
    const { variants } = (await t.a.app.inject({ url: `/api/products/${product.id}/variants` })).json() as {
      variants: { id: string; available: number }[];
    };
    const last = variants.find((v) => v.available === 1);
    if (!last) throw new Error('no variant holds the last unit');
    const line = { product_id: product.id, variant_id: last.id, quantity: 1 };
    const order = await t.a.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: guestBody([line]),
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(await becomes(async () => (await inStock()).total === before - 1, VISIBLE_MS)).toBe(true);

    const cancel = await t.a.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${(order.json() as { id: string }).id}/cancel`,
      headers: t.staff,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    expect(await becomes(async () => (await inStock()).total === before, VISIBLE_MS)).toBe(true);
  });

  it('a listener that lost its connection reconnects and empties every cache (messages may have been missed)', async () => {
    expect(await quoteStatus(t.b)).not.toBe(503); // cached: off
    // A change no message announces (written behind the shop's back), then the listeners' connections cut.
    await t.a.pool.query('update store_settings set maintenance_mode = true');
    const resyncs = t.b.app.invalidation.stats().resyncs;
    const cut = await t.a.pool.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [LISTENER_NAME],
    );
    expect(cut.rowCount).toBe(2);
    expect(await becomes(async () => t.b.app.invalidation.stats().resyncs > resyncs, VISIBLE_MS)).toBe(true);
    expect(await quoteStatus(t.b)).toBe(503);
    // And the new connection carries messages again.
    await setMaintenance(t.a, t.staff, false);
    expect(await becomes(async () => (await quoteStatus(t.b)) !== 503, VISIBLE_MS)).toBe(true);
  });
});
