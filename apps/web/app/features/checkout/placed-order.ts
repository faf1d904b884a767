import { type Order, order } from '@shop/contracts/orders';

/**
 * The order the confirmation page shows. Guests cannot read an order back (ADR 003), so checkout
 * keeps the API's answer in this tab's sessionStorage and /checkout/confirmation reads it from there.
 */
export const PLACED_ORDER_KEY = 'shop:placed-order';

export interface PlacedOrder {
  order: Order;
  /** Whether a signed-in shopper placed it (then the order page can be linked). */
  signedIn: boolean;
}

export function savePlacedOrder(placed: PlacedOrder) {
  try {
    window.sessionStorage.setItem(PLACED_ORDER_KEY, JSON.stringify(placed));
  } catch {
    // Storage blocked: the confirmation page then points to the order history instead.
  }
}

/** The stored order, only if it still has the shape of the API's answer. */
export function readPlacedOrder(): PlacedOrder | null {
  try {
    const raw = window.sessionStorage.getItem(PLACED_ORDER_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { order?: unknown; signedIn?: unknown };
    const result = order.safeParse(parsed.order);
    return result.success ? { order: result.data, signedIn: parsed.signedIn === true } : null;
  } catch {
    return null;
  }
}
