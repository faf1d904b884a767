import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A small spinning ring for busy buttons; decorative, so the button's label says what happens. */
export function Spinner({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      aria-hidden="true"
      data-testid="spinner"
      className={cn(
        'inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
      {...props}
    />
  );
}
