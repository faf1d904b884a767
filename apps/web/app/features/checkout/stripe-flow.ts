import { toMinor } from '@shop/contracts/currency';
import type { Order, Quote } from '@shop/contracts/orders';

/**
 * Paying by card with Stripe, in the order the Payment Element's deferred-intent flow asks:
 * check the card fields (`elements.submit()`), create the order (the server creates its PaymentIntent
 * for the order's total), confirm the PaymentIntent in the browser (3-D Secure included), then have the
 * shop ask Stripe (`sync-payment`). Only the shop's answer marks the order paid; what the browser heard
 * from Stripe never does.
 *
 * A failed attempt leaves the order waiting for payment; the shopper tries again on the same order —
 * the same client secret confirmed again — and never makes a second order.
 */

export const STRIPE_MSG = {
  notReady: 'The card form is still loading. Please try again in a moment.',
  failed: 'Your payment could not be completed. Please try again.',
  notConfirmed: 'Your payment is not confirmed yet. Please try again.',
  syncFailed: 'We could not check your payment with the shop. Please try again.',
  cancelled:
    'This order was cancelled before its payment went through, and nothing was charged. Please place your order again.',
} as const;

/** An order made for this checkout whose PaymentIntent is not paid yet. */
export interface PendingStripeOrder {
  order: Order;
  clientSecret: string;
}

/** The four steps, each a call to Stripe.js or the shop. */
export interface StripeSteps {
  /** The Payment Element's own checks: what is wrong with the card fields, or null. */
  submit(): Promise<string | null>;
  /** POST /api/orders with `payment: {method: 'card'}`; its failures reach the caller as they are. */
  placeOrder(): Promise<Order>;
  /** stripe.confirmPayment with this client secret: Stripe's message when it did not go through, or null. */
  confirm(clientSecret: string, orderId: string): Promise<string | null>;
  /** POST /api/orders/:id/sync-payment. */
  sync(orderId: string, clientSecret: string): Promise<Order>;
}

export type StripeOutcome =
  /** Paid (or otherwise no longer waiting): the confirmation page. */
  | { kind: 'done'; order: Order }
  /** The card fields are not complete: nothing was made, the Payment Element shows where. */
  | { kind: 'invalid'; message: string }
  /** The order waits for payment: show the message, keep the order for the next attempt. */
  | { kind: 'retry'; pending: PendingStripeOrder; message: string }
  /** The order was cancelled meanwhile (unpaid for too long): the next attempt makes a new order. */
  | { kind: 'cancelled'; message: string };

/** What the shop's answer about an order means for this checkout. */
function settled(order: Order): StripeOutcome | null {
  if (order.status === 'cancelled') return { kind: 'cancelled', message: STRIPE_MSG.cancelled };
  if (order.status !== 'awaiting_payment') return { kind: 'done', order };
  return null;
}

/** One attempt to pay: on the order of an earlier attempt (`pending`) if there is one, else a new order. */
export async function payWithStripe(steps: StripeSteps, pending: PendingStripeOrder | null): Promise<StripeOutcome> {
  const invalid = await steps.submit();
  if (invalid !== null) return { kind: 'invalid', message: invalid };

  let current = pending;
  if (!current) {
    const order = await steps.placeOrder();
    const already = settled(order);
    if (already) return already;
    const action = order.payment.next_action;
    if (action?.type !== 'stripe') throw new Error('The order did not come with a Stripe payment to confirm');
    current = { order, clientSecret: action.client_secret };
  }

  const refused = await steps.confirm(current.clientSecret, current.order.id);
  if (refused !== null) return { kind: 'retry', pending: current, message: refused };

  let synced: Order;
  try {
    synced = await steps.sync(current.order.id, current.clientSecret);
  } catch {
    // Stripe took the payment but the shop's answer was lost: the next attempt asks again (confirming an
    // intent that already succeeded counts as confirmed, see stripe-payment.tsx).
    return { kind: 'retry', pending: current, message: STRIPE_MSG.syncFailed };
  }
  const outcome = settled(synced);
  if (outcome) return outcome;
  return {
    kind: 'retry',
    pending: { order: synced, clientSecret: current.clientSecret },
    message: synced.payment.failure_message ?? STRIPE_MSG.notConfirmed,
  };
}

/**
 * Where Stripe sends the shopper back after a 3-D Secure page that needs a full redirect; Stripe adds
 * `payment_intent` and `payment_intent_client_secret` to it (routes/shop/checkout-complete.tsx).
 */
export function completeReturnUrl(origin: string, orderId: string): string {
  return `${origin}/checkout/complete?order=${encodeURIComponent(orderId)}`;
}

/** The order id and client secret from the return URL's query, when both are there. */
export function readReturn(search: URLSearchParams): { orderId: string; clientSecret: string } | null {
  const orderId = search.get('order');
  const clientSecret = search.get('payment_intent_client_secret');
  if (!orderId || !clientSecret) return null;
  return { orderId, clientSecret };
}

/**
 * The amount the Payment Element shows, in minor units of its currency (lower case, as Stripe spells
 * it): the pending order's total, else the quote's.
 */
export function elementAmount(
  pending: PendingStripeOrder | null,
  quoted: Pick<Quote, 'totals' | 'currency'> | null,
): { minor: number; currency: string } | null {
  const priced = pending ? pending.order : quoted;
  if (!priced) return null;
  return { minor: toMinor(priced.totals.total, priced.currency.digits), currency: priced.currency.code.toLowerCase() };
}
