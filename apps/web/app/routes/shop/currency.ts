import { redirect } from 'react-router';
import { currencyCookie, shipToCookie } from '../../lib/currency-cookie.ts';
import { postedForm, textField } from '../../lib/form-post.ts';
import { namedCountries } from '../../lib/presentment.server.ts';
import { safeNextPath } from '../../lib/safe-next.ts';
import type { Route } from './+types/currency';

/**
 * The header's currency and ship-to form, with or without JavaScript (docs/adr/050-currencies.md):
 * remembers the country shipped to — one the shop's zones name; anything else forgets it — and the
 * currency chosen — the base or one the shop offers; anything else forgets the choice. A new country
 * forgets the currency, which then follows the country. Then goes back to the page it was sent from
 * (`return_to`, a path on this shop only).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const { currencies, shippingZones } = await context.services.settings.get();
  const offered = [currencies.base.code, ...currencies.presentment.map((c) => c.code)];
  const posted = textField(form, 'ship_to');
  const country = posted && namedCountries(shippingZones).includes(posted) ? posted : null;
  const shipToSent = form?.has('ship_to') ?? false;
  const countryChanged = shipToSent && (country ?? '') !== (textField(form, 'previous_ship_to') ?? '');
  const code = textField(form, 'currency');
  const currency = !countryChanged && code && offered.includes(code) ? code : null;
  const back = safeNextPath(textField(form, 'return_to'), 'storefront') ?? '/';
  const headers = new Headers({ 'set-cookie': currencyCookie(currency) });
  if (shipToSent) headers.append('set-cookie', shipToCookie(country));
  return redirect(back, { status: 303, headers });
}

/** Nothing to show here: the home page. */
export function loader() {
  return redirect('/');
}
