/** At or below this many units a product says 'Only N left' instead of 'In stock'. */
export const LOW_STOCK_THRESHOLD = 10;

export type StockTone = 'in' | 'low' | 'out';

/** The stock state a product page shows: 'In stock', 'Only N left' or 'Out of stock'. */
export function stockState(available: number): { label: string; tone: StockTone } {
  if (available <= 0) return { label: 'Out of stock', tone: 'out' };
  if (available <= LOW_STOCK_THRESHOLD) return { label: `Only ${available} left`, tone: 'low' };
  return { label: 'In stock', tone: 'in' };
}
