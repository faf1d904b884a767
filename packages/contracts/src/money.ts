/**
 * The shop's one money module. Money is integer minor units (cents) everywhere
 * except on the wire, where docs/product.md shows decimals (docs/architecture.md §6): `toCents` and `fromCents` are the only
 * two crossings, `hasAtMostTwoDecimals` the one rule for a decimal the wire may carry, and
 * `formatMoney`/`formatAmount` the one way money is written for people.
 */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not a finite amount: ${amount}`);
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  return cents / 100;
}

/**
 * True when a decimal is a whole number of cents (at most two decimals), allowing for binary
 * floating-point noise (0.1 + 0.2 is 0.3 here). False for NaN and ±Infinity. Constant time: the
 * contracts' zod schemas refine money (and percentages with two places) with it, never with a pattern.
 */
export function hasAtMostTwoDecimals(amount: number): boolean {
  const hundredths = amount * 100;
  return Math.abs(Math.round(hundredths) - hundredths) < 1e-6;
}

/** The price after a percentage discount, rounded to the cent. */
export function discountedCents(regularCents: number, percentage: number): number {
  return Math.round((regularCents * (100 - percentage)) / 100);
}

// One formatter per locale and currency. Building an Intl.NumberFormat costs ~40 µs, formatting
// with one under 1 µs, and a listing page formats dozens of prices on the server and again at hydration.
const formatters = new Map<string, Intl.NumberFormat>();

/** Cents as the shop shows money: `$1,234.50`. */
export function formatMoney(cents: number, currency = 'USD', locale = 'en-US'): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

/** A decimal amount from the wire as the shop shows money: `formatMoney` of its cents. */
export function formatAmount(amount: number, currency = 'USD', locale = 'en-US'): string {
  return formatMoney(toCents(amount), currency, locale);
}
