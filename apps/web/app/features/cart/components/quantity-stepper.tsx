import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
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
  className,
}: QuantityStepperProps) {
  const [text, setText] = useState(String(value));
  const id = useId();
  useEffect(() => setText(String(value)), [value]);

  function commit() {
    const n = Number(text);
    if (Number.isInteger(n) && n >= min && n <= max) {
      if (n !== value) onChange(n);
    } else {
      setText(String(value));
    }
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
    <div className={cn('inline-flex items-center rounded-md border border-slate-300', className)}>
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
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        onChange={(e) => setText(e.target.value)}
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
  );
}
