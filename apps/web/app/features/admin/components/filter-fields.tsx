import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';

/** The value a filter select shows for "no filter" (Radix Select cannot hold an empty value). */
const ALL = 'all';

/** A labelled select over a list filter; choosing the `all` option clears the filter. */
export function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  /** Must include `{ value: 'all', … }` for "no filter". */
  options: readonly SelectOption[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value || ALL} onValueChange={(v) => onChange(v === ALL ? '' : v)} options={options} />
    </div>
  );
}

/** From / To day inputs of a list filter (`YYYY-MM-DD`, empty = open-ended). */
export function DayRangeFields({
  idPrefix,
  from,
  to,
  onChange,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onChange: (change: { from: string } | { to: string }) => void;
}) {
  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor={`${idPrefix}-from`}>From</Label>
        <Input id={`${idPrefix}-from`} type="date" value={from} onChange={(e) => onChange({ from: e.target.value })} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${idPrefix}-to`}>To</Label>
        <Input id={`${idPrefix}-to`} type="date" value={to} onChange={(e) => onChange({ to: e.target.value })} />
      </div>
    </>
  );
}

/**
 * A list's search box with its button: the query applies when it is submitted (Enter or Search), not
 * on every key, trimmed. It starts from the address's `q` and then keeps what staff type.
 */
export function SearchForm({
  id,
  label,
  placeholder,
  initial,
  onSearch,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  initial: string;
  onSearch: (q: string) => void;
  className?: string;
}) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form onSubmit={submit} className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
