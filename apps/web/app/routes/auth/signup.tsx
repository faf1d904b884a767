import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';

export function meta() {
  return [
    { title: 'Create account · Shop' },
    { name: 'description', content: 'Create a Shop account to keep your cart and wishlist and order faster.' },
  ];
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';

/** /auth/signup: the sign-up dialog's form as a page (docs/product.md §2). */
export default function SignupPage() {
  return (
    <>
      <div className="mb-6 text-center">
        <h1 className="font-bold text-2xl text-slate-900">Create Account</h1>
        <p className="mt-1 text-slate-600 text-sm">Join us today and start shopping</p>
      </div>
      <SignUpForm />
    </>
  );
}
