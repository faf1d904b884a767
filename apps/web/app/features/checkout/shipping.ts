import { type CurrencyUnit, formatAmountIn } from '@shop/contracts/currency';
import type { Quote, QuoteBody, ShippingOption } from '@shop/contracts/orders';
import { QUOTE_PLACEHOLDER_ADDRESS } from './checkout-form.ts';

/**
 * What a method costs this order, as its radio shows it: the quote's own figure in the quote's currency
 * (never computed here).
 */
export const shippingPriceLabel = (option: ShippingOption, currency: CurrencyUnit): string =>
  option.price === 0 ? 'Free' : formatAmountIn(option.price, currency);

/**
 * The method the form takes after a quote: the quote's, when the quote answered a body that asked for
 * the form's method (or for none) and priced another one — the address does not offer the one chosen
 * (docs/adr/048-shipping-zones.md). Null: the form keeps its method (it already is the quote's, or the
 * shopper chose again since that body was sent).
 */
export function methodToTake(chosen: string, quote: Quote | null, priced: QuoteBody | null): string | null {
  if (!quote || !priced || (priced.shipping_method ?? '') !== chosen) return null;
  return quote.shipping_method === chosen ? null : quote.shipping_method;
}

/** What the "Shipping method" group shows. */
export type ShippingChoice =
  /** The address is not complete: what shipping costs depends on it. */
  | { kind: 'address_needed' }
  /** The shop does not ship to the address's country: the quote's sentence. */
  | { kind: 'not_shippable'; message: string }
  /** The address is complete, its first quote on its way. */
  | { kind: 'finding' }
  /** The methods the last quote for a real address offers, each at its price for this order. */
  | { kind: 'options'; options: ShippingOption[]; currency: CurrencyUnit };

/**
 * The shipping group's content. `addressKnown`: the form has a saved or complete typed address. Before
 * that, the quote was for the stand-in address (`QUOTE_PLACEHOLDER_ADDRESS`, the very object
 * `quoteBody` sends), whose methods are not the shopper's.
 */
export function shippingChoice(
  addressKnown: boolean,
  quoted: { quote: Quote | null; priced: QuoteBody | null; unshippable: string | null },
): ShippingChoice {
  if (!addressKnown) return { kind: 'address_needed' };
  if (quoted.unshippable) return { kind: 'not_shippable', message: quoted.unshippable };
  if (!quoted.quote || !quoted.priced || quoted.priced.shipping_address === QUOTE_PLACEHOLDER_ADDRESS) {
    return { kind: 'finding' };
  }
  return { kind: 'options', options: quoted.quote.shipping_options, currency: quoted.quote.currency };
}
