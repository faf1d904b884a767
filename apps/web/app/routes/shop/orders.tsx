import { Suspense } from 'react';
import { lazyIsland } from '../../lib/lazy-island.ts';
import type { Route } from './+types/orders';

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Orders · Shop' },
    { name: 'description', content: 'Your orders and their status.' },
    { name: 'robots', content: 'noindex' },
  ];
}

// Loaded by this module, not listed in the route manifest that every page loads (docs/architecture.md §9 budget).
const OrderHistoryPage = lazyIsland<Record<string, never>>(() =>
  import('../../features/orders/components/order-pages.tsx').then((m) => ({ default: m.OrderHistoryPage })),
);

/** docs/product.md §2 orders; docs/product.md §10: the signed-in shopper's real order history. */
export default function OrdersPage() {
  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      <h1 className="mb-6 font-bold text-3xl tracking-tight">Orders</h1>
      <Suspense fallback={<div className="min-h-72 rounded-lg bg-slate-100" />}>
        <OrderHistoryPage />
      </Suspense>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
