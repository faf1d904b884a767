import { Suspense } from 'react';
import { lazyIsland } from '../../lib/lazy-island.ts';
import type { Route } from './+types/order';

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Order · Shop' },
    { name: 'description', content: 'The status, items, delivery and payment of your order.' },
    { name: 'robots', content: 'noindex' },
  ];
}

// Loaded by this module, not listed in the route manifest that every page loads (docs/architecture.md §9 budget).
const OrderDetailPage = lazyIsland<{ orderId: string }>(() =>
  import('../../features/orders/components/order-pages.tsx').then((m) => ({ default: m.OrderDetailPage })),
);

/** One order of the signed-in shopper: timeline, lines, totals, addresses, payment, cancel. */
export default function OrderPage({ params }: Route.ComponentProps) {
  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      <Suspense fallback={<div className="min-h-72 rounded-lg bg-slate-100" />}>
        <OrderDetailPage orderId={params.orderId} />
      </Suspense>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
