/** Whether a quantity of a variant can be bought now; the reasons are contracts `changedLine`'s. */
export type Availability = 'in_stock' | 'insufficient_stock' | 'unavailable';

/**
 * The one rule of a line's availability, for the quote and for placing an order alike: `stock` is what
 * the variant has, or null when it is not for sale (its product unknown or unpublished, the variant
 * gone, or a guest's line of a product that has no variant to choose). Not for sale → `unavailable`;
 * less stock than `requested` → `insufficient_stock`; else `in_stock`.
 */
export function availability(stock: number | null, requested: number): Availability {
  if (stock === null) return 'unavailable';
  return stock < requested ? 'insufficient_stock' : 'in_stock';
}
