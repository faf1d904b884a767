import { MAX_LINE_QUANTITY } from './constants.ts';

/** What a quantity field says about text that is not a quantity (shown under the field). */
export const QUANTITY_MESSAGES = {
  whole: 'Enter a whole number of items, like 2',
  min: 'Quantity must be at least 1',
} as const;

/** A quantity a shopper typed: a whole number of at least 1, or why it is not one. */
export type ParsedQuantity = { ok: true; value: number } | { ok: false; message: string };

/** Digits only: no sign, no spaces, no decimal point, no exponent ('1e3' is not a thousand items). */
const WHOLE = /^[0-9]+$/;

/**
 * Reads a typed quantity. Only plain digits count: `Number()` and `<input type=number>` would read
 * '1e3' as 1000, ' 3' and '+3' as 3 and '1.0' as 1, so a shopper could order what they never typed.
 * Linear in the text (docs/adr/011-linear-time-validation.md). A number above what can be bought is
 * returned as it is: the caller caps it at the stock and says so.
 */
export function parseQuantity(text: string): ParsedQuantity {
  if (!WHOLE.test(text)) return { ok: false, message: QUANTITY_MESSAGES.whole };
  const value = Number(text);
  if (value < 1) return { ok: false, message: QUANTITY_MESSAGES.min };
  return { ok: true, value };
}

/**
 * How many of a variant a line may hold: its stock, and never more than MAX_LINE_QUANTITY. Unknown
 * stock (a line saved before the cart knew it) counts as MAX_LINE_QUANTITY; the server checks again.
 */
export function lineLimit(available: number | undefined | null): number {
  if (available == null || !Number.isFinite(available)) return MAX_LINE_QUANTITY;
  return Math.max(0, Math.min(Math.trunc(available), MAX_LINE_QUANTITY));
}

/**
 * An add of `wanted` to a line that holds `inCart`, capped at `limit`: the line's new quantity and
 * whether the cap cut the add short (the shopper is told so, not 'Added to cart!'). A line above a
 * stock that fell meanwhile comes down to it; 0 means none can be had.
 */
export function cappedAdd(inCart: number, wanted: number, limit: number): { quantity: number; capped: boolean } {
  const quantity = Math.max(0, Math.min(inCart + wanted, limit));
  return { quantity, capped: quantity < inCart + wanted };
}
