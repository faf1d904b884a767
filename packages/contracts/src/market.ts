import { type CurrencyUnit, convertMinor, type Presentment } from './currency.ts';
import { STANDARD_CLASS, withTax } from './tax.ts';

/**
 * Where a shopper shops (docs/adr/050-currencies.md): the country they ship to (as far as the storefront
 * knows it), the currency they pay in, and whether shelf prices there hold their tax. The storefront
 * prices every product with it exactly as checkout will (`shelfMinor`); without zod or data, so it costs
 * the page's code next to nothing.
 */
export interface Market {
  /** The shipping country the shopper chose (ISO 3166-1); null: not chosen. */
  country: string | null;
  base: CurrencyUnit;
  currency: Presentment;
  /** Shelf prices hold their tax: shown with "incl. VAT" (the tax's name) beside them. */
  taxIncluded: boolean;
  taxName: string;
  /**
   * Per tax class, the rate (basis points) checkout adds to the entered price for this country: the
   * zone shows prices with tax that were entered without it. Empty: nothing is added.
   */
  addedRates: Record<string, number>;
}

/** A product's shelf price in this market, in minor units of its currency: what checkout will charge for it. */
export function shelfMinor(baseMinor: number, taxClass: string, market: Market): number {
  const rate = market.addedRates[taxClass] ?? market.addedRates[STANDARD_CLASS];
  const entered = rate === undefined ? baseMinor : withTax(baseMinor, rate);
  return convertMinor(entered, market.base, market.currency, true);
}
