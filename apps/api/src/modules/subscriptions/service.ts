import { ACCOUNT_MSG, type SubscriptionStatus } from '@shop/contracts/account';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { productSubscribers, products, users } from '../../db/schema.ts';
import { unprocessable } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import type { CatalogService } from '../catalog/service.ts';

/**
 * Back in stock (issue 4, spec §3 Product.subscribers): 'Notify me' on an out-of-stock product,
 * and one mail per subscriber when it is restocked.
 */
export function createSubscriptionsService(
  { db, clock, mailer, publicUrl }: Deps,
  { catalog }: { catalog: CatalogService },
) {
  return {
    /**
     * Subscribes the caller to a published, out-of-stock product (422 while it is in stock).
     * Subscribing again after a notification waits for the next restock: `notified_at` is reset.
     */
    async subscribe(userId: string, productKey: string): Promise<SubscriptionStatus> {
      const product = await catalog.getProduct(productKey);
      if (product.available > 0) throw unprocessable(ACCOUNT_MSG.inStock);
      await db
        .insert(productSubscribers)
        .values({ productId: product.id, userId, createdAt: clock.now() })
        .onConflictDoUpdate({
          target: [productSubscribers.productId, productSubscribers.userId],
          set: { createdAt: clock.now(), notifiedAt: null },
        });
      return { subscribed: true };
    },

    /** Ends the caller's subscription; fine when there was none. */
    async unsubscribe(userId: string, productKey: string): Promise<SubscriptionStatus> {
      const product = await catalog.getProduct(productKey);
      await db
        .delete(productSubscribers)
        .where(and(eq(productSubscribers.productId, product.id), eq(productSubscribers.userId, userId)));
      return { subscribed: false };
    },

    /** Whether the caller waits for a restock mail of this product (not after it was sent). */
    async status(userId: string, productKey: string): Promise<SubscriptionStatus> {
      const product = await catalog.getProduct(productKey);
      const [row] = await db
        .select({ productId: productSubscribers.productId })
        .from(productSubscribers)
        .where(
          and(
            eq(productSubscribers.productId, product.id),
            eq(productSubscribers.userId, userId),
            isNull(productSubscribers.notifiedAt),
          ),
        );
      return { subscribed: row !== undefined };
    },

    /**
     * Mails every waiting subscriber of the given products that are published and in stock again,
     * once: claiming a subscription is one conditional UPDATE (`notified_at IS NULL` → now), so of
     * two parallel calls — or a retry — each subscriber is claimed, and mailed, by exactly one.
     * Call it after the restock has committed. Answers the number of mails sent.
     */
    async notifyBackInStock(productIds: readonly string[]): Promise<number> {
      const ids = [...new Set(productIds.filter((id) => isUuid(id)))];
      if (ids.length === 0) return 0;
      const claimed = await db.execute<{ email: string; first_name: string; name: string; slug: string }>(sql`
        update ${productSubscribers} s set notified_at = ${clock.now()}
        from ${products} p, ${users} u
        where p.id = s.product_id and u.id = s.user_id
          and s.product_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          and s.notified_at is null and p.available > 0 and p.published and not u.disabled
        returning u.email, u.first_name, p.name, p.slug`);

      for (const c of claimed.rows) {
        const link = `${publicUrl}/products/${encodeURIComponent(c.slug)}`;
        await mailer.send({
          to: c.email,
          subject: `Back in stock: ${c.name}`,
          text: [
            `Hello ${c.first_name},`,
            '',
            `Good news: ${c.name} is back in stock.`,
            link,
            '',
            'You asked us to tell you once. To be told again next time, press Notify me again.',
          ].join('\n'),
        });
      }
      return claimed.rows.length;
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
