import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginAnswer, loginBody } from '@shop/contracts/auth';
import { DELAYS } from '@shop/contracts/constants';
import { MSG } from '@shop/contracts/messages';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/http.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { revokeSession } from '../api/revoke-session.ts';
import { signIn } from '../api/sign-in.ts';
import { login } from '../session-store.ts';
import { useErrorTimeout } from '../use-error-timeout.ts';

/** docs/product.md §5: sign-in validates only the e-mail; 'Remember me' stays in the browser. */
const signInForm = loginBody.extend({ remember: z.boolean() });
type SignInValues = z.input<typeof signInForm>;

export const NO_ADMIN_ACCESS = 'This account has no access to the admin area';
const STAFF_ROLES = new Set(['admin', 'staff']);

/**
 * The sign-in form of the dialog, /auth/login and the admin login (docs/product.md §2). With `admin`, only staff
 * may sign in and they go to /admin; everyone else goes to / with a reload (docs/product.md §6). The full pages
 * pass `next` (a same-origin path, already checked) to return where the visitor came from.
 */
export function SignInForm({
  admin = false,
  next = null,
  defaultEmail = '',
  onDone,
  onCreateAccount,
}: {
  admin?: boolean;
  /** Where to go instead of /admin or /, checked by `safeNextPath` for the right area. */
  next?: string | null;
  /** An e-mail to start with (the account just created). */
  defaultEmail?: string;
  /** Called when the success message has been shown for 1 s, before the redirect. */
  onDone?: () => void;
  /** Where 'Create an account' leads: the sign-up dialog, or the sign-up page when absent. */
  onCreateAccount?: () => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<SignInValues, unknown, z.output<typeof signInForm>>({
    resolver: zodResolver(signInForm),
    defaultValues: { email: defaultEmail, password: '', remember: false },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const scheduleClear = useErrorTimeout(() => {
    form.clearErrors();
    setServerError(null);
  });

  async function onValid({ email, password, remember }: z.output<typeof signInForm>) {
    setServerError(null);
    let answer: LoginAnswer;
    try {
      answer = await signIn({ email, password });
    } catch (error) {
      setServerError(await failureMessage(error, MSG.loginFailed));
      scheduleClear();
      return;
    }
    if (admin && !STAFF_ROLES.has(answer.user.role)) {
      // The password was right, but this door is for staff: end the new session at once.
      void revokeSession(answer);
      setServerError(NO_ADMIN_ACCESS);
      scheduleClear();
      return;
    }
    login(answer.user, { access: answer.access, refresh: answer.refresh }, { remember });
    setSuccess(MSG.loginSuccess);
    // docs/product.md §2: the dialog closes after 1 s; admins go to /admin, everyone else to / with a reload.
    setTimeout(() => {
      onDone?.();
      if (admin) navigate(next ?? '/admin');
      else window.location.assign(next ?? '/');
    }, DELAYS.loginRedirectMs);
  }

  const busy = isSubmitting || success !== null;
  return (
    <div>
      {onCreateAccount ? (
        <Button variant="outline" className="w-full" onClick={onCreateAccount}>
          Create an account
        </Button>
      ) : admin ? null : (
        <Link
          to="/auth/signup"
          className="flex h-10 w-full items-center justify-center rounded-md border border-slate-300 font-medium text-sm hover:bg-slate-50"
        >
          Create an account
        </Link>
      )}
      {admin ? null : <DividerText>Or continue with email</DividerText>}
      <FormAlert tone="error">{serverError}</FormAlert>
      <FormAlert tone="success">{success}</FormAlert>
      <form method="post" noValidate onSubmit={form.handleSubmit(onValid, scheduleClear)} className="space-y-4">
        <LabelledField id={`${id}-email`} label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              {...form.register('email')}
            />
          )}
        </LabelledField>
        <LabelledField id={`${id}-password`} label="Password" error={errors.password?.message}>
          {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />}
        </LabelledField>
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={`${id}-remember`} className="flex items-center gap-2 text-slate-800 text-sm">
            <Checkbox id={`${id}-remember`} {...form.register('remember')} />
            Remember me
          </label>
          <Link
            to="/auth/forgot-password"
            onClick={() => onDone?.()}
            className="text-slate-900 text-sm underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={!hydrated || busy} aria-busy={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Sign In
        </Button>
      </form>
    </div>
  );
}

/** The centred rule with text between the alternatives and the form (docs/product.md §2 dividers). */
export function DividerText({ children }: { children: string }) {
  return (
    <div className="my-5 flex items-center gap-3 text-slate-600 text-xs">
      <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      <span>{children}</span>
      <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
    </div>
  );
}
