import isoData from 'currency-codes';
import type { CurrencyUnit } from './currency.ts';

/**
 * The ISO 4217 currencies a shop can take, with their minor units, from the `currency-codes` package (the
 * standard's published list). Left out: codes that are no money a shopper pays with — precious metals,
 * bond units, the testing and "no currency" codes (their countries are the list's `Zz…` placeholders).
 */
export const ISO_CURRENCIES: readonly (CurrencyUnit & { name: string })[] = isoData.data
  .filter((c) => !c.countries.every((country) => country.startsWith('Zz')))
  .map((c) => ({ code: c.code, digits: c.digits, name: c.currency }))
  .sort((a, b) => a.code.localeCompare(b.code));

const byCode = new Map(ISO_CURRENCIES.map((c) => [c.code, c]));

/** The currency of an ISO 4217 code (upper case), or null for anything else. */
export function isoCurrency(code: string): (CurrencyUnit & { name: string }) | null {
  return byCode.get(code) ?? null;
}

/** The code with its ISO minor units; a code the list does not have (none is stored) counts two. */
export function currencyUnit(code: string): CurrencyUnit {
  return { code, digits: isoCurrency(code)?.digits ?? 2 };
}
