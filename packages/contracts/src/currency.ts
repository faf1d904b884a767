/**
 * Currencies (docs/adr/050-currencies.md). Money is integer minor units of its currency everywhere: a
 * currency's `digits` (ISO 4217: JPY 0, USD 2, KWD 3) say how many of them make one unit, and only the
 * wire (`toMinor`/`fromMinor`) and people (`formatMinor`) ever see decimals.
 *
 * The shop keeps its prices in its base currency. A presentment currency is one more currency shoppers
 * may pay in: its amounts are the base amounts at the owner's rate, shelf prices rounded by the owner's
 * rule. Free of dependencies, so the storefront converts a price exactly as checkout does.
 */

/** A currency and its number of minor-unit digits. */
export interface CurrencyUnit {
  code: string;
  digits: number;
}

/**
 * How a converted shelf price is rounded:
 * - `none`: to the smallest unit (21.37);
 * - `whole`: to the nearest whole unit (21.00);
 * - `charm`: up to the next whole unit, less the smallest unit (21.99; for a currency without minor
 *   units, up to the next hundred, less one: ¥2,999).
 */
export const ROUNDINGS = ['none', 'whole', 'charm'] as const;
export type Rounding = (typeof ROUNDINGS)[number];

/** One more currency shoppers may pay in. */
export interface PresentmentCurrency extends CurrencyUnit {
  /** Units of this currency one unit of the base buys: 0.92 (EUR for one USD), at most six decimals. */
  rate: number;
  rounding: Rounding;
  /** Shipping countries (ISO 3166-1) whose shoppers get it until they choose another. */
  countries: string[];
}

export interface CurrencySettings {
  base: CurrencyUnit;
  presentment: PresentmentCurrency[];
}

/** The currency a shopper pays in, with what converts base amounts into it (rate 1 for the base itself). */
export interface Presentment extends CurrencyUnit {
  rate: number;
  rounding: Rounding;
  /** false: the base currency. */
  converted: boolean;
}

/** The most decimals a rate may have, so that `rate × 10^6` is an exact integer. */
export const RATE_DECIMALS = 6;
const RATE_SCALE = 10 ** RATE_DECIMALS;

const pow10 = (n: number) => 10n ** BigInt(n);

/** A decimal amount from the wire in minor units of a currency with `digits`: 19.99 → 1999, ¥1500 → 1500. */
export function toMinor(amount: number, digits: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not a finite amount: ${amount}`);
  return Math.round(amount * 10 ** digits);
}

/** Minor units as the wire's decimal amount: 1999 → 19.99 (2 digits), 1500 → 1500 (0 digits). */
export function fromMinor(minor: number, digits: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  return minor / 10 ** digits;
}

/** True when `amount` has at most `places` decimals, allowing for binary noise. Constant time. */
export function hasAtMostDecimals(amount: number, places: number): boolean {
  const scaled = amount * 10 ** places;
  return Number.isFinite(scaled) && Math.abs(Math.round(scaled) - scaled) < 1e-6;
}

/**
 * Base minor units in the presentment currency. `shelf`: a price shoppers see on a product, rounded by
 * the currency's rule; otherwise (shipping rates, thresholds, fixed discounts) to the smallest unit,
 * half up. Exact: BigInt over the rate's integer millionths.
 */
export function convertMinor(baseMinor: number, base: CurrencyUnit, to: Presentment, shelf = false): number {
  if (!to.converted) return baseMinor;
  if (!Number.isSafeInteger(baseMinor) || baseMinor < 0) throw new RangeError(`not a price: ${baseMinor}`);
  const rate = BigInt(Math.round(to.rate * RATE_SCALE));
  // exact = baseMinor × rate × 10^to.digits / (10^6 × 10^base.digits), as numerator / denominator
  let numerator = BigInt(baseMinor) * rate;
  let denominator = BigInt(RATE_SCALE);
  if (to.digits >= base.digits) numerator *= pow10(to.digits - base.digits);
  else denominator *= pow10(base.digits - to.digits);
  const rounding = shelf ? to.rounding : 'none';
  const step = rounding === 'none' ? 1n : rounding === 'whole' ? pow10(to.digits) : pow10(Math.max(to.digits, 2));
  const unit = denominator * step;
  const result =
    rounding === 'charm'
      ? numerator === 0n
        ? 0n
        : ((numerator + unit - 1n) / unit) * step - 1n
      : ((numerator * 2n + unit) / (unit * 2n)) * step;
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large to convert exactly');
  return Number(result);
}

/**
 * Which currency a shopper pays in: the one they chose when the shop offers it, else the one of their
 * shipping country, else the base.
 */
export function presentmentFor(
  settings: CurrencySettings,
  { chosen, country }: { chosen?: string | null | undefined; country?: string | null | undefined },
): Presentment {
  const base: Presentment = { ...settings.base, rate: 1, rounding: 'none', converted: false };
  if (chosen === settings.base.code) return base;
  const offered =
    settings.presentment.find((c) => c.code === chosen) ??
    (country ? settings.presentment.find((c) => c.countries.includes(country)) : undefined);
  return offered
    ? { code: offered.code, digits: offered.digits, rate: offered.rate, rounding: offered.rounding, converted: true }
    : base;
}

/**
 * Presentment minor units back in base minor units, half up, at the rate the order recorded: what
 * reports add up across currencies.
 */
export function toBaseMinor(minor: number, base: CurrencyUnit, from: Presentment): number {
  if (!from.converted) return minor;
  const rate = BigInt(Math.round(from.rate * RATE_SCALE));
  let numerator = BigInt(minor) * BigInt(RATE_SCALE);
  let denominator = rate;
  if (base.digits >= from.digits) numerator *= pow10(base.digits - from.digits);
  else denominator *= pow10(from.digits - base.digits);
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

// One formatter per locale, currency and digits: building one costs ~40 µs, formatting under 1 µs.
const formatters = new Map<string, Intl.NumberFormat>();

/** Minor units as people read them, in the locale's way: `$1,234.50`, `¥2,999`, `1.234,50 €`. */
export function formatMinor(minor: number, currency: CurrencyUnit, locale = 'en-US'): string {
  const key = `${locale}|${currency.code}|${currency.digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.code,
      minimumFractionDigits: currency.digits,
      maximumFractionDigits: currency.digits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(minor / 10 ** currency.digits);
}

/** A decimal amount from the wire as people read it in its currency: `formatMinor` of its minor units. */
export function formatAmountIn(amount: number, currency: CurrencyUnit, locale = 'en-US'): string {
  return formatMinor(toMinor(amount, currency.digits), currency, locale);
}

/** The most minor-unit digits an ISO 4217 currency has: what a contract lets through before the server checks the base's. */
export const MAX_CURRENCY_DIGITS = 4;

/** Why an amount with more decimals than `currency` has is refused: `Prices in JPY have no decimals`. */
export function tooManyDecimals(currency: CurrencyUnit, noun = 'Amounts'): string {
  if (currency.digits === 0) return `${noun} in ${currency.code} have no decimals`;
  return `${noun} in ${currency.code} have at most ${currency.digits} decimal${currency.digits === 1 ? '' : 's'}`;
}
