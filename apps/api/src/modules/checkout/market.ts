import { isCountryCode } from '@shop/contracts/countries';
import { presentmentFor } from '@shop/contracts/currency';
import type { Market } from '@shop/contracts/market';
import { zoneFor } from '@shop/contracts/shipping';
import { rateFor, taxIncludedIn } from '@shop/contracts/tax';
import type { Settings } from '../settings/index.ts';

/**
 * The market of a shopper who ships to `country` and chose `currency` (either may be unknown, or not a
 * country or currency the shop knows: then it is as if not given). Its shelf prices are what `priceWith`
 * charges a destination in that country without a postcode or region (docs/adr/050-currencies.md).
 */
export function marketFor(
  settings: Pick<Settings, 'currencies' | 'tax' | 'shippingZones'>,
  choice: { country?: string | null; currency?: string | null },
): Market {
  const country = choice.country && isCountryCode(choice.country) ? choice.country : null;
  const currency = presentmentFor(settings.currencies, { chosen: choice.currency, country });
  const { tax } = settings;
  const zone = country ? zoneFor(settings.shippingZones, { country, region: null, postalCode: '' }) : null;
  const included = tax.pricesIncludeTax || (zone !== null && taxIncludedIn(tax, zone.id));
  const addedRates: Record<string, number> = {};
  if (zone && country && !tax.pricesIncludeTax && included) {
    for (const c of tax.classes) addedRates[c.code] = rateFor(tax, zone.id, c.code, { country }).rateBasisPoints;
  }
  return {
    country,
    base: settings.currencies.base,
    currency,
    taxIncluded: included,
    taxName: (zone ? tax.zoneNames?.[zone.id] : undefined) ?? tax.name,
    addedRates,
  };
}
