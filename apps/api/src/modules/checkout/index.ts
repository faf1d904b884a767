/**
 * Checkout: the public face of the module. Orders reuse its reading and checking (`resolve`),
 * its pricing and its answers, so a quote and an order agree to the cent and in their refusals.
 */
export {
  type ChangedLine,
  changed,
  hasPriceChange,
  type LinesChanged,
  linesChanged,
  linesWithVariant,
  shortLine,
} from './changes.ts';
export {
  discountCents,
  type LineShare,
  type PricedCheckout,
  type PricedOrder,
  type PricingInput,
  priceOrder,
  priceWith,
  refundOfLines,
  type ShippingFailure,
  type TaxLine,
  type Totals,
  totalsOf,
} from './pricing.ts';
export { checkoutHttp, checkoutRoutes } from './routes.ts';
export { type BodyMismatch, CHECKOUT_MSG, checkActorBody } from './rules.ts';
export { type CheckoutFailure, type CheckoutService, createCheckoutService, type ResolveFailure } from './service.ts';
export { type TaxProvider, type TaxRequest, tableTaxProvider } from './tax.ts';
export type { Actor, PricedLine, ProductInfo, RequestedLine, ResolvedCheckout } from './types.ts';
export { lineToWire, taxToWire, totalsToWire } from './wire.ts';
