import { STOCK_NOTICE } from '@shop/contracts/messages';
import { lineLimit } from '@shop/contracts/quantity';
import type { ProductVariantsAnswer } from '@shop/contracts/variants';
import { getProductVariants } from './api/get-product-variants.ts';
import { cartStore, isSameLine, type LocalCartItem, setCartItems } from './cart-store.ts';

/** The stock of each line's variant, as the catalogue tells it now; undefined where it cannot tell. */
export type StockOf = (item: LocalCartItem) => number | undefined;

/**
 * Lines above their variant's stock, brought down to it (a sold-out line leaves the cart), with a
 * notice for each; every line learns its stock. Pure: the cart page applies it.
 */
export function correctedLines(
  items: LocalCartItem[],
  stockOf: StockOf,
): { items: LocalCartItem[]; notices: string[] } {
  const notices: string[] = [];
  const kept: LocalCartItem[] = [];
  for (const item of items) {
    const available = stockOf(item);
    if (available === undefined) {
      kept.push(item);
      continue;
    }
    const limit = lineLimit(available);
    if (limit === 0) {
      notices.push(STOCK_NOTICE.removed(item.product.name));
      continue;
    }
    if (item.quantity > limit) notices.push(STOCK_NOTICE.lowered(item.product.name, limit));
    kept.push({ ...item, quantity: Math.min(item.quantity, limit), available });
  }
  return { items: kept, notices };
}

/** The stock of a guest's lines: each product's variants, asked once per product. */
async function currentStock(items: LocalCartItem[]): Promise<StockOf> {
  const ids = [...new Set(items.map((i) => i.product.id))];
  const answers = new Map<string, ProductVariantsAnswer | null>();
  await Promise.all(
    ids.map(async (id) => {
      try {
        answers.set(id, await getProductVariants(id));
      } catch {
        // Unknown now or unreachable: the line stays as it is and checkout checks it again.
        answers.set(id, null);
      }
    }),
  );
  return (item) => {
    const variants = answers.get(item.product.id)?.variants;
    if (!variants) return undefined;
    // A line that never learnt its variant buys the product's only one, if it has one.
    const variant = item.variantId
      ? variants.find((v) => v.id === item.variantId)
      : variants.length === 1
        ? variants[0]
        : undefined;
    return variant?.available;
  };
}

/**
 * Checks a guest's cart against the current stock (the cart page, on load) and corrects it before
 * checkout: the guest cart lives in this browser, so the stock may have fallen since the lines were
 * added. Returns the notices to show. A signed-in cart is the server's, whose lines carry their stock.
 */
export async function checkGuestCart(): Promise<string[]> {
  const before = cartStore.getState();
  if (before.ownerId !== null || before.items.length === 0) return [];
  const stockOf = await currentStock(before.items);
  // Lines changed meanwhile are corrected as they are now.
  const now = cartStore.getState();
  if (now.ownerId !== null) return [];
  const { items, notices } = correctedLines(now.items, stockOf);
  const changed = items.length !== now.items.length || items.some((item, k) => !sameFigures(item, now.items[k]));
  if (changed) setCartItems(items);
  return notices;
}

const sameFigures = (a: LocalCartItem, b: LocalCartItem | undefined) =>
  b !== undefined && isSameLine(a, b.product.id, b) && a.quantity === b.quantity && a.available === b.available;

/**
 * The cart page's check on load: a guest's lines against the catalogue's stock; a signed-in cart's
 * against the stock its server lines carry, each line above it set to it through the cart's actions
 * (the server refuses a sold-out line at checkout, which names it).
 */
export async function checkCart(
  loadActions: () => Promise<{
    updateQuantity: (productId: string, quantity: number, line: LocalCartItem) => Promise<boolean>;
  }>,
): Promise<string[]> {
  const { ownerId, items } = cartStore.getState();
  if (ownerId === null) return checkGuestCart();
  const { items: corrected } = correctedLines(items, (item) => item.available);
  const lowered = corrected.filter((item) =>
    items.some((i) => isSameLine(i, item.product.id, item) && i.quantity > item.quantity),
  );
  if (lowered.length === 0) return [];
  const { updateQuantity } = await loadActions();
  for (const item of lowered) await updateQuantity(item.product.id, item.quantity, item);
  return lowered.map((item) => STOCK_NOTICE.lowered(item.product.name, item.quantity));
}
