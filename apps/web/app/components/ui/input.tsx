import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-slate-900 aria-[invalid=true]:border-red-600 disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
