import type { reviewBody, reviewList } from '@shop/contracts/account';
import { ACCOUNT_MSG } from '@shop/contracts/account';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders, products, reviews, users } from '../../db/schema.ts';
import { conflict, forbidden } from '../../errors.ts';
import type { Deps } from '../../services.ts';
import type { CatalogService } from '../catalog/service.ts';
import { qualifyingPurchase, refreshProductRatings } from './visibility.ts';

export type ReviewInput = z.infer<typeof reviewBody>;
type ReviewList = z.infer<typeof reviewList>;
type Review = ReviewList['items'][number];

/** The newest reviews a product page shows; `count` still tells how many there are in all. */
export const REVIEW_LIST_LIMIT = 100;

/** Orders that will count once paid (issue 10 point 9): the customer is told to wait, not that they never bought. */
const UNPAID_STATUSES = ['awaiting_payment', 'placed', 'processing'] as const;

export const REVIEW_MSG = {
  notPaidYet: 'You can review this product once your order of it has been paid',
} as const;

/** "Ada L.": enough to tell reviewers apart without publishing a full name. */
const authorName = (firstName: string, lastName: string) =>
  lastName ? `${firstName} ${lastName.charAt(0)}.` : firstName;

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  createdAt: reviews.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

function toReview(row: {
  id: string;
  rating: number;
  title: string;
  body: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
}): Review {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    // Plain text, exactly as written: the web renders it as text, never as HTML (issue 4).
    body: row.body,
    author: authorName(row.firstName, row.lastName),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Product reviews (issue 4): customers who bought a product rate it 1–5 once; the product's
 * rating average and count — what the `rating` sort orders by — follow in the same transaction.
 * A review shows and counts only while its purchase does (issue 10 point 9: visibility.ts).
 */
export function createReviewsService({ db, clock }: Deps, { catalog }: { catalog: CatalogService }) {
  /** Has the (still enabled) user a qualifying purchase of the product (issue 10 point 9)? */
  async function hasBought(ex: Db | Tx, userId: string, productId: string): Promise<boolean> {
    const [row] = await ex
      .select({ ok: sql<boolean>`${qualifyingPurchase(userId, productId)}` })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.disabled, false)));
    return row?.ok === true;
  }

  /** Why a customer may not review: an order still unpaid is told apart from never having bought. */
  async function notABuyer(userId: string, productId: string) {
    const [pending] = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orderLines.productId, productId),
          inArray(orders.status, [...UNPAID_STATUSES]),
        ),
      )
      .limit(1);
    return forbidden(pending ? REVIEW_MSG.notPaidYet : ACCOUNT_MSG.notABuyer);
  }

  async function hasReviewed(userId: string, productId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
      .limit(1);
    return row !== undefined;
  }

  return {
    /**
     * The newest reviews of a published product (id or slug) with its average and count, and
     * whether the caller may write one (signed in, bought it, not reviewed yet). Only reviews whose
     * author still has a qualifying purchase are listed (issue 10 point 9).
     */
    async list(productKey: string, userId: string | undefined): Promise<ReviewList> {
      const product = await catalog.getProduct(productKey);
      const rows = await db
        .select(reviewColumns)
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(and(eq(reviews.productId, product.id), qualifyingPurchase(reviews.userId, reviews.productId)))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(REVIEW_LIST_LIMIT);
      const reviewed = userId !== undefined && (await hasReviewed(userId, product.id));
      const canReview = userId !== undefined && !reviewed && (await hasBought(db, userId, product.id));
      return {
        items: rows.map(toReview),
        average: product.rating,
        count: product.rating_count,
        can_review: canReview,
        reviewed,
      };
    },

    /**
     * Adds the caller's review. Only a customer with a paid (or shipped) purchase may (403), once per
     * product (409). The product row is locked before the purchase is checked and the review written,
     * and the figures are recomputed from all counted reviews, so parallel reviews (and cancels) of
     * one product serialise and the average stays exact.
     */
    async create(userId: string, productKey: string, input: ReviewInput): Promise<Review> {
      const product = await catalog.getProduct(productKey);
      const review = await db.transaction(async (tx) => {
        await tx.select({ id: products.id }).from(products).where(eq(products.id, product.id)).for('update');
        if (!(await hasBought(tx, userId, product.id))) throw await notABuyer(userId, product.id);
        const [inserted] = await tx
          .insert(reviews)
          .values({
            productId: product.id,
            userId,
            rating: input.rating,
            title: input.title,
            body: input.body,
            createdAt: clock.now(),
          })
          .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
          .returning({ id: reviews.id });
        if (!inserted) throw conflict(ACCOUNT_MSG.alreadyReviewed);
        await refreshProductRatings(tx, product.id);
        const [row] = await tx
          .select(reviewColumns)
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(eq(reviews.id, inserted.id));
        if (!row) throw new Error('review not saved');
        return toReview(row);
      });
      // Cached listing totals and counts may follow the ratings; drop them (the sort reads the table).
      catalog.invalidate();
      return review;
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
