import type { reviewBody, reviewList } from '@shop/contracts/account';
import { ACCOUNT_MSG } from '@shop/contracts/account';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, products, reviews, users } from '../../db/schema.ts';
import { conflict, forbidden } from '../../errors.ts';
import type { Deps } from '../../services.ts';
import type { CatalogService } from '../catalog/service.ts';

export type ReviewInput = z.infer<typeof reviewBody>;
type ReviewList = z.infer<typeof reviewList>;
type Review = ReviewList['items'][number];

/** The newest reviews a product page shows; `count` still tells how many there are in all. */
export const REVIEW_LIST_LIMIT = 100;

/**
 * Order statuses that mean the customer has the product or paid for it: a cancelled, refunded or
 * unpaid order does not make a buyer (issue 4).
 */
const BUYER_STATUSES = ['placed', 'paid', 'processing', 'shipped', 'delivered'] as const;

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
 */
export function createReviewsService({ db, clock }: Deps, { catalog }: { catalog: CatalogService }) {
  /** Did the (still enabled) user buy the product? An order in a buyer status with a line of it. */
  async function hasBought(userId: string, productId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orderLines.productId, productId),
          inArray(orders.status, [...BUYER_STATUSES]),
          eq(users.disabled, false),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async function hasReviewed(userId: string, productId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Adds one rating to the product's figures. The seeded ratings of the demo catalogue stand for
   * earlier ratings without written reviews, so figures grow from them rather than being recounted
   * from the reviews table. The caller holds the product row lock.
   */
  async function addRating(tx: Pick<Db, 'execute'>, productId: string, rating: number) {
    await tx.execute(sql`
      update ${products} set
        rating_sum = rating_sum + ${rating},
        rating_count = rating_count + 1,
        rating_average = round((rating_sum + ${rating})::numeric / (rating_count + 1), 2)
      where id = ${productId}`);
  }

  return {
    /**
     * The newest reviews of a published product (id or slug) with its average and count, and
     * whether the caller may write one (signed in, bought it, not reviewed yet).
     */
    async list(productKey: string, userId: string | undefined): Promise<ReviewList> {
      const product = await catalog.getProduct(productKey);
      const rows = await db
        .select(reviewColumns)
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(eq(reviews.productId, product.id))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(REVIEW_LIST_LIMIT);
      const reviewed = userId !== undefined && (await hasReviewed(userId, product.id));
      const canReview = userId !== undefined && !reviewed && (await hasBought(userId, product.id));
      return {
        items: rows.map(toReview),
        average: product.rating,
        count: product.rating_count,
        can_review: canReview,
        reviewed,
      };
    },

    /**
     * Adds the caller's review. Only a buyer may (403), once per product (409). The product row is
     * locked before the review is written and the figures are recomputed from all reviews, so
     * parallel reviews of one product serialise and the average stays exact.
     */
    async create(userId: string, productKey: string, input: ReviewInput): Promise<Review> {
      const product = await catalog.getProduct(productKey);
      if (!(await hasBought(userId, product.id))) throw forbidden(ACCOUNT_MSG.notABuyer);

      const review = await db.transaction(async (tx) => {
        await tx.select({ id: products.id }).from(products).where(eq(products.id, product.id)).for('update');
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
        await addRating(tx, product.id, input.rating);
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
