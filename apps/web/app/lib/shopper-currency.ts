import type { CurrencyUnit, Presentment } from '@shop/contracts/currency';
import { useRouteLoaderData } from 'react-router';

/**
 * The currency a shopper sees prices in and pays in, and the market they shop in (docs/adr/050-currencies.md):
 * the base, or the presentment currency they chose or their ship-to country has; and whether shelf prices
 * there hold the country's tax. The storefront layout's loader reads it for every page; pricing with it is
 * lib/presentment.ts's.
 */
export interface ShopperCurrency {
  base: CurrencyUnit;
  presentment: Presentment;
  /** The codes the header offers, the base first; just the base when the shop offers no other. */
  offered: string[];
  /** The ship-to country chosen in the header (ISO 3166-1); null: not chosen. */
  country: string | null;
  /** Shelf prices hold their tax: shown with "incl. {taxName}" beside them. */
  taxIncluded: boolean;
  taxName: string;
  /** Per tax class, the rate (basis points) added to the entered price there; empty: nothing added. */
  addedRates: Record<string, number>;
}

/** Where the storefront layout's loader data is found (routes.ts). */
const SHOP_LAYOUT_ROUTE = 'routes/shop/layout';

/** The base, unconverted: outside the storefront layout (the admin's previews, tests). */
export function baseOnly(base: CurrencyUnit = { code: 'USD', digits: 2 }): ShopperCurrency {
  return {
    base,
    presentment: { ...base, rate: 1, rounding: 'none', converted: false },
    offered: [base.code],
    country: null,
    taxIncluded: false,
    taxName: 'Tax',
    addedRates: {},
  };
}

/** The shopper's currency, from the storefront layout's loader (the base outside it). */
export function useShopperCurrency(): ShopperCurrency {
  const layout = useRouteLoaderData(SHOP_LAYOUT_ROUTE) as { currency?: ShopperCurrency } | undefined;
  return layout?.currency ?? baseOnly();
}
