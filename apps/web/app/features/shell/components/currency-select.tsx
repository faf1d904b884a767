import { useId } from 'react';
import { useLocation } from 'react-router';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/** What the header's currency form offers, from the storefront layout's loader. */
export interface HeaderCurrency {
  /** The base first; one code alone: the shop offers no other currency, and nothing is shown. */
  offered: string[];
  current: string;
  /** The countries the shop's zones name, by English name; none: no "Ship to" choice. */
  countries: { code: string; name: string }[];
  /** The ship-to country chosen; null: "Other country". */
  shipTo: string | null;
}

const selectClass =
  'h-10 max-w-32 rounded-md border border-slate-300 bg-white px-2 text-slate-800 text-sm focus-visible:outline-2 focus-visible:outline-slate-900';

/**
 * The country shoppers ship to and the currency they see prices and pay in (docs/adr/050-currencies.md):
 * a form posted to /currency, which remembers the choice and comes back here. Without JavaScript its button
 * sends it; with it, a change does.
 */
export function CurrencySelect({ offered, current, countries, shipTo }: HeaderCurrency) {
  const id = useId();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  if (offered.length < 2 && countries.length === 0) return null;
  const submit = (event: { currentTarget: HTMLSelectElement }) => event.currentTarget.form?.requestSubmit();
  return (
    <form method="post" action="/currency" className="flex items-center gap-1">
      <input type="hidden" name="return_to" value={`${pathname}${search}`} />
      {countries.length > 0 ? (
        <>
          <input type="hidden" name="previous_ship_to" value={shipTo ?? ''} />
          <label htmlFor={`${id}s`} className="sr-only">
            Ship to
          </label>
          <select id={`${id}s`} name="ship_to" defaultValue={shipTo ?? ''} onChange={submit} className={selectClass}>
            <option value="">Other country</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {offered.length < 2 ? null : (
        <>
          <label htmlFor={id} className="sr-only">
            Currency
          </label>
          <select id={id} name="currency" defaultValue={current} onChange={submit} className={selectClass}>
            {offered.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </>
      )}
      <button
        type="submit"
        className={hydrated ? 'sr-only' : 'h-10 rounded-md px-2 font-medium text-slate-800 text-sm hover:bg-slate-100'}
      >
        Set
      </button>
    </form>
  );
}
