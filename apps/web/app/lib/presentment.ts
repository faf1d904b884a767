import { formatMinor } from '@shop/contracts/currency';
import { type Market, shelfMinor as marketShelfMinor } from '@shop/contracts/market';
import type { ShopperCurrency } from './shopper-currency.ts';

/** The shopper's market, as contracts `shelfMinor` reads it. */
function marketOf(shopper: ShopperCurrency): Market {
  return {
    country: shopper.country,
    base: shopper.base,
    currency: shopper.presentment,
    taxIncluded: shopper.taxIncluded,
    taxName: shopper.taxName,
    addedRates: shopper.addedRates,
  };
}

/**
 * A shelf price (base minor units, as entered) in the shopper's market: with the tax their country adds to
 * its class where prices are shown with tax, converted and rounded by their currency's rule — what checkout
 * charges (docs/adr/050-currencies.md).
 */
export function shelfMinor(baseMinor: number, taxClass: string, shopper: ShopperCurrency): number {
  return marketShelfMinor(baseMinor, taxClass, marketOf(shopper));
}

/** A shelf price (base minor units) as the shopper reads it: `$19.99`, `€18.99`. */
export function formatShelf(baseMinor: number, taxClass: string, shopper: ShopperCurrency): string {
  return formatMinor(shelfMinor(baseMinor, taxClass, shopper), shopper.presentment);
}

/** What is said beside a price that holds its tax: "incl. VAT"; null where tax is added at checkout. */
export function taxNote(shopper: ShopperCurrency): string | null {
  return shopper.taxIncluded ? `incl. ${shopper.taxName}` : null;
}

/** A product's sale and regular price as its price tag shows them; `regular` only when it is higher. */
export function shelfPrices(
  saleMinor: number,
  regularMinor: number,
  discount: number,
  taxClass: string,
  shopper: ShopperCurrency,
): { sale: string; regular: string | null } {
  const sale = shelfMinor(saleMinor, taxClass, shopper);
  const regular = shelfMinor(regularMinor, taxClass, shopper);
  return {
    sale: formatMinor(sale, shopper.presentment),
    regular: discount > 0 && regular > sale ? formatMinor(regular, shopper.presentment) : null,
  };
}
