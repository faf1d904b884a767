import { COUNTRIES, countryName, isCountryCode } from '@shop/contracts/countries';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { FieldControlProps } from './labelled-field.tsx';

/** A country as the field lists it: its code, its name in the shopper's language, its English name. */
export type Country = readonly [code: string, name: string, english: string];

const ENGLISH: readonly Country[] = COUNTRIES.map(([code, name]) => [code, name, name]);
const byLocale = new Map<string, readonly Country[]>();

/**
 * The countries named in the shopper's language (the browser's `Intl`), in that language's alphabetical
 * order; English where the language is English or `Intl` has no name. The codes stay the ISO list's.
 */
export function localCountries(locale: string): readonly Country[] {
  if (/^en\b/i.test(locale)) return ENGLISH;
  let list = byLocale.get(locale);
  if (!list) {
    let names: Intl.DisplayNames;
    let collator: Intl.Collator;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
      collator = new Intl.Collator(locale);
    } catch {
      // A language tag the browser does not know: English names.
      return ENGLISH;
    }
    list = ENGLISH.map(([code, english]): Country => [code, names.of(code) ?? english, english]).sort((a, b) =>
      collator.compare(a[1], b[1]),
    );
    byLocale.set(locale, list);
  }
  return list;
}

/**
 * Countries whose name (in the shopper's language or in English) contains the text or whose code is it,
 * names that start with it first.
 */
export function matchCountries(text: string, countries: readonly Country[] = ENGLISH): Country[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...countries];
  const starts: Country[] = [];
  const contains: Country[] = [];
  for (const country of countries) {
    const [code, name, english] = country;
    const names = [name.toLowerCase(), english.toLowerCase()];
    if (code.toLowerCase() === q || names.some((n) => n.startsWith(q))) starts.push(country);
    else if (names.some((n) => n.includes(q))) contains.push(country);
  }
  return [...starts, ...contains];
}

/**
 * What typed text stands for when the field is left without choosing: a code or a whole name on the
 * list (in either language) becomes its code; anything else stays as typed, so that the address check
 * says to choose.
 */
export function countryOfText(text: string, countries: readonly Country[] = ENGLISH): string {
  const q = text.trim();
  if (!q) return '';
  const lower = q.toLowerCase();
  const found = countries.find(
    ([code, name, english]) =>
      code === q.toUpperCase() || name.toLowerCase() === lower || english.toLowerCase() === lower,
  );
  return found ? found[0] : q;
}

/**
 * A searchable country field (WAI-ARIA combobox with a listbox): type part of a name or a code, move
 * with the arrow keys, Enter or a click chooses. It shows names and its value is the ISO code, so a
 * name is never cut to two letters that belong to another country.
 */
export function CountryCombobox({
  control,
  value,
  onChange,
  onBlur,
  name,
  autoComplete,
}: {
  control: FieldControlProps;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  name?: string;
  autoComplete?: string;
}) {
  const listId = useId();
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // English while the server renders and the page hydrates (the same text on both), then the browser's language.
  const hydrated = useHydrated();
  const countries = useMemo(() => (hydrated ? localCountries(navigator.language) : ENGLISH), [hydrated]);
  const nameOf = (code: string) => countries.find(([c]) => c === code)?.[1] ?? countryName(code);
  const shown = text ?? (isCountryCode(value) ? nameOf(value) : value);
  const options = useMemo(() => (open ? matchCountries(text ?? '', countries) : []), [open, text, countries]);

  function choose(code: string) {
    onChange(code);
    setText(null);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(options.length - 1, 0)));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option[0]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setText(null);
    }
  }

  const activeOption = open ? options[active] : undefined;
  return (
    <div className="relative">
      <input
        {...control}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption[0]}` : undefined}
        autoComplete={autoComplete ?? 'off'}
        name={name}
        value={shown}
        placeholder="Start typing a country"
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-slate-900 aria-[invalid=true]:border-red-600"
        onChange={(event) => {
          setText(event.target.value);
          // The form holds what the text stands for at every keystroke: a whole name or a code is
          // its code even if the list is never used; other text stays so the check can refuse it.
          onChange(countryOfText(event.target.value, countries));
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setText(null);
          setOpen(false);
          onBlur?.();
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Countries"
        hidden={!open || options.length === 0}
        className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-slate-300 bg-white py-1 text-sm shadow-lg"
      >
        {options.map(([code, countryLabel], i) => (
          <div
            key={code}
            id={`${listId}-${code}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={cn('cursor-pointer px-3 py-1.5', i === active ? 'bg-slate-900 text-white' : 'text-slate-800')}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(code);
            }}
            onMouseEnter={() => setActive(i)}
          >
            {countryLabel} <span className={i === active ? 'text-slate-200' : 'text-slate-500'}>({code})</span>
          </div>
        ))}
      </div>
    </div>
  );
}
