import type { Review } from '@shop/contracts/account';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatReviewDate, reviewCountLabel, withReview } from './summary.ts';

const review = (id: string, rating: number): Review => ({
  id,
  rating,
  title: 'Title',
  body: 'Body',
  author: 'Ada L.',
  variant: null,
  created_at: '2030-01-01T10:00:00.000Z',
});

describe('withReview', () => {
  it('puts the new review first, counts it and moves the average', () => {
    const before = { items: [review('a', 5)], average: 5, count: 1 };
    const after = withReview(before, review('b', 2));
    expect(after.items.map((r) => r.id)).toEqual(['b', 'a']);
    expect(after).toMatchObject({ count: 2, average: 3.5 });
    // The page's state is not changed in place.
    expect(before).toEqual({ items: [review('a', 5)], average: 5, count: 1 });
  });

  it('rounds the average to 2 decimals like the API', () => {
    const two = { items: [review('a', 4), review('b', 5)], average: 4.5, count: 2 };
    expect(withReview(two, review('c', 5)).average).toBe(4.67);
  });

  it('counts a review only once (a repeated answer changes nothing)', () => {
    const once = withReview({ items: [], average: 0, count: 0 }, review('a', 3));
    expect(withReview(once, review('a', 3))).toBe(once);
    expect(once).toMatchObject({ count: 1, average: 3 });
  });

  it('stays as close to the exact mean as 2-decimal rounding allows, whatever the ratings', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 60 }), (ratings) => {
        const summary = ratings.reduce((s, rating, i) => withReview(s, review(String(i), rating)), {
          items: [] as Review[],
          average: 0,
          count: 0,
        });
        const mean = ratings.reduce((a, b) => a + b, 0) / ratings.length;
        expect(summary.count).toBe(ratings.length);
        expect(summary.items.map((r) => r.rating)).toEqual([...ratings].reverse());
        // Each step rounds by at most 0.005; weighted by the count, the error stays within 0.0025·(n+1).
        expect(Math.abs(summary.average - mean)).toBeLessThanOrEqual(0.0025 * (ratings.length + 1) + 1e-9);
        expect(summary.average).toBeGreaterThanOrEqual(1);
        expect(summary.average).toBeLessThanOrEqual(5);
      }),
    );
  });
});

describe('texts', () => {
  it('dates a review in UTC, the same on the server and in every browser', () => {
    expect(formatReviewDate('2030-01-01T23:30:00.000Z')).toBe('January 1, 2030');
  });

  it('says rating or ratings (seeded ratings count too, not only written reviews)', () => {
    expect(reviewCountLabel(1)).toBe('1 rating');
    expect(reviewCountLabel(1234)).toBe('1,234 ratings');
  });
});
