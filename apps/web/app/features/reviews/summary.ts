import type { Review, ReviewList } from '@shop/contracts/account';
import { formatLongDate } from '../../lib/long-date.ts';
import { plural } from '../../lib/plural.ts';

/** What the page shows of a product's reviews; whether the viewer may write one is kept apart. */
export type ReviewSummary = Pick<ReviewList, 'items' | 'average' | 'count'>;

/**
 * The summary with a just-posted review: first in the list (newest first), counted, and in the
 * average — so the page shows it at once. The API rounds the stored average to 2 decimals; so does
 * this, from the figures the page has, until the next load brings the exact one.
 */
export function withReview(summary: ReviewSummary, review: Review): ReviewSummary {
  if (summary.items.some((r) => r.id === review.id)) return summary;
  const count = summary.count + 1;
  const average = Math.round(((summary.average * summary.count + review.rating) / count) * 100) / 100;
  return { items: [review, ...summary.items], average, count };
}

/** "4.5" — one decimal, as the product page shows ratings. */
export const formatAverage = (average: number) => average.toFixed(1);

/** A review's date, the same on the server and in every browser (UTC: no hydration mismatch). */
export const formatReviewDate = formatLongDate;

export const reviewCountLabel = (count: number) => plural(count, 'rating', 'ratings');
