import type { PaymentInstructions } from '@shop/contracts/invoices';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { AddressBlock, BankTransfer, OrderLines, OrderTotals, PaymentSummary } from '../../orders/index.ts';
import { type PlacedOrder, readPlacedOrder } from '../placed-order.ts';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; placed: PlacedOrder };

/**
 * /checkout/confirmation: the order just placed, from this tab's sessionStorage (guests cannot read
 * an order back: ADR 003). Read after hydration; nothing to show → a friendly way on. `payment` is the
 * store's bank details for a pay-later order.
 */
export function ConfirmationView({ payment }: { payment: PaymentInstructions }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const placed = readPlacedOrder();
    setLoad(placed ? { state: 'ready', placed } : { state: 'missing' });
  }, []);

  if (load.state === 'loading') {
    return (
      <div className="min-h-72 animate-pulse rounded-lg bg-slate-100" role="status" aria-live="polite">
        <span className="sr-only">Loading your confirmation…</span>
      </div>
    );
  }
  if (load.state === 'missing') {
    return (
      <section className="rounded-lg border border-slate-200 p-8 text-center">
        <h1 className="font-bold text-2xl">No recent order to show</h1>
        <p className="mt-2 text-slate-700">
          We could not find an order placed in this browser tab. Your orders are listed in your account, and every order
          is also confirmed by e-mail.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/orders" className={buttonVariants()}>
            Your orders
          </Link>
          <Link to="/products" className={buttonVariants({ variant: 'outline' })}>
            Continue shopping
          </Link>
        </div>
      </section>
    );
  }

  const { order, signedIn } = load.placed;
  return (
    <div className="space-y-8">
      <header className="rounded-lg border border-green-200 bg-green-50 p-6">
        <div className="flex items-start gap-3">
          <CircleCheck aria-hidden="true" className="mt-1 size-7 shrink-0 text-green-700" />
          <div>
            <h1 className="font-bold text-3xl text-slate-900 tracking-tight">Thank you for your order!</h1>
            <p className="mt-2 text-slate-800">
              Your order number is{' '}
              <strong className="font-semibold" data-testid="order-number">
                {order.number}
              </strong>
              . We have sent a confirmation to <span className="font-medium">{order.email}</span>.
            </p>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap gap-3">
          {signedIn ? (
            <Link to={`/orders/${encodeURIComponent(order.id)}`} className={buttonVariants()}>
              View your order
            </Link>
          ) : null}
          <Link to="/products" className={buttonVariants({ variant: signedIn ? 'outline' : 'default' })}>
            Continue shopping
          </Link>
        </div>
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="confirmation-items-heading" className="rounded-lg border border-slate-200 p-5">
          <h2 id="confirmation-items-heading" className="font-semibold text-lg">
            Items
          </h2>
          <OrderLines lines={order.lines} currency={order.currency} />
          <OrderTotals className="mt-4 border-slate-200 border-t pt-4" priced={order} />
          <p className="mt-3 text-slate-700 text-sm">
            Amounts in <span data-testid="order-currency">{order.currency.code}</span>
          </p>
        </section>
        <div className="space-y-6">
          <section aria-labelledby="confirmation-shipping-heading" className="rounded-lg border border-slate-200 p-5">
            <h2 id="confirmation-shipping-heading" className="mb-2 font-semibold text-lg">
              Shipping to
            </h2>
            <AddressBlock address={order.shipping_address} testId="shipping-address" />
            <p className="mt-2 text-slate-700 text-sm">{order.shipping_method_name}</p>
          </section>
          <section aria-labelledby="confirmation-payment-heading" className="rounded-lg border border-slate-200 p-5">
            <h2 id="confirmation-payment-heading" className="mb-2 font-semibold text-lg">
              Payment
            </h2>
            <PaymentSummary order={order} invoiceLink={signedIn} />
          </section>
          {/* A pay-later order says where to pay and which reference to quote. */}
          <BankTransfer order={order} instructions={payment} />
        </div>
      </div>
    </div>
  );
}
