import { Outlet, redirect } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AdminShell, isStaff } from '../../features/admin/index.ts';
import { sessionStore, syncSessionFromStorage } from '../../features/auth/session-store.ts';
import { adminLoginHref } from '../../lib/safe-next.ts';

export function meta() {
  return [{ title: 'Admin · Shop' }, { name: 'robots', content: 'noindex' }];
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';

/**
 * Every /admin page: rendered in the browser, where the session lives (docs/architecture.md §3). A
 * signed-out or non-staff visitor goes to the admin sign-in, which returns to the page asked for;
 * the API checks the role again on every call.
 */
export async function clientLoader({ request }: { request: Request }) {
  syncSessionFromStorage();
  if (!isStaff(sessionStore.getState().user)) {
    const url = new URL(request.url);
    throw redirect(adminLoginHref(`${url.pathname}${url.search}`));
  }
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center gap-2 bg-slate-100 text-slate-700" role="status">
      <Spinner /> Loading the admin area…
    </div>
  );
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
