import type { Services } from '@shop/api/services';
import { presentmentFor } from '@shop/contracts/currency';
import { chosenCurrencyOf } from './currency-cookie.ts';
import type { ShopperCurrency } from './shopper-currency.ts';

/**
 * The shopper's currency for a page request: the one their `currency` cookie names when the shop offers
 * it, else the base (docs/adr/050-currencies.md). A cached page's render sees that one cookie only
 * (apps/api/src/web/plugin.ts), and is kept per currency.
 */
export async function shopperCurrency(request: Request, services: Services): Promise<ShopperCurrency> {
  const { currencies } = await services.settings.get();
  const chosen = chosenCurrencyOf(request.headers.get('cookie'));
  return {
    base: currencies.base,
    presentment: presentmentFor(currencies, { chosen }),
    offered: [currencies.base.code, ...currencies.presentment.map((c) => c.code)],
  };
}
