import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { products, productVariants } from '../../db/schema.ts';

/** The tables a price is read from: the schema's, or aliases of them. */
export interface PriceTables {
  variant: { priceCents: AnyColumn; compareAtCents: AnyColumn };
  product: { salePriceCents: AnyColumn; regularPriceCents: AnyColumn };
}

const SCHEMA: PriceTables = { variant: productVariants, product: products };

/** For statements written as text over `product_variants v` and `products p`. */
export const AS_V_AND_P: PriceTables = { variant: alias(productVariants, 'v'), product: alias(products, 'p') };

/**
 * The price a variant sells at, in SQL: `effectivePrices` (prices.ts) — its own, else its product's
 * sale price (docs/adr/023-variants.md). Over the schema's tables, or `AS_V_AND_P`.
 */
export function priceSql({ variant, product }: PriceTables = SCHEMA): SQL<number> {
  return sql<number>`coalesce(${variant.priceCents}, ${product.salePriceCents})`;
}

/** The compare-at price a variant shows, in SQL: its own, else its product's regular price. */
export function compareAtSql({ variant, product }: PriceTables = SCHEMA): SQL<number> {
  return sql<number>`coalesce(${variant.compareAtCents}, ${product.regularPriceCents})`;
}
