import { Suspense } from 'react';
import { DemoModeBanner } from '../../components/ui/demo-mode-banner.tsx';
import { lazyIsland } from '../../lib/lazy-island.ts';
import type { Route } from './+types/checkout-complete';

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Completing your payment · Shop' },
    { name: 'description', content: 'Your payment is being checked.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** Whether the demo provider takes cards (the page then says so). */
export function loader({ context }: Route.LoaderArgs) {
  return { card: context.payments.card };
}

// Loaded by this module, not listed in the route manifest that every page loads (docs/architecture.md §9 budget).
const CompletePaymentView = lazyIsland<Record<string, never>>(() =>
  import('../../features/checkout/components/complete-payment-view.tsx').then((m) => ({
    default: m.CompletePaymentView,
  })),
);

/**
 * Where Stripe sends the shopper back when a card's 3-D Secure step needed a page of its
 * own. The shop asks Stripe how the payment went (sync-payment), then shows the confirmation.
 */
export default function CheckoutCompletePage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      {loaderData.card === 'demo' ? <DemoModeBanner className="mb-6" audience="shopper" /> : null}
      <Suspense fallback={<div className="min-h-72 rounded-lg bg-slate-100" />}>
        <CompletePaymentView />
      </Suspense>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
