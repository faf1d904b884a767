import { zodResolver } from '@hookform/resolvers/zod';
import { contactBody, INQUIRY_LABELS, INQUIRY_TYPES } from '@shop/contracts/contact';
import { MSG } from '@shop/contracts/messages';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { FormAnswer } from '../../../lib/form-post.ts';
import { failureMessage } from '../../../lib/http.ts';
import { useErrorTimeout, useSession } from '../../auth/index.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';

type Values = z.input<typeof contactBody>;

const INQUIRY_OPTIONS = INQUIRY_TYPES.map((value) => ({ value, label: INQUIRY_LABELS[value] }));

/** Where the form posts without JavaScript: the contact page's action (routes/shop/contact.tsx). */
export const CONTACT_FORM_ACTION = '/contact';

/** What the contact page's action answers a post without JavaScript: how it went, and what was sent when it failed. */
export interface ContactAnswer extends FormAnswer {
  values?: Partial<Record<keyof Values, string>>;
}

/**
 * docs/product.md §2 contact form (dialog and /contact): inquiry type, Subject, Message, 'Send Message'. docs/product.md §10
 * wires it: the message is stored for the support team, which needs an e-mail address to answer —
 * taken from the session when signed in. Without JavaScript it posts to /contact, whose page passes
 * the action's `answer` (docs/adr/031-page-errors-and-form-posts.md).
 */
export function ContactForm({ answer }: { answer?: ContactAnswer }) {
  const id = useId();
  const userEmail = useSession((s) => s.user?.email);
  const [serverError, setServerError] = useState<string | null>(answer?.tone === 'error' ? answer.text : null);
  const [success, setSuccess] = useState<string | null>(answer?.tone === 'success' ? answer.text : null);
  const sent = answer?.tone === 'error' ? answer.values : undefined;
  const defaults: Values = {
    email: sent?.email ?? userEmail ?? '',
    inquiry_type: INQUIRY_TYPES.find((type) => type === sent?.inquiry_type) ?? 'general',
    subject: sent?.subject ?? '',
    message: sent?.message ?? '',
  };
  const form = useForm<Values, unknown, z.output<typeof contactBody>>({
    resolver: zodResolver(contactBody),
    defaultValues: defaults,
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

  // The fields carry their values in the page itself too (`defaultValue`): `register` fills them only once
  // the scripts run, and a form posted without them comes back with what was typed.
  return (
    <div>
      <FormAlert tone="error">{serverError}</FormAlert>
      <FormAlert tone="success">{success}</FormAlert>
      <form
        method="post"
        action={CONTACT_FORM_ACTION}
        noValidate
        onSubmit={form.handleSubmit(onValid, scheduleClear)}
        className="space-y-4"
      >
        <LabelledField id={`${id}-email`} label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              defaultValue={defaults.email}
              {...form.register('email')}
            />
          )}
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
          {(control) => <Input {...control} defaultValue={defaults.subject} {...form.register('subject')} />}
        </LabelledField>
        <LabelledField id={`${id}-message`} label="Message" error={errors.message?.message}>
          {(control) => (
            <textarea
              {...control}
              rows={5}
              defaultValue={defaults.message}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-slate-900 aria-[invalid=true]:border-red-600"
              {...form.register('message')}
            />
          )}
        </LabelledField>
        <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Send Message
        </Button>
      </form>
    </div>
  );
}
