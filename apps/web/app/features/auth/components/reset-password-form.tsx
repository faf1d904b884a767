import { zodResolver } from '@hookform/resolvers/zod';
import { newPassword } from '@shop/contracts/auth';
import { MSG } from '@shop/contracts/messages';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureOf } from '../../../lib/http.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { resetPassword } from '../api/reset-password.ts';
import { useErrorTimeout } from '../use-error-timeout.ts';

/** The new password follows the sign-up rules of docs/product.md §5, confirmed like at sign-up. */
const resetForm = z
  .object({ password: newPassword, confirm_password: z.string() })
  .refine((v) => v.password === v.confirm_password, { message: MSG.passwordsMismatch, path: ['confirm_password'] });
type Values = z.input<typeof resetForm>;

/** Sets a new password with the token of the mailed link, then points to sign-in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof resetForm>>({
    resolver: zodResolver(resetForm),
    defaultValues: { password: '', confirm_password: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const scheduleClear = useErrorTimeout(() => {
    form.clearErrors();
    setServerError(null);
  });

  async function onValid({ password }: z.output<typeof resetForm>) {
    setServerError(null);
    try {
      setSuccess((await resetPassword(token, password)).message || MSG.requestSuccess);
    } catch (error) {
      const failure = await failureOf(error, MSG.unexpected);
      setServerError(failure.message);
      // A password the server refuses (too common) is marked under the field too.
      if (failure.field === 'password') form.setError('password', { message: failure.message });
      scheduleClear();
    }
  }

  if (success) {
    return (
      <div>
        <FormAlert tone="success">{success}</FormAlert>
        <Link
          to="/auth/login"
          className="flex h-10 w-full items-center justify-center rounded-md bg-slate-900 font-medium text-sm text-white hover:bg-slate-700"
        >
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div>
      <FormAlert tone="error">{serverError}</FormAlert>
      <form method="post" noValidate onSubmit={form.handleSubmit(onValid, scheduleClear)} className="space-y-4">
        <LabelledField id={`${id}-password`} label="New Password" error={errors.password?.message}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />}
        </LabelledField>
        <LabelledField id={`${id}-confirm`} label="Confirm Password" error={errors.confirm_password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('confirm_password')} />
          )}
        </LabelledField>
        <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Reset Password
        </Button>
      </form>
    </div>
  );
}
