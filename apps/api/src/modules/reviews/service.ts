import type { reviewBody } from '@shop/contracts/account';
import type { z } from 'zod';
import { transactionResult } from '../../db/transaction.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { CatalogService, ProductNotFound } from '../catalog/index.ts';
import {
  hasBought,
  hasReviewed,
  hasUnpaidOrder,
  insertReview,
  lockProduct,
  selectReview,
  selectShownReviews,
} from './repository.ts';
import { refreshProductRatings } from './visibility.ts';
import type { Review, ReviewList } from './wire.ts';

export type ReviewInput = z.infer<typeof reviewBody>;

/**
 * Why a review was not written: no such product; the customer's order of it is not paid yet; they never
 * bought it (the two are told apart); or they reviewed it already.
 */
export type ReviewFailure =
  | ProductNotFound
  | Failure<'not_paid_yet'>
  | Failure<'not_a_buyer'>
  | Failure<'already_reviewed'>;

/**
 * Product reviews: customers who bought a product rate it 1–5 once; the product's
 * rating average and count — what the `rating` sort orders by — follow in the same transaction.
 * A review shows and counts only while its purchase does (visibility.ts).
 */
export function createReviewsService({ db, clock }: Deps, { catalog }: { catalog: CatalogService }) {
  return {
    /**
     * The newest reviews of a published product (id or slug) with its average and count, and
     * whether the caller may write one (signed in, bought it, not reviewed yet). Only reviews whose
     * author still has a qualifying purchase are listed.
     */
    async list(productKey: string, userId: string | undefined): Promise<Result<ReviewList, ProductNotFound>> {
      const found = await catalog.getProduct(productKey);
      if (!found.ok) return found;
      const product = found.value;
      const items = await selectShownReviews(db, product.id);
      const reviewed = userId !== undefined && (await hasReviewed(db, userId, product.id));
      const canReview = userId !== undefined && !reviewed && (await hasBought(db, userId, product.id));
      return ok({
        items,
        average: product.rating,
        count: product.rating_count,
        can_review: canReview,
        reviewed,
      });
    },

    /**
     * Adds the caller's review. Only a customer with a paid (or shipped) purchase may, once per
     * product. The product row is locked before the purchase is checked and the review written,
     * and the figures are recomputed from all counted reviews, so parallel reviews (and cancels) of
     * one product serialise and the average stays exact.
     */
    async create(userId: string, productKey: string, input: ReviewInput): Promise<Result<Review, ReviewFailure>> {
      const found = await catalog.getProduct(productKey);
      if (!found.ok) return found;
      const productId = found.value.id;
      const written = await transactionResult<Review, ReviewFailure>(db, async (tx) => {
        await lockProduct(tx, productId);
        if (!(await hasBought(tx, userId, productId))) {
          return fail((await hasUnpaidOrder(db, userId, productId)) ? 'not_paid_yet' : 'not_a_buyer');
        }
        const id = await insertReview(tx, { productId, userId, input, now: clock.now() });
        if (!id) return fail('already_reviewed');
        await refreshProductRatings(tx, productId);
        const review = await selectReview(tx, id);
        if (!review) throw new Error('review not saved');
        return ok(review);
      });
      // Cached listing totals and counts may follow the ratings; drop them (the sort reads the table).
      if (written.ok) await catalog.invalidate();
      return written;
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
