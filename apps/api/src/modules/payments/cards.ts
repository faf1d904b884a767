import { type Failure, fail, ok, type Result } from '../../lib/result.ts';

/** What checkout knows of a card after the contract's format checks (orders.ts `cardInput`). */
export interface CardDetails {
  /** Digits only. */
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name: string;
}

export const CARD_MSG = {
  invalidNumber: 'Your card number is invalid.',
  expired: 'Your card has expired.',
  invalidCvc: 'Your card’s security code is invalid.',
  declined: 'Your card was declined.',
} as const;

/** The Luhn checksum every card number carries (ISO/IEC 7812). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'card';

/** The brand from the number's issuer prefix; `card` when we do not know it. */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}

/** A card is good through the last day of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** Why a card is refused before it is charged: number and security code (400), expiry (422). */
export type CardFailure = Failure<'card_number_invalid'> | Failure<'card_cvc_invalid'> | Failure<'card_expired'>;

/** The gateway's answer that it would not take the money, in its own words (402). */
export type CardDeclined = Failure<'card_declined', { message: string }>;

/**
 * The checks a gateway makes before it talks to the bank (issue 4): Luhn, security code length for the
 * brand, expiry by the shop's clock. Runs before anything is written.
 */
export function checkCard(card: CardDetails, now: Date): Result<{ brand: CardBrand; last4: string }, CardFailure> {
  if (!luhnValid(card.number)) return fail('card_number_invalid');
  const brand = cardBrand(card.number);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (card.cvc.length !== cvcLength) return fail('card_cvc_invalid');
  if (cardExpired(card.exp_month, card.exp_year, now)) return fail('card_expired');
  return ok({ brand, last4: card.number.slice(-4) });
}
