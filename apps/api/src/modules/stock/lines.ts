export interface StockLine {
  productId: string;
  quantity: number;
}

/** Lines of the same product become one, in product-id order: the lock order of every stock change. */
export function aggregate(lines: StockLine[]): StockLine[] {
  const byProduct = new Map<string, number>();
  for (const l of lines) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  return [...byProduct.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([productId, quantity]) => ({ productId, quantity }));
}
