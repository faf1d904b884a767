import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordForm, changePasswordForm } from '@shop/contracts/account';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { ACCOUNT_TEXT } from '../messages.ts';
import { useFormFeedback } from '../use-form-feedback.ts';

const empty = { current_password: '', new_password: '', confirm_password: '' };

/**
 * Changes the password: the current one is required, the new one follows the sign-up rules
 * (docs/product.md §5). The API ends every session and answers new tokens, which keep this browser signed in.
 */
export function PasswordForm() {
  const id = useId();
  const change = useChangePassword();
  const form = useForm<z.input<typeof changePasswordForm>, unknown, ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: empty,
    reValidateMode: 'onSubmit',
  });
  const feedback = useFormFeedback(() => form.clearErrors());
  const { errors, isSubmitting } = form.formState;

  async function onValid({ confirm_password: _, ...body }: ChangePasswordForm) {
    feedback.start();
    try {
      await change.mutateAsync(body);
      form.reset(empty);
      feedback.succeed(ACCOUNT_TEXT.passwordChanged);
    } catch (error) {
      const failure = await feedback.fail(error, ACCOUNT_TEXT.passwordFailed);
      // A new password the server refuses (too common) is marked under its field.
      if (failure.field === 'new_password') form.setError('new_password', { message: failure.message });
    }
  }

  const field = (name: keyof ChangePasswordForm, label: string, autoComplete: string) => (
    <LabelledField id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(control) => <PasswordInput {...control} autoComplete={autoComplete} {...form.register(name)} />}
    </LabelledField>
  );

  return (
    <form method="post" noValidate onSubmit={form.handleSubmit(onValid, feedback.invalid)} className="space-y-4">
      <FormAlert tone="error">{feedback.error}</FormAlert>
      <FormAlert tone="success">{feedback.success}</FormAlert>
      {field('current_password', 'Current password', 'current-password')}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('new_password', 'New password', 'new-password')}
        {field('confirm_password', 'Confirm new password', 'new-password')}
      </div>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
