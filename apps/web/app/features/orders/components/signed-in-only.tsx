import { ReceiptText } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { loginHref } from '../../../lib/safe-next.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { syncSessionFromStorage, useSession } from '../../auth/index.ts';

/**
 * The order pages show the signed-in shopper's own data; the session lives in the browser, so the
 * server renders a placeholder and the page fills after hydration. Signed out: a prompt to sign in.
 */
export function SignedInOnly({
  children,
  loadingText,
  heading,
}: {
  children: (userId: string) => ReactNode;
  loadingText: string;
  /** The page's heading while the shopper's data is not shown (pages whose data names the heading). */
  heading?: ReactNode;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const userId = useSession((s) => (s.isAuthenticated ? (s.user?.id ?? null) : null));
  useEffect(() => {
    syncSessionFromStorage();
  }, []);

  if (!hydrated) {
    return (
      <>
        {heading}
        <PagePlaceholder text={loadingText} />
      </>
    );
  }
  if (!userId) {
    return (
      <>
        {heading}
        <section
          aria-labelledby="orders-signin-heading"
          className="flex min-h-72 flex-col items-center justify-center rounded-lg border border-slate-300 border-dashed px-6 py-12 text-center"
        >
          <ReceiptText aria-hidden="true" className="h-10 w-10 text-slate-500" />
          <h2 id="orders-signin-heading" className="mt-4 font-semibold text-lg">
            Sign in to see your orders
          </h2>
          <p className="mt-1 text-slate-600">Your order history, invoices and deliveries are in your account.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to={loginHref(`${location.pathname}${location.search}`)} className={buttonVariants()}>
              Sign in
            </Link>
            <Link to="/auth/signup" className={buttonVariants({ variant: 'outline' })}>
              Create an account
            </Link>
          </div>
        </section>
      </>
    );
  }
  return <>{children(userId)}</>;
}

/** Keeps the page's place while its data loads, and says so to screen readers. */
export function PagePlaceholder({ text }: { text: string }) {
  return (
    <div className="min-h-72 animate-pulse rounded-lg bg-slate-100" role="status" aria-live="polite">
      <span className="sr-only">{text}</span>
    </div>
  );
}
