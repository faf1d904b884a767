/**
 * What shipping costs an order (docs/adr/003-checkout-prices-and-payments.md): the method's price, or
 * nothing once the subtotal after the discount reaches the method's free-over threshold (null: never
 * free). Judged after the discount, so a code cannot both take money off and earn free shipping with
 * the money it took off. The API prices quotes and orders with it; the checkout page labels the methods
 * the shopper has not chosen with it. Integer cents; no zod, so the checkout page's code stays small.
 */
export function shippingCharge(
  method: { priceCents: number; freeOverCents: number | null },
  order: { subtotalCents: number; discountCents: number },
): number {
  const afterDiscount = order.subtotalCents - order.discountCents;
  return method.freeOverCents !== null && afterDiscount >= method.freeOverCents ? 0 : method.priceCents;
}
