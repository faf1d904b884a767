import { countryName } from '@shop/contracts/countries';
import { X } from 'lucide-react';
import { type KeyboardEvent, type Ref, useId, useMemo, useState } from 'react';
import { localCountries, matchCountries } from '../../../components/ui/country-combobox.tsx';
import type { FieldControlProps } from '../../../components/ui/labelled-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/**
 * Several countries chosen from the ISO list: type part of a name or a code, choose with the arrow keys
 * and Enter or a click; each chosen country is a chip with its own Remove button. The value is codes.
 */
export function CountryPicker({
  control,
  value,
  onChange,
  onBlur,
  inputRef,
  label,
}: {
  control: FieldControlProps;
  /** The input's accessible name where no <label> names it (a table cell). */
  label?: string;
  value: readonly string[];
  onChange: (codes: string[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const hydrated = useHydrated();
  const countries = useMemo(() => (hydrated ? localCountries(navigator.language) : undefined), [hydrated]);
  const nameOf = (code: string) => countries?.find(([c]) => c === code)?.[1] ?? countryName(code);
  const options = useMemo(
    () => (open ? matchCountries(text, countries).filter(([code]) => !value.includes(code)) : []),
    [open, text, countries, value],
  );

  function choose(code: string) {
    onChange([...value, code]);
    setText('');
    setActive(0);
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
    } else if (event.key === 'Enter') {
      // Enter chooses from the list; it never submits the whole form half-typed.
      event.preventDefault();
      const option = open ? options[active] : undefined;
      if (option) choose(option[0]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  const activeOption = open ? options[active] : undefined;
  return (
    <div className="space-y-2">
      {value.length > 0 ? (
        <ul aria-label="Chosen countries" className="flex flex-wrap gap-1.5">
          {value.map((code) => (
            <li
              key={code}
              className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-0.5 pr-1 pl-2.5 text-slate-800 text-sm"
            >
              {nameOf(code)}
              <button
                type="button"
                aria-label={`Remove ${nameOf(code)}`}
                className="rounded-full p-0.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-slate-900"
                onClick={() => onChange(value.filter((c) => c !== code))}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <input
          {...control}
          aria-label={label}
          ref={inputRef}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${listId}-${activeOption[0]}` : undefined}
          autoComplete="off"
          value={text}
          placeholder="Type to add a country"
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-slate-900 aria-[invalid=true]:border-red-600"
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setText('');
            setOpen(false);
            onBlur?.();
          }}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Countries to add"
          hidden={!open || options.length === 0}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-slate-300 bg-white py-1 text-sm shadow-lg"
        >
          {options.map(([code, label], i) => (
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
              {label} <span className={i === active ? 'text-slate-200' : 'text-slate-500'}>({code})</span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
