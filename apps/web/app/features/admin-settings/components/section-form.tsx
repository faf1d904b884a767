import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorText, Panel } from '../../admin/index.ts';

/**
 * A settings section: its own form, a Save button and one message on failure — the schema's first
 * complaint (checked in the browser) or the API's answer.
 */
export function SectionForm({
  title,
  onSubmit,
  error,
  pending,
  children,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: unknown;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Panel title={title}>
      <form aria-label={title} className="space-y-3" noValidate onSubmit={onSubmit}>
        {children}
        <ErrorText error={error} />
        <Button type="submit" disabled={pending}>
          Save {title.toLowerCase()}
        </Button>
      </form>
    </Panel>
  );
}

/** A number typed in a field; blank is NaN, which the schema names ("… must be a number"). */
export const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
