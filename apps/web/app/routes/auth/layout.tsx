import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Container } from '../../components/layout/container.tsx';
import { RouteLoadingScreen } from '../../components/loading/route-loading-screen.tsx';
import { syncSessionFromStorage } from '../../features/auth/session-store.ts';
import { setAppNavigator } from '../../lib/app-navigator.ts';
import { loadable, useLoadable } from '../../lib/lazy-island.ts';

const toaster = loadable(() => import('../../components/layout/toaster.tsx').then((m) => m.default));

/** The auth pages layout (docs/product.md §2): the shop's name back home, and the page in a card. */
export default function AuthLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useEffect(() => setAppNavigator((to) => navigate(to)), [navigate]);
  const AppToaster = useLoadable(toaster, hydrated);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change (docs/product.md §2)
  useEffect(() => syncSessionFromStorage(), [location.key]);

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-slate-200 border-b bg-white">
        <Container className="flex h-16 items-center">
          <Link to="/" className="font-bold text-slate-950 text-xl tracking-tight">
            Shop
          </Link>
        </Container>
      </header>
      <main className="px-4 py-10 sm:py-16">
        <div className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <Outlet />
        </div>
      </main>
      {AppToaster ? <AppToaster /> : null}
      <RouteLoadingScreen />
    </div>
  );
}
