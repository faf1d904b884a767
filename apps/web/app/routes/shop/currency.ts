import { redirect } from 'react-router';
import { currencyCookie } from '../../lib/currency-cookie.ts';
import { postedForm, textField } from '../../lib/form-post.ts';
import { safeNextPath } from '../../lib/safe-next.ts';
import type { Route } from './+types/currency';

/**
 * The header's currency form, with or without JavaScript (docs/adr/050-currencies.md): remembers the
 * currency chosen — the base or one the shop offers; anything else forgets the choice — and goes back
 * to the page it was sent from (`return_to`, a path on this shop only).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const { currencies } = await context.services.settings.get();
  const offered = [currencies.base.code, ...currencies.presentment.map((c) => c.code)];
  const code = textField(form, 'currency');
  const back = safeNextPath(textField(form, 'return_to'), 'storefront') ?? '/';
  return redirect(back, {
    status: 303,
    headers: { 'set-cookie': currencyCookie(code && offered.includes(code) ? code : null) },
  });
}

/** Nothing to show here: the home page. */
export function loader() {
  return redirect('/');
}
