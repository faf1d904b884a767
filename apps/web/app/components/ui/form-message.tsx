import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The message under a field; give its id to the field's aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-red-700 text-sm">
      {message}
    </p>
  );
}

/**
 * docs/product.md §8: failures in a red box above the form, successes in a green one. Announced to screen readers
 * as they appear (alert for errors, status for successes).
 */
export function FormAlert({
  tone,
  children,
  className,
}: {
  tone: 'error' | 'success';
  children?: ReactNode;
  className?: string;
}) {
  if (!children) return null;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-tone={tone}
      className={cn(
        'mb-4 rounded-md border px-3 py-2 text-sm',
        tone === 'error' ? 'border-red-300 bg-red-50 text-red-800' : 'border-green-300 bg-green-50 text-green-800',
        className,
      )}
    >
      {children}
    </div>
  );
}
