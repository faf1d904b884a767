import type { SubscriptionStatus } from '@shop/contracts/account';
import type { Tx } from '../../db/client.ts';
import { enqueue } from '../../jobs/index.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import type { CatalogService, ProductNotFound } from '../catalog/index.ts';
import {
  type ClaimedSubscriber,
  claimSubscribers,
  deleteSubscriber,
  isWaiting,
  upsertSubscriber,
  variantOfProduct,
} from './repository.ts';

/**
 * What asking for (or about) a restock mail can end in: no such product, a variant that is not the
 * product's, or it is in stock already.
 */
export type BackInStockFailure = ProductNotFound | Failure<'variant_not_found'> | Failure<'in_stock'>;

/**
 * Back in stock (docs/product.md §3 Product.subscribers): 'Notify me' on an out-of-stock product,
 * and one mail per subscriber when it is restocked.
 */
export function createBackInStockService(
  { db, clock, mailer, publicUrl }: Deps,
  { catalog }: { catalog: CatalogService },
) {
  /**
   * The product of `productKey` and the variant waited for: the one named (it must be the product's), or
   * null for any variant. `stock` is what the subscription waits on: the variant's, or the product's.
   */
  async function target(
    productKey: string,
    variantId: string | undefined,
  ): Promise<Result<{ productId: string; variantId: string | null; stock: number }, BackInStockFailure>> {
    const found = await catalog.getProduct(productKey);
    if (!found.ok) return found;
    const productId = found.value.id;
    if (variantId === undefined) return ok({ productId, variantId: null, stock: found.value.available });
    const variant = isUuid(variantId) ? await variantOfProduct(db, productId, variantId) : undefined;
    if (!variant) return fail('variant_not_found');
    return ok({ productId, variantId, stock: variant.available });
  }

  return {
    /**
     * Subscribes the caller to a published product that is out of stock, or to one of its variants that
     * is (`in_stock` otherwise). Subscribing again after a notification waits for the next restock:
     * `notified_at` is reset.
     */
    async subscribe(
      userId: string,
      productKey: string,
      variantId?: string,
    ): Promise<Result<SubscriptionStatus, BackInStockFailure>> {
      const found = await target(productKey, variantId);
      if (!found.ok) return found;
      const { stock, ...sub } = found.value;
      if (stock > 0) return fail('in_stock');
      await upsertSubscriber(db, { ...sub, userId }, clock.now());
      return ok({ subscribed: true });
    },

    /** Ends the caller's subscription to the product (or to its variant); fine when there was none. */
    async unsubscribe(
      userId: string,
      productKey: string,
      variantId?: string,
    ): Promise<Result<SubscriptionStatus, BackInStockFailure>> {
      const found = await target(productKey, variantId);
      if (!found.ok) return found;
      await deleteSubscriber(db, found.value.productId, userId, found.value.variantId);
      return ok({ subscribed: false });
    },

    /** Whether the caller waits for a restock mail of this product (or variant), not after it was sent. */
    async status(
      userId: string,
      productKey: string,
      variantId?: string,
    ): Promise<Result<SubscriptionStatus, BackInStockFailure>> {
      const found = await target(productKey, variantId);
      if (!found.ok) return found;
      return ok({ subscribed: await isWaiting(db, found.value.productId, userId, found.value.variantId) });
    },

    /**
     * Queues the back-in-stock mails of products a change brought back into stock — the product, or
     * one of its variants — in the change's own transaction: the
     * notify-back-in-stock job runs once it has committed and mails whoever's wait is over.
     */
    async queueNotification(tx: Tx, productIds: readonly string[]): Promise<void> {
      if (productIds.length === 0) return;
      await enqueue(tx, 'notify-back-in-stock', { productIds: [...new Set(productIds)] });
    },

    /**
     * The notify-back-in-stock job: mails every waiting subscriber of the given products whose product
     * (or variant) is published and in stock again, once: claiming a subscription is one conditional UPDATE
     * (`notified_at IS NULL` → now) in the transaction that records the mails, so of two parallel
     * runs — or a retry — each subscription is claimed, and mailed, by exactly one. Answers the number
     * of mails queued.
     */
    async notifyBackInStock(productIds: readonly string[]): Promise<number> {
      const ids = [...new Set(productIds.filter((id) => isUuid(id)))];
      if (ids.length === 0) return 0;
      return db.transaction(async (tx) => {
        const claimed = await claimSubscribers(tx, ids, clock.now());
        // One mail per shopper and product, naming the variants they waited for (a product-level and a
        // variant subscription of the same restock are one piece of news).
        const mails = new Map<string, { c: ClaimedSubscriber; variants: string[] }>();
        for (const c of claimed) {
          const key = JSON.stringify([c.email, c.slug]);
          const mail = mails.get(key) ?? { c, variants: [] };
          if (c.variant) mail.variants.push(c.variant);
          mails.set(key, mail);
        }
        for (const { c, variants } of mails.values()) {
          const link = `${publicUrl}/products/${encodeURIComponent(c.slug)}`;
          const what = variants.length > 0 ? `${c.name} (${variants.join(', ')})` : c.name;
          await mailer.send(
            {
              to: c.email,
              subject: `Back in stock: ${what}`,
              text: [
                `Hello ${c.first_name},`,
                '',
                `Good news: ${what} is back in stock.`,
                link,
                '',
                'You asked us to tell you once. To be told again next time, press Notify me again.',
              ].join('\n'),
            },
            { tx },
          );
        }
        return mails.size;
      });
    },
  };
}
export type BackInStockService = ReturnType<typeof createBackInStockService>;
