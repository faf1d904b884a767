import { CARD_MSG, cardBrand, cardExpired } from '@shop/contracts/cards';

/** What a shopper types into the card fields, read and tidied before the contracts check it. */

export const EXPIRY_MSG = {
  required: 'Expiry date is required',
  format: 'Enter the expiry date as MM/YY',
  month: 'Expiry month must be 1–12',
  expired: CARD_MSG.expired,
} as const;

export type ExpiryResult = { ok: true; month: number; year: number } | { ok: false; message: string };

/**
 * Reads an expiry date as cards print it: MM/YY (also M/YY, MM/YYYY, MMYY, with spaces or a dash).
 * A card is good through the last day of its month, so the current month has not expired yet (the
 * contracts' rule).
 */
export function parseExpiry(text: string, now: Date = new Date()): ExpiryResult {
  const compact = text.replace(/\s+/g, '');
  if (!compact) return { ok: false, message: EXPIRY_MSG.required };
  const match = /^(\d{1,2})[/-](\d{2}|\d{4})$/.exec(compact) ?? /^(\d{2})(\d{2})$/.exec(compact);
  if (!match) return { ok: false, message: EXPIRY_MSG.format };
  const month = Number(match[1]);
  const yearText = match[2] as string;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return { ok: false, message: EXPIRY_MSG.month };
  if (cardExpired(month, year, now)) return { ok: false, message: EXPIRY_MSG.expired };
  return { ok: true, month, year };
}

/**
 * Shapes the expiry field while typing: digits get a slash after the month ("1234" → "12/34"), and a
 * one-digit month followed by a slash is padded ("1/27" → "01/27").
 */
export function formatExpiryInput(raw: string): string {
  const oneDigitMonth = /^\s*(\d)\s*\/(.*)$/.exec(raw);
  if (oneDigitMonth) {
    const rest = (oneDigitMonth[2] ?? '').replace(/\D/g, '').slice(0, 2);
    return `0${oneDigitMonth[1]}/${rest}`;
  }
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  // Keep a slash the shopper typed after two digits, so "12/" does not jump back to "12".
  return digits.length === 2 && /\/\s*$/.test(raw) ? `${digits}/` : digits;
}

/**
 * The card number grouped as printed on the card: fours ("4242 4242 4242 4242"), or 4-6-5 on an
 * American Express ("3782 822463 10005"), whose numbers have 15 digits.
 */
export function formatCardNumber(raw: string): string {
  const all = raw.replace(/\D/g, '');
  if (cardBrand(all) === 'amex') {
    const digits = all.slice(0, 15);
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  }
  return all.slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}
