import { zodResolver } from '@hookform/resolvers/zod';
import { contactBody, INQUIRY_LABELS, INQUIRY_TYPES } from '@shop/contracts/contact';
import { MSG } from '@shop/contracts/messages';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-message.tsx';
import { Input } from '../../components/ui/input.tsx';
import { LabelledField } from '../../components/ui/labelled-field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { failureMessage } from '../../lib/http.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useErrorTimeout, useSession } from '../auth/index.ts';
import { sendContactMessage } from './api.ts';

type Values = z.input<typeof contactBody>;

const INQUIRY_OPTIONS = INQUIRY_TYPES.map((value) => ({ value, label: INQUIRY_LABELS[value] }));

/**
 * spec §2 contact form (dialog and /contact): inquiry type, Subject, Message, 'Send Message'. DESIGN §7
 * wires it: the message is stored for the support team, which needs an e-mail address to answer —
 * taken from the session when signed in.
 */
export function ContactForm() {
  const id = useId();
  const hydrated = useHydrated();
  const userEmail = useSession((s) => s.user?.email);
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof contactBody>>({
    resolver: zodResolver(contactBody),
    defaultValues: { email: userEmail ?? '', inquiry_type: 'general', subject: '', message: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const scheduleClear = useErrorTimeout(() => {
    form.clearErrors();
    setServerError(null);
  });

  // The session is read after hydration: fill the address in then, unless the visitor typed one.
  useEffect(() => {
    if (userEmail && !form.getValues('email')) form.setValue('email', userEmail);
  }, [userEmail, form]);

  async function onValid(values: z.output<typeof contactBody>) {
    setServerError(null);
    setSuccess(null);
    try {
      const answer = await sendContactMessage(values);
      setSuccess(answer.message || MSG.requestSuccess);
      form.reset({ email: values.email, inquiry_type: 'general', subject: '', message: '' });
    } catch (error) {
      setServerError(await failureMessage(error, MSG.unexpected));
      scheduleClear();
    }
  }

  return (
    <div>
      <FormAlert tone="error">{serverError}</FormAlert>
      <FormAlert tone="success">{success}</FormAlert>
      <form method="post" noValidate onSubmit={form.handleSubmit(onValid, scheduleClear)} className="space-y-4">
        <LabelledField id={`${id}-email`} label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </LabelledField>
        <LabelledField id={`${id}-inquiry`} label="Inquiry Type" error={errors.inquiry_type?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="inquiry_type"
              render={({ field }) => (
                <Select
                  {...control}
                  name={field.name}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  options={INQUIRY_OPTIONS}
                />
              )}
            />
          )}
        </LabelledField>
        <LabelledField id={`${id}-subject`} label="Subject" error={errors.subject?.message}>
          {(control) => <Input {...control} {...form.register('subject')} />}
        </LabelledField>
        <LabelledField id={`${id}-message`} label="Message" error={errors.message?.message}>
          {(control) => (
            <textarea
              {...control}
              rows={5}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-slate-900 aria-[invalid=true]:border-red-600"
              {...form.register('message')}
            />
          )}
        </LabelledField>
        <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Send Message
        </Button>
      </form>
    </div>
  );
}
