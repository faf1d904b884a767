import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { DemoModeBanner } from '../../components/ui/demo-mode-banner.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { safeNextPath } from '../../lib/safe-next.ts';
import type { Route } from './+types/login';

export function meta() {
  return [
    { title: 'Admin sign in · Shop' },
    { name: 'description', content: 'Sign in to the Shop admin area.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';

/** Whether the demo provider takes cards (every admin page then says so). */
export function loader({ context }: Route.LoaderArgs) {
  return { card: context.payments.card };
}

/**
 * /admin/auth/login (docs/product.md §2, §6): the sign-in form with the admin flag; staff go to /admin, or back to
 * the admin page in `?next=` (only /admin paths of this shop).
 */
export default function AdminLoginPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'), 'admin');
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <main className="min-h-screen bg-slate-100 px-4 py-16">
      {loaderData.card === 'demo' ? <DemoModeBanner className="mx-auto mb-6 max-w-md" audience="staff" /> : null}
      <div className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 text-center">
          <h1 className="font-bold text-2xl text-slate-900">Admin Sign In</h1>
          <p className="mt-1 text-slate-600 text-sm">For store staff only</p>
        </div>
        <SignInForm admin next={next} />
      </div>
    </main>
  );
}
