import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import type { Route } from './+types/reset-password';

export function meta() {
  return [
    { title: 'Reset password · Shop' },
    { name: 'description', content: 'Choose a new password for your Shop account.' },
    // The URL holds a secret: keep it out of search engines and referrers' logs.
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';

/** /auth/reset-password/{token}: the mailed link; a new password, then on to sign in. */
export default function ResetPasswordPage({ params }: Route.ComponentProps) {
  return (
    <>
      <div className="mb-6 text-center">
        <h1 className="font-bold text-2xl text-slate-900">Reset Password</h1>
        <p className="mt-1 text-slate-600 text-sm">Choose a new password for your account.</p>
      </div>
      <ResetPasswordForm token={params.token} />
    </>
  );
}
