import { zodResolver } from '@hookform/resolvers/zod';
import { type SignupForm, signupForm } from '@shop/contracts/auth';
import { DELAYS } from '@shop/contracts/constants';
import { MSG } from '@shop/contracts/messages';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FieldError, FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureOf } from '../../../lib/http.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { accountCreatedState } from '../account-created.ts';
import { signUp } from '../api/sign-up.ts';
import { useErrorTimeout } from '../use-error-timeout.ts';
import { DividerText } from './sign-in-form.tsx';

type SignUpValues = z.input<typeof signupForm>;

/** The sign-up form of the dialog and /auth/signup (docs/product.md §2, rules of docs/product.md §5). */
export function SignUpForm({ onDone, onSignIn }: { onDone?: () => void; onSignIn?: () => void }) {
  const id = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<SignUpValues, unknown, SignupForm>({
    resolver: zodResolver(signupForm),
    defaultValues: {
      first_name: '',
      last_name: '',
      username: '',
      email: '',
      password: '',
      confirm_password: '',
      terms: false,
    },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const scheduleClear = useErrorTimeout(() => {
    form.clearErrors();
    setServerError(null);
  });

  async function onValid({ confirm_password: _, terms: __, ...body }: SignupForm) {
    setServerError(null);
    try {
      const answer = await signUp(body);
      setSuccess(answer.message || MSG.requestSuccess);
    } catch (error) {
      const failure = await failureOf(error, MSG.signupFailed);
      setServerError(failure.message);
      // A password the server refuses (too common) is marked under the field too.
      if (failure.field === 'password') form.setError('password', { message: failure.message });
      scheduleClear();
      return;
    }
    // docs/product.md §2: the dialog closes after 2 s and the new customer signs in at /auth/login, which says
    // the account exists and fills in its e-mail (the e-mail stays out of the URL).
    setTimeout(() => {
      onDone?.();
      navigate('/auth/login', { state: accountCreatedState(body.email) });
    }, DELAYS.signupRedirectMs);
  }

  const field = (name: 'first_name' | 'last_name' | 'username' | 'email', label: string, autoComplete: string) => (
    <LabelledField id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(control) => (
        <Input
          {...control}
          type={name === 'email' ? 'email' : 'text'}
          autoComplete={autoComplete}
          {...form.register(name)}
        />
      )}
    </LabelledField>
  );

  return (
    <div>
      {onSignIn ? (
        <Button variant="outline" className="w-full" onClick={onSignIn}>
          I already have an account
        </Button>
      ) : (
        <Link
          to="/auth/login"
          className="flex h-10 w-full items-center justify-center rounded-md border border-slate-300 font-medium text-sm hover:bg-slate-50"
        >
          I already have an account
        </Link>
      )}
      <DividerText>Or create account with email</DividerText>
      <FormAlert tone="error">{serverError}</FormAlert>
      <FormAlert tone="success">{success}</FormAlert>
      <form method="post" noValidate onSubmit={form.handleSubmit(onValid, scheduleClear)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {field('first_name', 'First Name', 'given-name')}
          {field('last_name', 'Last Name', 'family-name')}
        </div>
        {field('username', 'Username', 'username')}
        {field('email', 'Email', 'email')}
        <LabelledField id={`${id}-password`} label="Password" error={errors.password?.message}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />}
        </LabelledField>
        <LabelledField id={`${id}-confirm`} label="Confirm Password" error={errors.confirm_password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('confirm_password')} />
          )}
        </LabelledField>
        <div>
          <label htmlFor={`${id}-terms`} className="flex items-start gap-2 text-slate-800 text-sm">
            <Checkbox
              id={`${id}-terms`}
              className="mt-0.5"
              aria-invalid={Boolean(errors.terms)}
              aria-describedby={errors.terms ? `${id}-terms-error` : undefined}
              {...form.register('terms')}
            />
            I agree to the Terms of Service and Privacy Policy
          </label>
          <FieldError id={`${id}-terms-error`} message={errors.terms?.message} />
        </div>
        <Button
          type="submit"
          className="w-full"
          disabled={!hydrated || isSubmitting || success !== null}
          aria-busy={isSubmitting}
        >
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Creating...' : 'Create Account'}
        </Button>
      </form>
    </div>
  );
}
