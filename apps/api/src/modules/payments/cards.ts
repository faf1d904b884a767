import { CARD_BRAND_NAMES } from '@shop/contracts/card-brands';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';

/**
 * The words shoppers see about their card. The number and the security code are checked in
 * the browser (they never reach the server); the server checks only the expiry it is sent.
 */
export const CARD_MSG = {
  invalidNumber: 'Your card number is invalid.',
  expired: 'Your card has expired.',
  invalidCvc: 'Your card’s security code is invalid.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
} as const;

/** What shoppers read of a card payment that did not complete. */
export const PAYMENT_MSG = {
  failed: 'The payment could not be completed. Please try again.',
  cancelled: 'The payment was cancelled.',
} as const;

/** "Visa •••• 4242"; "card" when the provider has not told which (a Stripe payment before it is paid). */
export function cardLabel(brand: string | null, last4: string | null): string {
  if (!last4) return 'card';
  return `${CARD_BRAND_NAMES[brand ?? ''] ?? 'Card'} •••• ${last4}`;
}

/** A card is good through the last day of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** Why a demo card is refused before it is charged: expired by the shop's clock (422). */
export type CardFailure = Failure<'card_expired'>;

/** The provider's answer that it would not take the money, in its own words (402). */
export type CardDeclined = Failure<'card_declined', { message: string }>;

/** The expiry check a gateway makes before it talks to the bank; runs before anything is written. */
export function checkExpiry(card: { exp_month: number; exp_year: number }, now: Date): Result<true, CardFailure> {
  return cardExpired(card.exp_month, card.exp_year, now) ? fail('card_expired') : ok(true);
}
