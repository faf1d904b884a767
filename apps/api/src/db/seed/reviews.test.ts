import { describe, expect, it } from 'vitest';
import { generateCatalog } from './catalog.ts';
import { asDemoProduct, generateDemoOrders } from './demo-orders.ts';
import { generateDemoReviews } from './reviews.ts';
import { DEFAULT_SHIPPING_ZONES } from './settings.ts';

const now = new Date('2026-11-20T12:00:00Z');
const products = generateCatalog()
  .products.filter((p) => p.published)
  .map(asDemoProduct);
const data = generateDemoOrders(
  {
    products,
    taxRateBasisPoints: 800,
    zoneName: 'Everywhere',
    shipping: DEFAULT_SHIPPING_ZONES[0]?.methods ?? [],
    payLaterDays: 14,
    discounts: [],
    passwordHash: 'x',
    now,
  },
  100_001,
);

describe('demo reviews', () => {
  it('come only from customers who received the product, once each, after the delivery', () => {
    expect(data.reviews.length).toBeGreaterThan(300);
    const delivered = new Map<string, number>();
    for (const e of data.events) if (e.status === 'delivered') delivered.set(e.orderId, e.createdAt?.getTime() ?? 0);
    const received = new Map<string, number>(); // user/product → first delivery
    for (const o of data.orders) {
      const at = delivered.get(o.id);
      if (!o.userId || o.status !== 'delivered' || at === undefined) continue;
      for (const l of data.lines.filter((x) => x.orderId === o.id)) {
        const key = `${o.userId}/${l.productId}`;
        received.set(key, Math.min(received.get(key) ?? at, at));
      }
    }
    const seen = new Set<string>();
    for (const r of data.reviews) {
      const key = `${r.userId}/${r.productId}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      expect(received.has(key)).toBe(true);
      expect(r.createdAt?.getTime()).toBeGreaterThanOrEqual(received.get(key) ?? Number.POSITIVE_INFINITY);
      expect(r.createdAt?.getTime()).toBeLessThan(now.getTime());
    }
  });

  it('read like people wrote them, and their stars match their words', () => {
    for (const r of data.reviews) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.title.length).toBeGreaterThan(3);
      expect(r.body.length).toBeGreaterThan(30);
      if (r.rating === 5) expect(r.body).not.toMatch(/disappointed|sent it back|faded|missing|cracked/i);
      if (r.rating <= 2) expect(r.body).not.toMatch(/could not be happier|exactly what I was looking for/i);
    }
    // No product shows the same words twice, however many reviews it has.
    const said = new Set(data.reviews.map((r) => `${r.productId}/${r.body}`));
    expect(said.size).toBe(data.reviews.length);
    // Mostly liked, as in any shop, with some lower marks.
    const mean = data.reviews.reduce((s, r) => s + r.rating, 0) / data.reviews.length;
    expect(mean).toBeGreaterThan(3.6);
    expect(mean).toBeLessThan(4.6);
    expect(data.reviews.some((r) => r.rating <= 2)).toBe(true);
  });

  it('give the most bought products a few reviews each, and follow what was bought', () => {
    const perProduct = new Map<string, number>();
    for (const r of data.reviews) perProduct.set(r.productId, (perProduct.get(r.productId) ?? 0) + 1);
    const top = [...perProduct.values()].sort((a, b) => b - a);
    expect(top.slice(0, 20).every((n) => n >= 3)).toBe(true);
    // Wording follows the category: nobody praises the fit of a book.
    const category = new Map(products.map((p) => [p.id, p.categoryId]));
    for (const r of data.reviews) {
      if (category.get(r.productId) === 'books') expect(r.body).not.toMatch(/fit is true to size|assembly/i);
    }
  });

  it('is deterministic', () => {
    expect(
      generateDemoReviews({
        orders: data.orders,
        lines: data.lines,
        events: data.events,
        categoryOf: new Map(products.map((p) => [p.id, p.categoryId])),
        now,
      }),
    ).toEqual(data.reviews);
  });
});
