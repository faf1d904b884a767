import type { PaymentInstructions } from '@shop/contracts/invoices';
import { Suspense } from 'react';
import { DemoModeBanner } from '../../components/ui/demo-mode-banner.tsx';
import { lazyIsland } from '../../lib/lazy-island.ts';
import type { Route } from './+types/checkout-confirmation';

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Order confirmed · Shop' },
    { name: 'description', content: 'The confirmation of the order you just placed.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** Whether the demo provider takes cards (the page then says so), and where a pay-later order is paid. */
export async function loader({ context }: Route.LoaderArgs) {
  return { card: context.payments.card, payment: await context.services.invoices.paymentInstructions() };
}

// Loaded by this module, not listed in the route manifest that every page loads (docs/architecture.md §9 budget).
const ConfirmationView = lazyIsland<{ payment: PaymentInstructions }>(() =>
  import('../../features/checkout/components/confirmation-view.tsx').then((m) => ({ default: m.ConfirmationView })),
);

/** After checkout: the order just placed, its lines, totals, address and payment. */
export default function CheckoutConfirmationPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      {loaderData.card === 'demo' ? <DemoModeBanner className="mb-6" audience="shopper" /> : null}
      <Suspense fallback={<div className="min-h-72 rounded-lg bg-slate-100" />}>
        <ConfirmationView payment={loaderData.payment} />
      </Suspense>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
