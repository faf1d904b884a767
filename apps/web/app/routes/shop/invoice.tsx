import { Suspense } from 'react';
import { lazyIsland } from '../../lib/lazy-island.ts';
import type { Route } from './+types/invoice';

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Invoice · Shop' },
    { name: 'description', content: 'The printable invoice of your pay-later order.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The store's name heads the invoice; read in-process from the settings (docs/architecture.md §3). */
export async function loader({ context }: Route.LoaderArgs) {
  const { storeName } = await context.services.settings.get();
  return { storeName };
}

// Loaded by this module, not listed in the route manifest that every page loads (docs/architecture.md §9 budget).
const InvoicePage = lazyIsland<{ orderId: string; storeName: string }>(() =>
  import('../../features/orders/components/order-pages.tsx').then((m) => ({ default: m.InvoicePage })),
);

/** The printable invoice of a pay-later order. */
export default function InvoiceRoute({ params, loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      <Suspense fallback={<div className="min-h-72 rounded-lg bg-slate-100" />}>
        <InvoicePage orderId={params.orderId} storeName={loaderData.storeName} />
      </Suspense>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
