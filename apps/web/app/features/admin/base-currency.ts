import { type CurrencyUnit, formatAmountIn, hasAtMostDecimals } from '@shop/contracts/currency';
import type { StoreSettings } from '@shop/contracts/orders';
import { useQuery } from '@tanstack/react-query';
import { storeSettingsQuery } from './api/store-settings.ts';

/**
 * The shop's base currency, in which the admin area shows and takes prices, shipping rates, discounts
 * and reports (docs/adr/050-currencies.md): the wire carries them as decimals with the base's digits.
 */

/** Until the store settings arrive (the admin frame waits for them), or should they not load. */
export const FALLBACK_BASE: CurrencyUnit = { code: 'USD', digits: 2 };

const baseOf = (settings: StoreSettings): CurrencyUnit => settings.currencies.base;

/** The base currency, from the store settings the admin frame reads once per session. */
export function useBaseCurrency(): CurrencyUnit {
  return useQuery({ ...storeSettingsQuery, select: baseOf }).data ?? FALLBACK_BASE;
}

/** A decimal amount from the wire as people read it in the base: `$1,234.50`, `¥2,999`. */
export const formatBase = (amount: number, base: CurrencyUnit): string => formatAmountIn(amount, base);

const symbols = new Map<string, string>();

/** How a label names the currency: `$`, `¥`, `€`, or the code where English has no sign (`KWD`). */
export function currencySymbol(base: CurrencyUnit): string {
  let symbol = symbols.get(base.code);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: base.code }).formatToParts(0);
    symbol = parts.find((p) => p.type === 'currency')?.value ?? base.code;
    symbols.set(base.code, symbol);
  }
  return symbol;
}

/** What a money input of the base takes: its smallest unit as the step (`0.01`, `1` for yen). */
export function moneyInput(base: CurrencyUnit): { step: string; inputMode: 'decimal' | 'numeric' } {
  return {
    step: (1 / 10 ** base.digits).toFixed(base.digits),
    inputMode: base.digits === 0 ? 'numeric' : 'decimal',
  };
}

/** An amount as a money input shows it: with the base's digits (`49.90`, `4990`). */
export const amountText = (amount: number, base: CurrencyUnit): string => amount.toFixed(base.digits);

/** True when an amount is a whole number of the base's smallest unit. */
export const fitsBase = (amount: number, base: CurrencyUnit): boolean => hasAtMostDecimals(amount, base.digits);

/** What a field with more decimals than the base has says. */
export function decimalsMessage(field: string, base: CurrencyUnit): string {
  return base.digits === 0
    ? `${field} must be a whole number of ${base.code}`
    : `${field} must have at most ${base.digits} decimals`;
}
