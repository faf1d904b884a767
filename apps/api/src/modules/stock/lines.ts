/** A quantity of one variant of one product: what an order line or a cart line takes from stock. */
export interface StockLine {
  productId: string;
  variantId: string;
  quantity: number;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Lines of the same variant become one, in (product id, variant id) order: the lock order of every
 * stock change (a product's row first, then its variants; see service.ts).
 */
export function aggregate(lines: readonly StockLine[]): StockLine[] {
  const byVariant = new Map<string, StockLine>();
  for (const l of lines) {
    const key = `${l.productId}/${l.variantId}`;
    const seen = byVariant.get(key);
    if (seen) seen.quantity += l.quantity;
    else byVariant.set(key, { productId: l.productId, variantId: l.variantId, quantity: l.quantity });
  }
  return [...byVariant.values()].sort((a, b) => byId(a.productId, b.productId) || byId(a.variantId, b.variantId));
}

/** Aggregated lines grouped by product, in product-id order (each product's row is locked once). */
export function byProduct(lines: readonly StockLine[]): { productId: string; lines: StockLine[] }[] {
  const groups: { productId: string; lines: StockLine[] }[] = [];
  for (const line of aggregate(lines)) {
    const last = groups.at(-1);
    if (last?.productId === line.productId) last.lines.push(line);
    else groups.push({ productId: line.productId, lines: [line] });
  }
  return groups;
}
