import type { Tx } from '../../db/client.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import { aggregate, type StockLine } from './lines.ts';
import { putBack, recordMovements, type StockMovement, stockState, take } from './repository.ts';

export type StockReason = StockMovement['reason'];

/** A product whose stock was taken, with its price and name as locked by that update. */
export interface ReservedProduct {
  productId: string;
  name: string;
  image: string | null;
  priceCents: number;
  quantity: number;
  /** The stock before this reservation. */
  available: number;
}

/** A product that could not give the quantity asked for. */
export interface ShortProduct {
  productId: string;
  /** null when the product does not exist. */
  name: string | null;
  published: boolean;
  available: number;
  priceCents: number | null;
  requested: number;
}

/**
 * Stock changes of checkout (DESIGN §6). Stock only moves by conditional updates inside the caller's
 * transaction, always in product-id order (two orders over the same products lock them in the same
 * order, so they queue instead of deadlocking), and every move is recorded in `stock_movements`.
 */
export function createStockService({ clock }: Pick<Deps, 'clock'>) {
  return {
    /**
     * Takes the stock of every line: `UPDATE … SET available = available − q WHERE available >= q`
     * per product, lines of one product summed first. Goes through all products even after a
     * shortage, so the shopper hears about every line at once; the caller rolls back on any shortage.
     */
    async reserve(tx: Tx, lines: StockLine[]): Promise<{ reserved: ReservedProduct[]; short: ShortProduct[] }> {
      const reserved: ReservedProduct[] = [];
      const short: ShortProduct[] = [];
      for (const { productId, quantity } of aggregate(lines)) {
        if (!isUuid(productId)) {
          short.push({ productId, requested: quantity, name: null, published: false, available: 0, priceCents: null });
          continue;
        }
        const row = await take(tx, productId, quantity);
        if (row) {
          reserved.push({
            productId,
            quantity,
            name: row.name,
            image: row.images[0] ?? null,
            priceCents: row.priceCents,
            available: row.available + quantity,
          });
          continue;
        }
        const now = await stockState(tx, productId);
        short.push({
          productId,
          requested: quantity,
          name: now?.name ?? null,
          published: now?.published ?? false,
          available: now?.published ? now.available : 0,
          priceCents: now?.priceCents ?? null,
        });
      }
      return { reserved, short };
    },

    /** Records what `reserve` took, once the order row exists. */
    async recordReservation(tx: Tx, orderId: string, lines: StockLine[]): Promise<void> {
      const moves = aggregate(lines).map((l) => ({
        productId: l.productId,
        delta: -l.quantity,
        reason: 'order' as const,
        orderId,
        createdAt: clock.now(),
      }));
      await recordMovements(tx, moves);
    },

    /**
     * Puts the lines' stock back (a cancelled order) and records why. Returns the products that were
     * out of stock and now are not, for back-in-stock mail after the commit.
     */
    async restock(tx: Tx, lines: StockLine[], reason: StockReason, orderId: string): Promise<string[]> {
      const backInStock: string[] = [];
      const moves: StockMovement[] = [];
      for (const { productId, quantity } of aggregate(lines)) {
        const row = await putBack(tx, productId, quantity);
        if (!row) continue; // the product was deleted since: nothing to put back
        moves.push({ productId, delta: quantity, reason, orderId, createdAt: clock.now() });
        if (row.published && row.available - quantity === 0) backInStock.push(productId);
      }
      await recordMovements(tx, moves);
      return backInStock;
    },
  };
}
export type StockService = ReturnType<typeof createStockService>;
