import type { PlaceOrderBody } from '@shop/contracts/orders';
import { payLaterTerm } from '@shop/contracts/pay-later';
import type { Actor } from '../checkout/index.ts';
import { PAYMENT_MSG } from '../payments/index.ts';
import type { Settings } from '../settings/index.ts';

/** An order whose card payment is not confirmed within this time is cancelled and restocked. */
export const PAYMENT_CONFIRM_WINDOW_MS = 30 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;

export const ORDER_MSG = {
  notFound: 'Order not found',
  inFlight: 'A request with this Idempotency-Key is still being processed',
  notCancellable: 'This order has shipped and can no longer be cancelled',
  alreadyCancelled: 'This order is already cancelled',
  notAwaitingConfirmation: 'This payment is no longer waiting for confirmation',
  paymentFailed: PAYMENT_MSG.failed,
  expired: 'The payment was not confirmed in time.',
  paymentCancelled: PAYMENT_MSG.cancelled,
  providerUnavailable: 'The payment provider did not answer. Please try again in a moment.',
  cardPaymentsUnavailable: 'Card payments are not available in this shop: choose pay later.',
  payLaterUnavailable: 'Pay later is not available in this shop: pay by card.',
  noWayToPay: 'This shop cannot take orders yet: it has no way to pay set up.',
  cardMissing: 'payment.card is required: the card’s brand, last 4 digits, expiry and name',
  cardNotSent:
    'Card details are entered in Stripe’s payment form and never sent to the shop: send payment {"method": "card"} without a card',
  notPaidInTime: 'The invoice was not paid in time.',
} as const;

/** Whose Idempotency-Keys an order request uses (ADR 004): the account, or the guest's e-mail. */
export function orderScope(actor: Actor, body: PlaceOrderBody): string {
  return actor.userId ? `order:user:${actor.userId}` : `order:guest:${(body.email ?? '').toLowerCase()}`;
}

/**
 * What the Idempotency-Key's request hash covers: the whole body. A card is only its brand,
 * last 4, expiry and name (the contract refuses a number or a security code), so nothing in the hash
 * could lead back to a card number.
 */
export function hashable(body: PlaceOrderBody) {
  return body;
}

/**
 * When a pay-later invoice is due. A guest's order also holds its stock only until `payBy` (anyone can place one with any e-mail, and never pay): the store's guest hold, and the
 * invoice falls due then at the latest, so the date the guest is told is the date that counts.
 * Signed-in customers get the store's invoice terms; staff chase those with reminders.
 */
export function payLaterTerms(now: Date, guest: boolean, settings: Settings): { dueAt: Date; payBy: Date | null } {
  const dueAt = new Date(now.getTime() + payLaterTerm(settings, guest).hours * HOUR_MS);
  return { dueAt, payBy: guest ? dueAt : null };
}
