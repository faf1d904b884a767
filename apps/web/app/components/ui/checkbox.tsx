import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A native checkbox: keyboard, forms and react-hook-form's `register` work without extra code. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-4 shrink-0 cursor-pointer rounded border-slate-400 accent-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 aria-[invalid=true]:outline aria-[invalid=true]:outline-red-600',
        className,
      )}
      {...props}
    />
  );
}
