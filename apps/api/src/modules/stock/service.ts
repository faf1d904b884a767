import type { LineOption } from '@shop/contracts/line-options';
import type { Tx } from '../../db/client.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import { aggregate, byProduct, type StockLine } from './lines.ts';
import { lockProduct, putBack, recordMovements, type StockMovement, take, variantState } from './repository.ts';
import { optionsOf } from './variants.ts';

export type StockReason = StockMovement['reason'];

/** A variant whose stock was taken, with its price, SKU and picture as locked by that update. */
export interface ReservedVariant {
  productId: string;
  variantId: string;
  sku: string;
  name: string;
  /** The variant's options as locked: what the order line freezes. */
  options: LineOption[];
  image: string | null;
  priceCents: number;
  quantity: number;
  /** The variant's stock before this reservation. */
  available: number;
}

/** A variant that could not give the quantity asked for. */
export interface ShortVariant {
  productId: string;
  variantId: string;
  /** null when the product does not exist. */
  name: string | null;
  published: boolean;
  /** The variant's stock now (0 when it or its product is gone or unpublished). */
  available: number;
  priceCents: number | null;
  requested: number;
}

/** What a restock brought back: variants whose stock went from 0 to more, and products likewise. */
export interface Restocked {
  variants: { productId: string; variantId: string }[];
  products: string[];
}

/**
 * Stock changes of checkout (docs/architecture.md §6, per variant). Stock only moves by conditional
 * updates of a variant inside the caller's transaction, in (product id, variant id) order with each
 * product's row locked before its variants (repository `lockProduct`): two orders over the same
 * products lock in the same order, so they queue instead of deadlocking. Every move is recorded in
 * `stock_movements` with its variant.
 */
export function createStockService({ clock }: Pick<Deps, 'clock'>) {
  return {
    /**
     * Takes the stock of every line: `UPDATE … SET available = available − q WHERE available >= q`
     * per variant, lines of one variant summed first. Goes through all lines even after a shortage, so
     * the shopper hears about every line at once; the caller rolls back on any shortage.
     */
    async reserve(tx: Tx, lines: StockLine[]): Promise<{ reserved: ReservedVariant[]; short: ShortVariant[] }> {
      const reserved: ReservedVariant[] = [];
      const short: ShortVariant[] = [];
      for (const group of byProduct(lines)) {
        const valid = isUuid(group.productId) && group.lines.every((l) => isUuid(l.variantId));
        const product = valid ? await lockProduct(tx, group.productId) : undefined;
        for (const { productId, variantId, quantity } of group.lines) {
          const row = product && (await take(tx, productId, variantId, quantity));
          if (product && row) {
            reserved.push({
              productId,
              variantId,
              quantity,
              sku: row.sku,
              name: product.name,
              options: optionsOf(product, [row.option1, row.option2, row.option3]),
              image: row.image,
              priceCents: row.price_cents,
              available: row.available + quantity,
            });
            continue;
          }
          const now = product ? await variantState(tx, productId, variantId) : undefined;
          const published = product?.published ?? false;
          short.push({
            productId,
            variantId,
            requested: quantity,
            name: product?.name ?? null,
            published: published && now !== undefined,
            available: published ? (now?.available ?? 0) : 0,
            priceCents: now?.priceCents ?? null,
          });
        }
      }
      return { reserved, short };
    },

    /** Records what `reserve` took, once the order row exists. */
    async recordReservation(tx: Tx, orderId: string, lines: StockLine[]): Promise<void> {
      const moves = aggregate(lines).map((l) => ({
        productId: l.productId,
        variantId: l.variantId,
        delta: -l.quantity,
        reason: 'order' as const,
        orderId,
        createdAt: clock.now(),
      }));
      await recordMovements(tx, moves);
    },

    /**
     * Puts the lines' stock back on their variants (a cancelled order) and records why. Returns what
     * was out of stock and now is not — variants and products — for back-in-stock mail after the commit.
     */
    async restock(tx: Tx, lines: StockLine[], reason: StockReason, orderId: string): Promise<Restocked> {
      const back: Restocked = { variants: [], products: [] };
      const moves: StockMovement[] = [];
      for (const group of byProduct(lines)) {
        const product = await lockProduct(tx, group.productId);
        if (!product) continue; // the product was deleted since: nothing to put back
        let added = 0;
        for (const { productId, variantId, quantity } of group.lines) {
          const row = await putBack(tx, productId, variantId, quantity);
          if (!row) continue; // the variant was deleted since
          added += quantity;
          moves.push({ productId, variantId, delta: quantity, reason, orderId, createdAt: clock.now() });
          if (product.published && row.available - quantity === 0) back.variants.push({ productId, variantId });
        }
        if (product.published && product.available === 0 && added > 0) back.products.push(group.productId);
      }
      await recordMovements(tx, moves);
      return back;
    },
  };
}
export type StockService = ReturnType<typeof createStockService>;
