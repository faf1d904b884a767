import type { SubscriptionStatus } from '@shop/contracts/account';
import type { Tx } from '../../db/client.ts';
import { enqueue } from '../../jobs/index.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import type { CatalogService, ProductNotFound } from '../catalog/index.ts';
import { claimSubscribers, deleteSubscriber, isWaiting, upsertSubscriber } from './repository.ts';

/** What asking for (or about) a restock mail can end in: no such product, or it is in stock already. */
export type BackInStockFailure = ProductNotFound | Failure<'in_stock'>;

/**
 * Back in stock (issue 4, spec §3 Product.subscribers): 'Notify me' on an out-of-stock product,
 * and one mail per subscriber when it is restocked.
 */
export function createBackInStockService(
  { db, clock, mailer, publicUrl }: Deps,
  { catalog }: { catalog: CatalogService },
) {
  return {
    /**
     * Subscribes the caller to a published, out-of-stock product (`in_stock` while it is in stock).
     * Subscribing again after a notification waits for the next restock: `notified_at` is reset.
     */
    async subscribe(userId: string, productKey: string): Promise<Result<SubscriptionStatus, BackInStockFailure>> {
      const found = await catalog.getProduct(productKey);
      if (!found.ok) return found;
      if (found.value.available > 0) return fail('in_stock');
      await upsertSubscriber(db, found.value.id, userId, clock.now());
      return ok({ subscribed: true });
    },

    /** Ends the caller's subscription; fine when there was none. */
    async unsubscribe(userId: string, productKey: string): Promise<Result<SubscriptionStatus, BackInStockFailure>> {
      const found = await catalog.getProduct(productKey);
      if (!found.ok) return found;
      await deleteSubscriber(db, found.value.id, userId);
      return ok({ subscribed: false });
    },

    /** Whether the caller waits for a restock mail of this product (not after it was sent). */
    async status(userId: string, productKey: string): Promise<Result<SubscriptionStatus, BackInStockFailure>> {
      const found = await catalog.getProduct(productKey);
      if (!found.ok) return found;
      return ok({ subscribed: await isWaiting(db, found.value.id, userId) });
    },

    /**
     * Queues the back-in-stock mails of products a change brought back into stock, in the change's
     * own transaction (issue 13): the notify-back-in-stock job runs once it has committed.
     */
    async queueNotification(tx: Tx, productIds: readonly string[]): Promise<void> {
      if (productIds.length === 0) return;
      await enqueue(tx, 'notify-back-in-stock', { productIds: [...new Set(productIds)] });
    },

    /**
     * The notify-back-in-stock job: mails every waiting subscriber of the given products that are
     * published and in stock again, once: claiming a subscription is one conditional UPDATE
     * (`notified_at IS NULL` → now) in the transaction that records the mails, so of two parallel
     * runs — or a retry — each subscriber is claimed, and mailed, by exactly one. Answers the number
     * of mails queued.
     */
    async notifyBackInStock(productIds: readonly string[]): Promise<number> {
      const ids = [...new Set(productIds.filter((id) => isUuid(id)))];
      if (ids.length === 0) return 0;
      return db.transaction(async (tx) => {
        const claimed = await claimSubscribers(tx, ids, clock.now());
        for (const c of claimed) {
          const link = `${publicUrl}/products/${encodeURIComponent(c.slug)}`;
          await mailer.send(
            {
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
            },
            { tx },
          );
        }
        return claimed.length;
      });
    },
  };
}
export type BackInStockService = ReturnType<typeof createBackInStockService>;
