import { X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';

/** A list of short texts (colours, sizes, features): add with the button or Enter, remove each. */
export function ListEditor({
  id,
  label,
  itemLabel,
  values,
  onChange,
  error,
  placeholder,
}: {
  id: string;
  label: string;
  /** e.g. "colour": used in "Add colour" and "Remove colour Red". */
  itemLabel: string;
  values: string[];
  onChange: (next: string[]) => void;
  error?: string;
  placeholder?: string;
}) {
  const [draft, setDraft] = useState('');
  const [local, setLocal] = useState<string>();
  const errorId = `${id}-error`;

  function add() {
    const value = draft.trim();
    if (!value) return;
    if (values.some((v) => v.toLowerCase() === value.toLowerCase())) {
      setLocal(`${value} is already in the list`);
      return;
    }
    onChange([...values, value]);
    setDraft('');
    setLocal(undefined);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  const message = local ?? error;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={Boolean(message)}
          aria-describedby={message ? errorId : undefined}
        />
        <Button type="button" variant="outline" onClick={add}>
          Add {itemLabel}
        </Button>
      </div>
      {values.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {values.map((value, i) => (
            <li key={value} className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm">
              {value}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-slate-900"
                aria-label={`Remove ${itemLabel} ${value}`}
                onClick={() => onChange(values.filter((_, j) => j !== i))}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={errorId} message={message} />
    </div>
  );
}
