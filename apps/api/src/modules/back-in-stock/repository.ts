import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productSubscribers, products, users } from '../../db/schema.ts';

/** Back-in-stock's SQL: one row per (product, user) waiting for a restock mail. */

/** Subscribes; subscribing again after a notification waits for the next restock (`notified_at` reset). */
export async function upsertSubscriber(db: Db, productId: string, userId: string, now: Date): Promise<void> {
  await db
    .insert(productSubscribers)
    .values({ productId, userId, createdAt: now })
    .onConflictDoUpdate({
      target: [productSubscribers.productId, productSubscribers.userId],
      set: { createdAt: now, notifiedAt: null },
    });
}

export async function deleteSubscriber(db: Db, productId: string, userId: string): Promise<void> {
  await db
    .delete(productSubscribers)
    .where(and(eq(productSubscribers.productId, productId), eq(productSubscribers.userId, userId)));
}

/** Whether the user waits for a restock mail of the product (not after it was sent). */
export async function isWaiting(db: Db, productId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ productId: productSubscribers.productId })
    .from(productSubscribers)
    .where(
      and(
        eq(productSubscribers.productId, productId),
        eq(productSubscribers.userId, userId),
        isNull(productSubscribers.notifiedAt),
      ),
    );
  return row !== undefined;
}

/** A subscriber claimed for one restock mail. */
export type ClaimedSubscriber = {
  email: string;
  first_name: string;
  name: string;
  slug: string;
};

/**
 * Claims every waiting subscriber of the given products that are published and in stock again: one
 * conditional UPDATE (`notified_at IS NULL` → now), so of two parallel calls each subscriber is claimed
 * by exactly one.
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
      and s.notified_at is null and p.available > 0 and p.published and not u.disabled
    returning u.email, u.first_name, p.name, p.slug`);
  return claimed.rows;
}
