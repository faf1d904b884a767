import type { Services } from '@shop/api/services';
import { countryName } from '@shop/contracts/countries';
import type { ShippingZone } from '@shop/contracts/shipping';
import { chosenCurrencyOf, chosenShipToOf } from './currency-cookie.ts';
import type { ShopperCurrency } from './shopper-currency.ts';

/**
 * The shopper's currency and market for a page request (docs/adr/050-currencies.md): the country their
 * `ship_to` cookie names when the shop's zones name it, the currency their `currency` cookie names when the
 * shop offers it, else that country's currency or the base. A cached page's render sees those two cookies
 * only (apps/api/src/web/plugin.ts), and is kept per pair.
 */
export async function shopperCurrency(request: Request, services: Services): Promise<ShopperCurrency> {
  const { currencies, shippingZones } = await services.settings.get();
  const cookie = request.headers.get('cookie');
  const shipTo = chosenShipToOf(cookie);
  const country = shipTo && namedCountries(shippingZones).includes(shipTo) ? shipTo : null;
  const market = await services.checkout.market({ country, currency: chosenCurrencyOf(cookie) ?? null });
  return {
    base: market.base,
    presentment: market.currency,
    offered: [currencies.base.code, ...currencies.presentment.map((c) => c.code)],
    country: market.country,
    taxIncluded: market.taxIncluded,
    taxName: market.taxName,
    addedRates: market.addedRates,
  };
}

/** The countries the shop's zones name (not "everywhere else"), once each. */
export function namedCountries(zones: readonly ShippingZone[]): string[] {
  return [...new Set(zones.flatMap((z) => (z.everywhereElse ? [] : z.countries)))];
}

/** The header's "Ship to" choices: the named countries by English name. */
export function shipToChoices(zones: readonly ShippingZone[]): { code: string; name: string }[] {
  return namedCountries(zones)
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
