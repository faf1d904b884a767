import { hasBankAccount } from '@shop/contracts/invoices';
import { Suspense } from 'react';
import { DemoModeBanner } from '../../components/ui/demo-mode-banner.tsx';
import type { CheckoutSettings } from '../../features/checkout/components/checkout-view.tsx';
import { lazyIsland } from '../../lib/lazy-island.ts';
import type { Route } from './+types/checkout';

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Checkout · Shop' },
    { name: 'description', content: 'Review your order, choose delivery and pay.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * The store settings checkout shows (store name, pay-later days), read in-process (docs/architecture.md), who
 * takes cards, and whether pay later is offered (only once the store's bank details are saved). Shipping
 * methods come with each quote: they depend on the address.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<CheckoutSettings> {
  const settings = await context.services.settings.get();
  return {
    payments: { ...context.payments, payLater: hasBankAccount(settings.bank) },
    storeName: settings.storeName,
    payLaterDays: settings.payLaterDays,
    guestHoldHours: settings.guestHoldHours,
  };
}

// Loaded by this module, not listed in the route manifest that every page loads (docs/architecture.md §9 budget).
const CheckoutView = lazyIsland<{ settings: CheckoutSettings }>(() =>
  import('../../features/checkout/components/checkout-view.tsx').then((m) => ({ default: m.CheckoutView })),
);

/** docs/product.md §2 checkout; docs/product.md §10: a real checkout with the test card provider and pay-later. */
export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      {loaderData.payments.card === 'demo' ? <DemoModeBanner className="mb-6" audience="shopper" /> : null}
      <h1 className="mb-6 font-bold text-3xl tracking-tight">Checkout</h1>
      <Suspense fallback={<div className="min-h-96 rounded-lg bg-slate-100" />}>
        <CheckoutView settings={loaderData} />
      </Suspense>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
