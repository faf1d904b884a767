import { zodResolver } from '@hookform/resolvers/zod';
import { ticketEntryBody } from '@shop/contracts/admin-support';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorText, firstErrorMessage, TextAreaField } from '../../admin/index.ts';

type Entry = z.infer<typeof ticketEntryBody>;

/**
 * A reply or an internal note: checked with the API's schema (contracts `ticketEntryBody`) before it is
 * sent; its complaint, or the API's answer, shows under the field. Emptied once sent.
 */
export function EntryForm({
  id,
  label,
  button,
  onSubmit,
}: {
  id: string;
  label: string;
  button: string;
  onSubmit: (body: string) => Promise<unknown>;
}) {
  const form = useForm<Entry>({
    resolver: zodResolver(ticketEntryBody),
    defaultValues: { body: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  async function send() {
    setPending(true);
    setError(null);
    try {
      await onSubmit(form.getValues('body'));
      form.reset({ body: '' });
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  }
  return (
    <form onSubmit={form.handleSubmit(send, () => setError(null))} className="space-y-2">
      <TextAreaField id={id} label={label} rows={4} {...form.register('body')} />
      <ErrorText error={firstErrorMessage(form.formState.errors) ?? error} />
      <Button type="submit" disabled={pending}>
        {button}
      </Button>
    </form>
  );
}
