import { formatAmount, toCents } from '@shop/contracts/money';
import type { Quote, shippingMethod } from '@shop/contracts/orders';
import { shippingCharge } from '@shop/contracts/shipping';
import type { z } from 'zod';

export type ShippingMethod = z.infer<typeof shippingMethod>;

/**
 * What a shipping method costs this order, as the radio shows it: the quote's own figure for the
 * chosen method; for the others the rate, or 'Free' when the quoted subtotal after discount reaches
 * the method's threshold (ADR 003: free shipping is judged after the discount). Only server figures.
 */
export function shippingPriceLabel(method: ShippingMethod, quote: Quote | null): string {
  if (quote && quote.shipping_method === method.id) {
    return quote.totals.shipping === 0 ? 'Free' : formatAmount(quote.totals.shipping);
  }
  if (method.price === 0) return 'Free';
  if (quote) {
    const cents = shippingCharge(
      {
        priceCents: toCents(method.price),
        freeOverCents: method.free_over === null ? null : toCents(method.free_over),
      },
      { subtotalCents: toCents(quote.totals.subtotal), discountCents: toCents(quote.totals.discount) },
    );
    if (cents === 0) return 'Free';
  }
  return formatAmount(method.price);
}

/** The note under a method that ships free above a threshold. */
export function freeShippingNote(method: ShippingMethod): string | null {
  return method.free_over === null || method.price === 0
    ? null
    : `Free on orders over ${formatAmount(method.free_over)}`;
}
