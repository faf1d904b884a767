import { COUNTRIES, countryName, isCountryCode } from '@shop/contracts/countries';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import type { FieldControlProps } from './labelled-field.tsx';

type Country = (typeof COUNTRIES)[number];

/** Countries whose name contains the text or whose code is it, names that start with it first. */
export function matchCountries(text: string): Country[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...COUNTRIES];
  const starts: Country[] = [];
  const contains: Country[] = [];
  for (const country of COUNTRIES) {
    const [code, name] = country;
    const lower = name.toLowerCase();
    if (code.toLowerCase() === q || lower.startsWith(q)) starts.push(country);
    else if (lower.includes(q)) contains.push(country);
  }
  return [...starts, ...contains];
}

/**
 * What typed text stands for when the field is left without choosing: a code or a whole name on the
 * list becomes its code; anything else stays as typed, so that the address check says to choose.
 */
export function countryOfText(text: string): string {
  const q = text.trim();
  if (!q) return '';
  const found = COUNTRIES.find(([code, name]) => code === q.toUpperCase() || name.toLowerCase() === q.toLowerCase());
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
  const shown = text ?? (isCountryCode(value) ? countryName(value) : value);
  const options = useMemo(() => (open ? matchCountries(text ?? '') : []), [open, text]);

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
          onChange(countryOfText(event.target.value));
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
