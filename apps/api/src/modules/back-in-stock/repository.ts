import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productSubscribers, products, productVariants, users } from '../../db/schema.ts';

/**
 * Back-in-stock's SQL: one row per (product, user, variant) waiting for a restock mail; variant null =
 * any variant of the product (the documented subscription).
 */

/** The subscription of the user to the product's variant, or to the product when `variantId` is null. */
const subscription = (productId: string, userId: string, variantId: string | null): SQL | undefined =>
  and(
    eq(productSubscribers.productId, productId),
    eq(productSubscribers.userId, userId),
    variantId === null ? isNull(productSubscribers.variantId) : eq(productSubscribers.variantId, variantId),
  );

/** Subscribes; subscribing again after a notification waits for the next restock (`notified_at` reset). */
export async function upsertSubscriber(
  db: Db,
  sub: { productId: string; userId: string; variantId: string | null },
  now: Date,
): Promise<void> {
  await db
    .insert(productSubscribers)
    .values({ ...sub, createdAt: now })
    .onConflictDoUpdate({
      target: [productSubscribers.productId, productSubscribers.userId, productSubscribers.variantId],
      set: { createdAt: now, notifiedAt: null },
    });
}

export async function deleteSubscriber(db: Db, productId: string, userId: string, variantId: string | null) {
  await db.delete(productSubscribers).where(subscription(productId, userId, variantId));
}

/** Whether the user waits for a restock mail of the product's variant, or of the product (not after it was sent). */
export async function isWaiting(db: Db, productId: string, userId: string, variantId: string | null) {
  const [row] = await db
    .select({ productId: productSubscribers.productId })
    .from(productSubscribers)
    .where(and(subscription(productId, userId, variantId), isNull(productSubscribers.notifiedAt)));
  return row !== undefined;
}

/** The variant's stock, when it is one of the product's. */
export async function variantOfProduct(db: Db, productId: string, variantId: string) {
  const [row] = await db
    .select({ available: productVariants.available })
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  return row;
}

/** A subscription claimed for one restock mail; `variant` names the variant's values, null for the product. */
export type ClaimedSubscriber = {
  email: string;
  first_name: string;
  name: string;
  slug: string;
  variant: string | null;
};

/**
 * Claims every waiting subscription of the given products whose wait is over: a product-level one when
 * the product is published and in stock again, a variant's when that variant is. One conditional UPDATE
 * (`notified_at IS NULL` → now), so of two parallel calls each subscription is claimed by exactly one.
 */
export async function claimSubscribers(db: Db | Tx, ids: string[], now: Date): Promise<ClaimedSubscriber[]> {
  const claimed = await db.execute<ClaimedSubscriber>(sql`
    update ${productSubscribers} s set notified_at = ${now}
    from ${products} p, ${users} u
    where p.id = s.product_id and u.id = s.user_id
      and s.product_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      and s.notified_at is null and p.published and not u.disabled
      and case when s.variant_id is null then p.available > 0
        else exists (select 1 from ${productVariants} v where v.id = s.variant_id and v.available > 0) end
    returning u.email, u.first_name, p.name, p.slug,
      (select concat_ws(' / ', v.option1, v.option2, v.option3) from ${productVariants} v where v.id = s.variant_id)
        as variant`);
  return claimed.rows;
}
