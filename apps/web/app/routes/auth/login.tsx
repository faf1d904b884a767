import { useLocation, useSearchParams } from 'react-router';
import { FormAlert } from '../../components/ui/form-message.tsx';
import { ACCOUNT_CREATED_MESSAGE, accountCreatedEmail } from '../../features/auth/account-created.ts';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { safeNextPath } from '../../lib/safe-next.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

export function meta() {
  return [
    { title: 'Sign in · Shop' },
    { name: 'description', content: 'Sign in to your Shop account to see your orders, cart and wishlist.' },
  ];
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';

/**
 * /auth/login: the sign-in dialog's form as a page (docs/product.md §2). After sign-up it says
 * the account was created and fills in the e-mail; reached with `?next=` (from checkout, the wishlist,
 * orders, the account page) it returns there after signing in, if that is a path of this shop.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  // History state exists only in the browser: read after hydration, so the server's HTML matches.
  const hydrated = useHydrated();
  const created = hydrated ? accountCreatedEmail(location.state) : null;
  const next = safeNextPath(params.get('next'), 'storefront');
  return (
    <>
      <div className="mb-6 text-center">
        <h1 className="font-bold text-2xl text-slate-900">Welcome Back</h1>
        <p className="mt-1 text-slate-600 text-sm">Sign in to your account to continue shopping</p>
      </div>
      {created ? <FormAlert tone="success">{ACCOUNT_CREATED_MESSAGE}</FormAlert> : null}
      {/* Remounted with the e-mail once it is known, so the field starts filled in. */}
      <SignInForm key={created ?? ''} defaultEmail={created ?? ''} next={next} />
    </>
  );
}
