import type { ComponentProps, ReactNode } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';

/** A labelled input (every admin field has a visible label: axe). */
export function TextField({
  id,
  label,
  hint,
  className,
  ...input
}: { id: string; label: ReactNode; hint?: string } & ComponentProps<'input'>) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="text-slate-600 text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled native select: simple, keyboard friendly, and exact for tests. */
export function SelectField({
  id,
  label,
  options,
  className,
  ...select
}: {
  id: string;
  label: ReactNode;
  options: readonly { value: string; label: string }[];
} & ComponentProps<'select'>) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className="flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-slate-900"
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled textarea. */
export function TextAreaField({
  id,
  label,
  className,
  ...area
}: { id: string; label: ReactNode } & ComponentProps<'textarea'>) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-slate-900"
        {...area}
      />
    </div>
  );
}

/**
 * The message after a failed save, announced to screen readers: the contract schema's first complaint
 * (a string, checked in the browser before sending) or the API's own (an Error).
 */
export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-red-800 text-sm">
      {typeof error === 'string' ? error : error instanceof Error ? error.message : 'Something went wrong'}
    </p>
  );
}

/** Simple tab buttons (role=tablist) for the admin pages with several lists. */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  label: string;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 border-slate-200 border-b">
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          id={`tab-${tab.value}`}
          aria-selected={tab.value === value}
          aria-controls={`panel-${tab.value}`}
          onClick={() => onChange(tab.value)}
          className={cn(
            '-mb-px border-b-2 px-4 py-2 font-medium text-sm focus-visible:outline-2 focus-visible:outline-slate-900',
            tab.value === value
              ? 'border-slate-900 text-slate-900'
              : 'border-transparent text-slate-600 hover:text-slate-900',
          )}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
