import type { Category, Product, ProductList } from '@shop/contracts/catalog';
import { formatMoney, toCents } from '@shop/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopEverything } from './harness.ts';
import { json, receivedLatencies, startTwoShops, visibleWithin } from './two-shops.ts';

/**
 * An admin change made through one process is what every other process answers at once.
 * Two real shops on one PostgreSQL (LISTEN/NOTIFY, the default transport); every change is made through A
 * and read from B. Each check first reads B so that B has just cached the old value, then changes it through
 * A, then polls B.
 *
 * The bound: the rule is 100 ms; B is polled for up to VISIBLE_MS, a generous margin for a busy shared
 * machine. The caches it replaces keep an old value for their whole lifetime after B read it: 5 s for the
 * menu counts, listing totals and the settings (maintenance mode) — so each check fails on a shop without
 * cross-process invalidation. B's own latencies (A's publish to B's receipt) are printed.
 */
const VISIBLE_MS = 2_000;

let shops: Awaited<ReturnType<typeof startTwoShops>>;

beforeAll(async () => {
  shops = await startTwoShops();
});
afterAll(async () => {
  // The figure: B's own latency from A's publish to B's receipt (the bench has more).
  console.log(`B received invalidations after (ms): ${JSON.stringify(receivedLatencies(shops.b))}`);
  await stopEverything();
});

const listing = (query: string) => json<ProductList>(shops.b.api(`products?${query}`));
const patchProduct = (id: string, body: unknown) =>
  json(shops.a.api(`admin/products/${id}`, { method: 'PATCH', headers: shops.staff, body: JSON.stringify(body) }));

describe('an admin change through one process is visible on another at once', () => {
  it('a price: the listing and its totals', async () => {
    // The most expensive product, and every product priced up to it: a full page whose total is counted.
    const [top] = (await listing('sort=price-high&limit=1')).items as [Product];
    const upToTop = `max_price=${top.sale_price}&limit=1&sort=newest`;
    const before = await listing(upToTop);
    expect(before.total).toBeGreaterThan(1);
    const price = top.regular_price + 1_000;

    await patchProduct(top.id, { regular_price: price, sale_price: price });
    await visibleWithin(
      'the new price on B',
      async () => [(await listing('sort=price-high&limit=1')).items[0], (await listing(upToTop)).total] as const,
      ([first, total]) => first?.id === top.id && first.sale_price === price && total === before.total - 1,
      VISIBLE_MS,
    );
  });

  it('a publish flag: the menu counts and the listing', async () => {
    const [product] = (await listing('sort=newest&limit=1')).items as [Product];
    const count = async () =>
      (await json<Category[]>(shops.b.api('categories'))).find((c) => c.id === product.category);
    const before = await count();
    expect(before?.count).toBeGreaterThan(0);

    const res = await shops.a.api('admin/products/bulk-publish', {
      method: 'POST',
      headers: shops.staff,
      body: JSON.stringify({ ids: [product.id], published: false }),
    });
    expect(res.status).toBe(200);
    await visibleWithin(
      'the unpublished product gone from B',
      async () => [(await count())?.count, (await listing('sort=newest&limit=1')).items[0]?.id] as const,
      ([n, first]) => n === (before?.count ?? 0) - 1 && first !== product.id,
      VISIBLE_MS,
    );
  });

  it('stock: the in-stock listing total and the product in the listing', async () => {
    const inStock = 'in_stock=true&limit=1&sort=price-low';
    const before = await listing(inStock);
    const [cheapest] = before.items as [Product];
    expect(before.total).toBeGreaterThan(1);

    const res = await shops.a.api(`admin/products/${cheapest.id}/stock-adjustments`, {
      method: 'POST',
      headers: shops.staff,
      body: JSON.stringify({ delta: -cheapest.available, reason: 'ops test: sold out elsewhere' }),
    });
    expect(res.status).toBe(201);
    await visibleWithin(
      'the sold-out product out of B’s in-stock listing',
      async () => (await listing(inStock)) as ProductList,
      (after) => after.total === before.total - 1 && after.items[0]?.id !== cheapest.id,
      VISIBLE_MS,
    );
  });

  it('maintenance mode, on and off again: shoppers’ changes answer 503 on B, then work again', async () => {
    // A shopper's change (a quote of an empty cart: 400/422 by its rules, 503 in maintenance).
    const quote = async () => (await shops.b.api('checkout/quote', { method: 'POST', body: '{}' })).status;
    expect(await quote()).not.toBe(503);
    const settings = await json<Record<string, unknown>>(shops.a.api('admin/settings', { headers: shops.staff }));
    const put = (on: boolean) =>
      json(
        shops.a.api('admin/settings', {
          method: 'PUT',
          headers: shops.staff,
          body: JSON.stringify({ ...settings, maintenance_mode: on }),
        }),
      );

    await put(true);
    await visibleWithin('maintenance on B', quote, (s) => s === 503, VISIBLE_MS);
    // B has just read the settings again: without invalidation it would keep "on" for its cache time.
    await put(false);
    await visibleWithin('maintenance off on B', quote, (s) => s !== 503, VISIBLE_MS);
  });

  it('a price on the product page (the page cache): the next view on A, and on B once it heard', async () => {
    const [product] = (await listing('sort=newest&limit=1')).items as [Product];
    const pageOf = async (shop: typeof shops.a) => {
      const res = await fetch(`${shop.url}/products/${product.id}`);
      expect(res.status).toBe(200);
      return { html: await res.text(), etag: res.headers.get('etag') };
    };
    // Both processes hold the page now: the second view of each is the cached one (same validator).
    for (const shop of [shops.a, shops.b]) {
      const first = await pageOf(shop);
      expect(first.etag).toBeTruthy();
      expect((await pageOf(shop)).etag).toBe(first.etag);
    }
    const price = product.regular_price + 123;
    const heard = receivedLatencies(shops.b).length;

    await patchProduct(product.id, { regular_price: price, sale_price: price });
    // A made the change: its very next view shows it.
    expect((await pageOf(shops.a)).html).toContain(formatMoney(toCents(price)));
    // B shows it on the first view after the message reached it (a deadline for the message, not a figure).
    await visibleWithin(
      'A’s message on B',
      async () => receivedLatencies(shops.b).length,
      (n) => n > heard,
      VISIBLE_MS,
    );
    expect((await pageOf(shops.b)).html).toContain(formatMoney(toCents(price)));
  });

  it('B heard every change from A over the database (LISTEN/NOTIFY), not by its caches expiring', () => {
    const latencies = receivedLatencies(shops.b);
    // Price, publish, stock, maintenance on and off: at least one message each.
    expect(latencies.length).toBeGreaterThanOrEqual(5);
  });
});
