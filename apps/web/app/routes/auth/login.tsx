import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';

export function meta() {
  return [
    { title: 'Sign in · Shop' },
    { name: 'description', content: 'Sign in to your Shop account to see your orders, cart and wishlist.' },
  ];
}

export { RouteErrorBoundary as ErrorBoundary } from '../../components/errors/route-error-boundary.tsx';

/** /auth/login: the sign-in dialog's form as a page (spec §2). */
export default function LoginPage() {
  return (
    <>
      <div className="mb-6 text-center">
        <h1 className="font-bold text-2xl text-slate-900">Welcome Back</h1>
        <p className="mt-1 text-slate-600 text-sm">Sign in to your account to continue shopping</p>
      </div>
      <SignInForm />
    </>
  );
}
