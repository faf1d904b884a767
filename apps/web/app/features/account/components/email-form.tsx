import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEmailBody, changeEmailBody } from '@shop/contracts/account';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useChangeEmail } from '../api/change-email.ts';
import { ACCOUNT_TEXT } from '../messages.ts';
import { useFormFeedback } from '../use-form-feedback.ts';

const empty = { email: '', current_password: '' };

/**
 * Changes the sign-in e-mail: the current password is required, and the API mails
 * a confirmation link to the new address; the green box says so. The address changes when the link
 * is opened (`/account/confirm-email/{token}`).
 */
export function EmailForm({ currentEmail }: { currentEmail: string }) {
  const id = useId();
  const change = useChangeEmail();
  const form = useForm<z.input<typeof changeEmailBody>, unknown, ChangeEmailBody>({
    resolver: zodResolver(changeEmailBody),
    defaultValues: empty,
    reValidateMode: 'onSubmit',
  });
  const feedback = useFormFeedback(() => form.clearErrors());
  const { errors, isSubmitting } = form.formState;

  async function onValid(body: ChangeEmailBody) {
    feedback.start();
    try {
      const { message } = await change.mutateAsync(body);
      form.reset(empty);
      feedback.succeed(message);
    } catch (error) {
      await feedback.fail(error, ACCOUNT_TEXT.emailFailed);
    }
  }

  return (
    <form method="post" noValidate onSubmit={form.handleSubmit(onValid, feedback.invalid)} className="space-y-4">
      <FormAlert tone="error">{feedback.error}</FormAlert>
      <FormAlert tone="success">{feedback.success}</FormAlert>
      <p className="text-slate-600 text-sm">
        You sign in with <span className="font-medium text-slate-900">{currentEmail}</span>. We send a link to the new
        address; it becomes your sign-in address when you open that link.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField id={`${id}-email`} label="New email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </LabelledField>
        <LabelledField id={`${id}-password`} label="Current password" error={errors.current_password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="current-password" {...form.register('current_password')} />
          )}
        </LabelledField>
      </div>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? 'Sending...' : 'Change email'}
      </Button>
    </form>
  );
}
