import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import { parseQuantity } from '@shop/contracts/quantity';
import { Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { cn } from '../../../lib/cn.ts';

interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** What is counted, for screen readers: 'Quantity of {label}'. */
  label: string;
  min?: number;
  max?: number;
  /** The variant's stock, when known: a typed quantity above it is lowered to it, saying so. */
  stock?: number;
  className?: string;
}

/**
 * − / number / + for a cart line. The buttons set the quantity at once; typed numbers are taken on
 * Enter or when the field loses focus (not on every keystroke, which would send a call per digit).
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  min = 1,
  max = MAX_LINE_QUANTITY,
  stock,
  className,
}: QuantityStepperProps) {
  const [text, setText] = useState(String(value));
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const id = useId();
  useEffect(() => setText(String(value)), [value]);

  function commit() {
    // Only plain digits: '1e3', '1.5', '+3' and ' 3' are refused with a reason, not read as numbers.
    const parsed = parseQuantity(text);
    if (!parsed.ok) {
      setNote({ text: parsed.message, error: true });
      setText(String(value));
      return;
    }
    const n = Math.max(min, Math.min(parsed.value, max));
    setNote(
      parsed.value > max
        ? {
            text: stock !== undefined && stock <= max ? `Only ${max} left` : `At most ${max} of one item`,
            error: false,
          }
        : null,
    );
    setText(String(n));
    if (n !== value) onChange(n);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setText(String(value));
    }
  }

  const button =
    'inline-flex h-9 w-9 items-center justify-center text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-slate-900 disabled:opacity-40';
  return (
    <div className={className}>
      <div className="inline-flex items-center rounded-md border border-slate-300">
        <button
          type="button"
          className={cn(button, 'rounded-l-md')}
          aria-label={`Decrease quantity of ${label}`}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          <Minus aria-hidden="true" className="h-4 w-4" />
        </button>
        <label htmlFor={id} className="sr-only">
          Quantity of {label}
        </label>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          // Read as typed (a number field turns '+3' into '' and '1e3' into 1000 before the page sees it).
          role="spinbutton"
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuenow={value}
          value={text}
          aria-invalid={note?.error || undefined}
          aria-describedby={note ? `${id}-note` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setNote(null);
          }}
          onBlur={commit}
          onKeyDown={onKeyDown}
          className="h-9 w-14 border-slate-300 border-x text-center text-sm [appearance:textfield] focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-slate-900 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={cn(button, 'rounded-r-md')}
          aria-label={`Increase quantity of ${label}`}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      {note ? (
        <p
          id={`${id}-note`}
          role={note.error ? 'alert' : 'status'}
          className={cn('mt-1 text-sm', note.error ? 'text-red-700' : 'text-amber-800')}
        >
          {note.text}
        </p>
      ) : null}
    </div>
  );
}
