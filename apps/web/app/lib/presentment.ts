import { convertMinor, formatMinor } from '@shop/contracts/currency';
import type { ShopperCurrency } from './shopper-currency.ts';

/** A shelf price (base minor units) in the shopper's currency, rounded by its rule: what checkout charges. */
export function shelfMinor(baseMinor: number, shopper: ShopperCurrency): number {
  return convertMinor(baseMinor, shopper.base, shopper.presentment, true);
}

/** A shelf price (base minor units) as the shopper reads it: `$19.99`, `€18.99`. */
export function formatShelf(baseMinor: number, shopper: ShopperCurrency): string {
  return formatMinor(shelfMinor(baseMinor, shopper), shopper.presentment);
}

/** A product's sale and regular price as its price tag shows them; `regular` only when it is higher. */
export function shelfPrices(
  saleMinor: number,
  regularMinor: number,
  discount: number,
  shopper: ShopperCurrency,
): { sale: string; regular: string | null } {
  const sale = shelfMinor(saleMinor, shopper);
  const regular = shelfMinor(regularMinor, shopper);
  return {
    sale: formatMinor(sale, shopper.presentment),
    regular: discount > 0 && regular > sale ? formatMinor(regular, shopper.presentment) : null,
  };
}
