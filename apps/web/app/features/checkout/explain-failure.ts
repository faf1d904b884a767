import type { CheckoutFailure, PlaceOrderFailure } from '@shop/contracts/failures';
import type { ApiFailure } from '../../lib/api-error.ts';
import type { ChangedLine } from './changed-lines.ts';

/** A form field a refusal is about. */
export type FailureField = 'card.expiry' | 'email' | 'shipping.country' | 'shipping_method' | 'vat_number';

/** What a refused order means for the checkout page. */
export type OrderFailureExplained =
  /** The card was declined: nothing was bought and the cart stays; `message` is the server's, if any. */
  | { kind: 'declined'; message: string | undefined }
  /** Prices or stock moved: the cart page explains the lines. */
  | { kind: 'lines_changed'; lines: ChangedLine[] }
  /** Refused for a reason the shopper can fix: the sentence, the field it is about, whether the code goes. */
  | { kind: 'refused'; message: string; field: FailureField | null; dropCode: boolean }
  /** The order could not be placed (no answer, a server fault, no sentence): the generic message. */
  | { kind: 'failed' };

/**
 * The form field a failure is about: the card (expired, missing), the e-mail of a guest, the country
 * the shop does not ship to, a method the address does not offer, or a VAT number not valid there.
 */
function fieldOf(failure: PlaceOrderFailure | null): FailureField | null {
  switch (failure?.reason) {
    case 'card_expired':
    case 'card_missing':
    case 'card_not_sent':
      return 'card.expiry';
    case 'body_mismatch':
      return failure.field === 'email' ? 'email' : null;
    case 'not_shippable':
      return 'shipping.country';
    case 'unknown_shipping_method':
      return 'shipping_method';
    case 'vat_number_invalid':
      return 'vat_number';
    default:
      return null;
  }
}

/** What a refused order means for the shopper (docs/product.md §8): by `reason`, never by status. */
export function explainFailure({ failure, message, fault }: ApiFailure<PlaceOrderFailure>): OrderFailureExplained {
  if (failure?.reason === 'card_declined') return { kind: 'declined', message };
  if (failure?.reason === 'lines_changed' && failure.lines.length > 0) {
    return { kind: 'lines_changed', lines: failure.lines };
  }
  if (fault || !message) return { kind: 'failed' };
  return { kind: 'refused', message, field: fieldOf(failure), dropCode: failure?.reason === 'discount_unusable' };
}

/** The sentence for `not_shippable` when the answer carries none. */
export const NOT_SHIPPABLE = 'We do not ship to this country. Choose another shipping address.';

/** The sentence for `vat_number_invalid` when the answer carries none. */
export const VAT_INVALID = 'That is not a valid VAT number for the country the order goes to.';

/** What a refused quote means for the order summary. */
export type QuoteFailureExplained =
  /** Prices or stock moved: the shopper is told which lines. */
  | { kind: 'lines_changed'; lines: ChangedLine[]; message: string }
  /** The discount code cannot be used: its sentence (the code is then dropped). */
  | { kind: 'code_refused'; message: string }
  /** The shop does not ship to the address's country: its sentence, shown with the shipping methods. */
  | { kind: 'not_shippable'; message: string }
  /** The VAT number is not valid for the destination country: its sentence, shown on the field. */
  | { kind: 'vat_number_invalid'; message: string }
  /** Any other refusal's sentence, or null for "we could not price your order". */
  | { kind: 'error'; message: string | null };

/** What a refused quote means (docs/product.md §8): by `reason`, never by status. */
export function explainQuoteFailure({ failure, message, fault }: ApiFailure<CheckoutFailure>): QuoteFailureExplained {
  if (failure?.reason === 'lines_changed')
    return { kind: 'lines_changed', lines: failure.lines, message: message ?? '' };
  if (failure?.reason === 'discount_unusable' && message) return { kind: 'code_refused', message };
  if (failure?.reason === 'not_shippable') return { kind: 'not_shippable', message: message || NOT_SHIPPABLE };
  if (failure?.reason === 'vat_number_invalid') return { kind: 'vat_number_invalid', message: message || VAT_INVALID };
  return { kind: 'error', message: (!fault && message) || null };
}
