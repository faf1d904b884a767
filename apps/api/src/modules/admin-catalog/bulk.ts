import { type BulkEditBody, MAX_PRICE } from '@shop/contracts/admin-catalog';
import { type CurrencyUnit, toMinor } from '@shop/contracts/currency';
import { discountedCents } from '@shop/contracts/money';
import type { Tx } from '../../db/client.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { BackInStockService } from '../back-in-stock/index.ts';
import {
  actorEmail,
  featuredOf,
  findCategoryId,
  insertMovement,
  lockForBulk,
  lockVariants,
  type ProductValues,
  updateProduct,
  updateVariant,
} from './repository.ts';

export type BulkFailure =
  | Failure<'products_not_found', { ids: string[] }>
  | Failure<'unknown_category', { category: string }>
  | Failure<'price_out_of_range', { id: string }>;

/**
 * `cents` moved by `percent` (two decimals at most), to the nearest cent: integer arithmetic on basis
 * points, so +10 % of 19.99 is exactly 21.99 and no float drift creeps into stored prices.
 */
export function scaleCents(cents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.round((cents * (10_000 + basisPoints)) / 10_000);
}

type Locked = Awaited<ReturnType<typeof lockForBulk>>[number];
type LockedVariant = Awaited<ReturnType<typeof lockVariants>>[number];

/** The product's new prices under a bulk price change, or undefined when one would exceed MAX_PRICE. */
function repriced(product: Locked, price: NonNullable<BulkEditBody['price']>, base: CurrencyUnit) {
  const regular =
    price.mode === 'set' ? toMinor(price.value, base.digits) : scaleCents(product.regularPriceCents, price.value);
  if (regular > toMinor(MAX_PRICE, base.digits)) return undefined;
  // The discount is kept: the sale price follows the regular one as the catalogue computes it.
  return { regularPriceCents: regular, salePriceCents: discountedCents(regular, product.percentageDiscount) };
}

/** A variant's own prices under a bulk price change: `set` clears them (all cost the product's price). */
function variantPrices(v: LockedVariant, price: NonNullable<BulkEditBody['price']>) {
  if (price.mode === 'set') return { priceCents: null, compareAtCents: null };
  const scale = (cents: number | null) => (cents === null ? null : scaleCents(cents, price.value));
  return { priceCents: scale(v.priceCents), compareAtCents: scale(v.compareAtCents) };
}

/**
 * Bulk edit inside the caller's transaction: the products and their variants are locked in id
 * order (no deadlocks with another bulk edit or an order), an unknown id refuses the whole edit, every
 * stock change is an `adjustment` movement of its variant, and each product changed gets one audit entry
 * with the fields before and after. Answers how many products changed. Prices are in the base currency `base`.
 */
export async function bulkEdit(
  tx: Tx,
  { audit, backInStock }: { audit: AuditService; backInStock: BackInStockService },
  actor: Actor,
  body: BulkEditBody,
  now: Date,
  base: CurrencyUnit,
): Promise<Result<number, BulkFailure>> {
  const maxPrice = toMinor(MAX_PRICE, base.digits);
  const ids = [...new Set(body.ids)];
  const found = await lockForBulk(tx, ids);
  if (found.length !== ids.length) {
    const known = new Set(found.map((f) => f.id));
    return fail('products_not_found', { ids: ids.filter((id) => !known.has(id)) });
  }
  let categoryTags: Set<string> | undefined;
  if (body.category !== undefined) {
    const category = await findCategoryId(tx, body.category);
    if (!category) return fail('unknown_category', { category: body.category });
    categoryTags = await featuredOf(tx, category);
  }
  const variants = body.price || body.stock !== undefined ? await lockVariants(tx, ids) : [];

  let updated = 0;
  const restocked: string[] = [];
  for (const product of found) {
    const values: ProductValues = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const own = variants.filter((v) => v.productId === product.id);

    if (body.price) {
      const prices = repriced(product, body.price, base);
      if (!prices) return fail('price_out_of_range', { id: product.id });
      Object.assign(values, prices);
      before.regular_price_cents = product.regularPriceCents;
      before.sale_price_cents = product.salePriceCents;
      after.regular_price_cents = prices.regularPriceCents;
      after.sale_price_cents = prices.salePriceCents;
      for (const v of own) {
        const next = variantPrices(v, body.price);
        if (next.priceCents !== v.priceCents || next.compareAtCents !== v.compareAtCents) {
          if ((next.priceCents ?? 0) > maxPrice || (next.compareAtCents ?? 0) > maxPrice) {
            return fail('price_out_of_range', { id: product.id });
          }
          await updateVariant(tx, v.id, next);
        }
      }
    }
    if (body.stock !== undefined) {
      before.available = product.available;
      after.available = body.stock * own.length;
      for (const v of own) {
        const delta = body.stock - v.available;
        if (delta === 0) continue;
        await updateVariant(tx, v.id, { available: body.stock });
        await insertMovement(tx, {
          productId: product.id,
          variantId: v.id,
          delta,
          reason: 'adjustment',
          note: 'Bulk edit',
          actorId: actor.userId,
          createdAt: now,
        });
      }
      if (product.available === 0 && body.stock > 0 && own.length > 0) restocked.push(product.id);
    }
    if (body.category !== undefined && categoryTags) {
      const tags = categoryTags;
      values.categoryId = body.category;
      values.subcategoryId = null;
      values.featured = product.featured.filter((f) => tags.has(f));
      before.category = product.categoryId;
      after.category = body.category;
    }
    if (body.published !== undefined) {
      values.published = body.published;
      before.published = product.published;
      after.published = body.published;
    }

    await updateProduct(tx, product.id, { ...values, modifiedDate: now, modifiedBy: actorEmail(actor) });
    await audit.record(tx, actor, {
      action: 'product.bulk_edit',
      entityType: 'product',
      entityId: product.id,
      before,
      after,
    });
    updated++;
  }
  // Products back in stock mail their waiting subscribers (queued with the change).
  await backInStock.queueNotification(tx, restocked);
  return ok(updated);
}
