/**
 * Money is integer minor units (cents) everywhere except on the wire, where the spec shows decimals
 * (DESIGN §6). These are the only two crossings.
 */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not a finite amount: ${amount}`);
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  return cents / 100;
}

/** The price after a percentage discount, rounded to the cent. */
export function discountedCents(regularCents: number, percentage: number): number {
  return Math.round((regularCents * (100 - percentage)) / 100);
}

export function formatMoney(cents: number, currency = 'USD', locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
