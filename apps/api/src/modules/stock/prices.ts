/** A variant's own prices; null where it has none and sells at its product's. */
export interface VariantPrices {
  priceCents: number | null;
  compareAtCents: number | null;
}

/** A product's prices, which its variants without their own sell at. */
export interface ProductPrices {
  salePriceCents: number;
  regularPriceCents: number;
}

/**
 * The prices a variant sells at (docs/adr/023-variants.md): its own price and compare-at price, or its
 * product's sale and regular price where it has none. The same rule in SQL is `priceSql` and
 * `compareAtSql` (price-sql.ts), for statements that read or write prices themselves.
 */
export function effectivePrices(
  variant: VariantPrices,
  product: ProductPrices,
): { priceCents: number; compareAtCents: number } {
  return {
    priceCents: variant.priceCents ?? product.salePriceCents,
    compareAtCents: variant.compareAtCents ?? product.regularPriceCents,
  };
}
