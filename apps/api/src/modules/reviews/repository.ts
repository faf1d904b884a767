import type { reviewBody } from '@shop/contracts/account';
import { statesWhere } from '@shop/contracts/order-lifecycle';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { statusIn } from '../../db/order-status.ts';
import { orderLines, orders, products, productVariants, reviews, users } from '../../db/schema.ts';
import { qualifyingPurchase } from './visibility.ts';
import { type Review, reviewColumns, toReview } from './wire.ts';

/** The reviews' SQL. */

/** The newest reviews a product page shows; `count` still tells how many there are in all. */
export const REVIEW_LIST_LIMIT = 100;

/** Orders that will count once paid: the customer is told to wait, not that they never bought. */
const UNPAID_STATUSES = statesWhere((s) => !s.closed && s.reviews !== 'yes');

/** Orders whose purchases can be reviewed, now or once paid. */
const REVIEWABLE_STATUSES = statesWhere((s) => s.reviews !== 'no');

/** Has the (still enabled) user a qualifying purchase of the product? */
export async function hasBought(ex: Db | Tx, userId: string, productId: string): Promise<boolean> {
  const [row] = await ex
    .select({ ok: sql<boolean>`${qualifyingPurchase(userId, productId)}` })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.disabled, false)));
  return row?.ok === true;
}

/** Has the user an order of the product that is not paid yet? */
export async function hasUnpaidOrder(db: Db, userId: string, productId: string): Promise<boolean> {
  const [pending] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, userId), eq(orderLines.productId, productId), statusIn(UNPAID_STATUSES)))
    .limit(1);
  return pending !== undefined;
}

export async function hasReviewed(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The newest reviews of a product whose author still has a qualifying purchase. */
export async function selectShownReviews(db: Db, productId: string): Promise<Review[]> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(productVariants, eq(productVariants.id, reviews.variantId))
    .where(and(eq(reviews.productId, productId), qualifyingPurchase(reviews.userId, reviews.productId)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEW_LIST_LIMIT);
  return rows.map(toReview);
}

/** Locks the product row: reviews (and cancels) of one product serialise behind it. */
export async function lockProduct(tx: Tx, productId: string): Promise<void> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
}

/** Writes the user's review of the product; undefined when they have one already. */
export async function insertReview(
  tx: Tx,
  values: { productId: string; userId: string; input: z.infer<typeof reviewBody>; now: Date },
): Promise<string | undefined> {
  const [inserted] = await tx
    .insert(reviews)
    .values({
      productId: values.productId,
      userId: values.userId,
      // The variant the reviewer bought: that of their latest paid, shipped or delivered line.
      variantId: sql`(
        select ol.variant_id from ${orderLines} ol join ${orders} o on o.id = ol.order_id
        where o.user_id = ${values.userId} and ol.product_id = ${values.productId} and ol.variant_id is not null
          and ${statusIn(REVIEWABLE_STATUSES, sql.raw('o.status'))}
        order by o.created_at desc limit 1)`,
      rating: values.input.rating,
      title: values.input.title,
      body: values.input.body,
      createdAt: values.now,
    })
    .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
    .returning({ id: reviews.id });
  return inserted?.id;
}

export async function selectReview(tx: Tx, id: string): Promise<Review | undefined> {
  const [row] = await tx
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(productVariants, eq(productVariants.id, reviews.variantId))
    .where(eq(reviews.id, id));
  return row ? toReview(row) : undefined;
}
