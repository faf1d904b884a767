import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBody } from '@shop/contracts/auth';
import { MSG } from '@shop/contracts/messages';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/http.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { useErrorTimeout } from '../use-error-timeout.ts';

type Values = z.input<typeof forgotPasswordBody>;

/** Asks the API to mail a reset link and shows its answer (the same whether or not the account exists). */
export function ForgotPasswordForm() {
  const id = useId();
  const hydrated = useHydrated();
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof forgotPasswordBody>>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const scheduleClear = useErrorTimeout(() => {
    form.clearErrors();
    setServerError(null);
  });

  async function onValid({ email }: z.output<typeof forgotPasswordBody>) {
    setServerError(null);
    setSuccess(null);
    try {
      setSuccess((await requestPasswordReset(email)).message || MSG.requestSuccess);
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
        <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Send Reset Link
        </Button>
      </form>
    </div>
  );
}
