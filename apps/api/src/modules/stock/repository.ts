import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { products, stockMovements } from '../../db/schema.ts';

export type StockMovement = typeof stockMovements.$inferInsert;

/**
 * `UPDATE … SET available = available − q WHERE available >= q` on a published product; answers the
 * product as the update locked it (stock after the take), or undefined when it could not give `quantity`.
 */
export async function take(tx: Tx, productId: string, quantity: number) {
  const [row] = await tx
    .update(products)
    .set({
      available: sql`${products.available} - ${quantity}`,
      soldCount: sql`${products.soldCount} + ${quantity}`,
    })
    .where(and(eq(products.id, productId), eq(products.published, true), gte(products.available, quantity)))
    .returning({
      name: products.name,
      images: products.images,
      priceCents: products.salePriceCents,
      available: products.available,
    });
  return row;
}

/** The product's stock as it is now, for the answer about a line that could not be taken. */
export async function stockState(tx: Tx, productId: string) {
  const [row] = await tx
    .select({
      name: products.name,
      published: products.published,
      available: products.available,
      priceCents: products.salePriceCents,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

/** Puts `quantity` back; undefined when the product was deleted since. */
export async function putBack(tx: Tx, productId: string, quantity: number) {
  const [row] = await tx
    .update(products)
    .set({
      available: sql`${products.available} + ${quantity}`,
      soldCount: sql`greatest(${products.soldCount} - ${quantity}, 0)`,
    })
    .where(eq(products.id, productId))
    .returning({ available: products.available, published: products.published });
  return row;
}

export async function recordMovements(tx: Tx, moves: StockMovement[]): Promise<void> {
  if (moves.length > 0) await tx.insert(stockMovements).values(moves);
}
