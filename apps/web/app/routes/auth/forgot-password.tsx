import { Link } from 'react-router';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export function meta() {
  return [
    { title: 'Forgot password · Shop' },
    { name: 'description', content: 'Get a link to choose a new password for your Shop account.' },
  ];
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';

/** /auth/forgot-password: mails a reset link (the link leads to /auth/reset-password/{token}). */
export default function ForgotPasswordPage() {
  return (
    <>
      <div className="mb-6 text-center">
        <h1 className="font-bold text-2xl text-slate-900">Forgot Password</h1>
        <p className="mt-1 text-slate-600 text-sm">
          Enter the email of your account and we will send you a link to choose a new password.
        </p>
      </div>
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-slate-600 text-sm">
        Remembered it?{' '}
        <Link to="/auth/login" className="font-medium text-slate-900 underline underline-offset-4">
          Sign in
        </Link>
      </p>
    </>
  );
}
