import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { products, productVariants, stockMovements } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';
import { AS_V_AND_P, compareAtSql, priceSql } from './price-sql.ts';
import type { SellableProduct, SellableVariant } from './variants.ts';

export type StockMovement = typeof stockMovements.$inferInsert;

type Executor = Db | Tx;

/** A variant's price, compare-at price and picture: its own, or the product's (ADR 023). */
const sellable = {
  id: productVariants.id,
  productId: productVariants.productId,
  sku: productVariants.sku,
  option1: productVariants.option1,
  option2: productVariants.option2,
  option3: productVariants.option3,
  priceCents: priceSql(),
  compareAtCents: compareAtSql(),
  available: productVariants.available,
  image: sql<string | null>`coalesce(${productVariants.image}, ${products.images}[1])`,
  weightGrams: sql<number>`coalesce(${productVariants.weightGrams}, 0)`.mapWith(Number),
  taxClass: sql<string>`coalesce(${productVariants.taxClass}, ${products.taxClass})`,
};

type SellableRow = { option1: string | null; option2: string | null; option3: string | null } & Omit<
  SellableVariant,
  'values'
>;

const toSellable = ({ option1, option2, option3, ...v }: SellableRow): SellableVariant => ({
  ...v,
  values: [option1, option2, option3],
});

/**
 * The products of these ids with their variants, as choosing and pricing need them; unknown and
 * malformed ids are left out.
 */
export async function readSellable(ex: Executor, ids: readonly string[]): Promise<Map<string, SellableProduct>> {
  const valid = [...new Set(ids.filter((id) => isUuid(id)))];
  if (valid.length === 0) return new Map();
  // One statement: each product with its variants, a product without any on a row of its own.
  const rows = await ex
    .select({
      product: { id: products.id, name: products.name, published: products.published, options: products.options },
      variantId: productVariants.id,
      variant: sellable,
    })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(inArray(products.id, valid))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const found = new Map<string, SellableProduct>();
  for (const { product, variantId, variant } of rows) {
    let p = found.get(product.id);
    if (!p) {
      p = { ...product, variants: [] };
      found.set(product.id, p);
    }
    if (variantId !== null && variant) p.variants.push(toSellable(variant as SellableRow));
  }
  return found;
}

/**
 * Locks the product's row (`FOR NO KEY UPDATE`) before any of its variants is touched: the roll-up
 * trigger updates that row after each variant, so taking it first keeps the lock order product →
 * variants in every transaction, and two orders over sibling variants queue instead of deadlocking.
 * Answers the product as locked, or undefined when it does not exist.
 */
export async function lockProduct(tx: Tx, productId: string) {
  const [row] = await tx
    .select({
      name: products.name,
      published: products.published,
      options: products.options,
      images: products.images,
      available: products.available,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  return row;
}

/**
 * The one way stock leaves (docs/architecture.md §6): `UPDATE … SET available = available − q WHERE available >= q`
 * on a variant of a published product. Answers the variant as the update left it, or undefined when it
 * could not give `quantity`. Call with its product locked (`lockProduct`).
 */
export async function take(tx: Tx, productId: string, variantId: string, quantity: number) {
  const { rows } = await tx.execute<{
    sku: string;
    price_cents: number;
    image: string | null;
    available: number;
    option1: string | null;
    option2: string | null;
    option3: string | null;
  }>(sql`
    update product_variants v
    set available = v.available - ${quantity}::int, sold_count = v.sold_count + ${quantity}::int
    from products p
    where v.id = ${variantId}::uuid and v.product_id = ${productId}::uuid and p.id = v.product_id
      and p.published and v.available >= ${quantity}::int
    returning v.sku, ${priceSql(AS_V_AND_P)} as price_cents,
      coalesce(v.image, p.images[1]) as image, v.available, v.option1, v.option2, v.option3`);
  return rows[0];
}

/** The variant's stock and price as they are now, for the answer about a line that could not be taken. */
export async function variantState(tx: Tx, productId: string, variantId: string) {
  const [row] = await tx
    .select({ available: productVariants.available, priceCents: sellable.priceCents })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(sql`${productVariants.id} = ${variantId}::uuid and ${productVariants.productId} = ${productId}::uuid`);
  return row;
}

/** Puts `quantity` back on the variant; undefined when it was deleted since. Call with its product locked. */
export async function putBack(tx: Tx, productId: string, variantId: string, quantity: number) {
  const [row] = await tx
    .update(productVariants)
    .set({
      available: sql`${productVariants.available} + ${quantity}`,
      soldCount: sql`greatest(${productVariants.soldCount} - ${quantity}, 0)`,
    })
    .where(sql`${productVariants.id} = ${variantId}::uuid and ${productVariants.productId} = ${productId}::uuid`)
    .returning({ available: productVariants.available });
  return row;
}

export async function recordMovements(tx: Tx, moves: StockMovement[]): Promise<void> {
  if (moves.length > 0) await tx.insert(stockMovements).values(moves);
}
