import { useId } from 'react';
import { useLocation } from 'react-router';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/** What the header's currency form offers, from the storefront layout's loader. */
export interface HeaderCurrency {
  /** The base first; one code alone: the shop offers no other currency, and nothing is shown. */
  offered: string[];
  current: string;
}

/**
 * The currency shoppers see prices and pay in (docs/adr/050-currencies.md): a form posted to /currency,
 * which remembers the choice and comes back here. Without JavaScript its button sends it; with it, a
 * change does.
 */
export function CurrencySelect({ offered, current }: HeaderCurrency) {
  const id = useId();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  if (offered.length < 2) return null;
  return (
    <form method="post" action="/currency" className="flex items-center gap-1">
      <input type="hidden" name="return_to" value={`${pathname}${search}`} />
      <label htmlFor={id} className="sr-only">
        Currency
      </label>
      <select
        id={id}
        name="currency"
        defaultValue={current}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="h-10 rounded-md border border-slate-300 bg-white px-2 text-slate-800 text-sm focus-visible:outline-2 focus-visible:outline-slate-900"
      >
        {offered.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className={hydrated ? 'sr-only' : 'h-10 rounded-md px-2 font-medium text-slate-800 text-sm hover:bg-slate-100'}
      >
        Set
      </button>
    </form>
  );
}
