import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { FieldError } from './form-message.tsx';
import { Label } from './label.tsx';

/** What a field's control needs to be tied to its label and its error message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** A label, the control and its error message, wired for screen readers (aria-invalid/-describedby). */
export function LabelledField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
