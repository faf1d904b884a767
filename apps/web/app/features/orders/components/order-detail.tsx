import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { reasonOf } from '../../../lib/api-error.ts';
import { failureMessage } from '../../../lib/http.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useOrder } from '../api/get-order.ts';
import { formatDateTime } from '../format.ts';
import { AddressBlock } from './address-block.tsx';
import { CancelOrderDialog } from './cancel-order-dialog.tsx';
import { LoadError } from './load-error.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { OrderTotals } from './order-totals.tsx';
import { PaymentSummary } from './payment-summary.tsx';
import { PagePlaceholder } from './signed-in-only.tsx';
import { StatusTimeline } from './status-timeline.tsx';

/** One of the shopper's orders: timeline, lines, totals, addresses, payment, and cancelling it. */
export function OrderDetail({ userId, orderId }: { userId: string; orderId: string }) {
  const query = useOrder(userId, orderId);
  const cancel = useCancelOrder(userId, orderId);
  const [confirming, setConfirming] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);

  if (query.isPending) {
    return (
      <>
        <OrderHeading />
        <PagePlaceholder text="Loading your order…" />
      </>
    );
  }
  if (query.isError) {
    if (reasonOf(query.error) === 'not_found') return <OrderNotFound />;
    return (
      <>
        <OrderHeading />
        <LoadError text="We could not load this order. Please try again." onRetry={() => void query.refetch()} />
      </>
    );
  }
  const order = query.data;

  function confirmCancel() {
    setCancelError(null);
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setCancelled(true);
      },
      onError: async (error) => setCancelError(await failureMessage(error, 'The order could not be cancelled.')),
    });
  }

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">Order {order.number}</h1>
          <p className="mt-1 text-slate-700">
            Placed <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <OrderStatusBadge status={order.status} className="text-sm" />
          {order.can_cancel ? (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              Cancel order
            </Button>
          ) : null}
        </div>
      </div>
      {cancelled ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-800 text-sm">
          Your order has been cancelled.
        </p>
      ) : null}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-8">
          <section aria-labelledby="order-items-heading" className="rounded-lg border border-slate-200 p-5">
            <h2 id="order-items-heading" className="font-semibold text-lg">
              Items
            </h2>
            <OrderLines lines={order.lines} currency={order.currency} />
            <OrderTotals className="mt-4 border-slate-200 border-t pt-4" priced={order} />
          </section>
          <div className="grid gap-6 sm:grid-cols-2">
            <section aria-labelledby="order-shipping-heading" className="rounded-lg border border-slate-200 p-5">
              <h2 id="order-shipping-heading" className="mb-2 font-semibold text-lg">
                Shipping
              </h2>
              <AddressBlock address={order.shipping_address} testId="shipping-address" />
              <p className="mt-2 text-slate-700 text-sm">{order.shipping_method_name}</p>
              {order.tracking_number ? (
                <p className="mt-2 text-sm">
                  <span className="text-slate-700">Tracking number: </span>
                  <span className="font-medium" data-testid="tracking-number">
                    {order.tracking_number}
                  </span>
                </p>
              ) : null}
            </section>
            <section aria-labelledby="order-billing-heading" className="rounded-lg border border-slate-200 p-5">
              <h2 id="order-billing-heading" className="mb-2 font-semibold text-lg">
                Billing
              </h2>
              {order.billing_address ? (
                <AddressBlock address={order.billing_address} testId="billing-address" />
              ) : (
                <p className="text-slate-700 text-sm">Same as the shipping address</p>
              )}
              <p className="mt-2 text-slate-700 text-sm">{order.email}</p>
            </section>
          </div>
          <section aria-labelledby="order-payment-heading" className="rounded-lg border border-slate-200 p-5">
            <h2 id="order-payment-heading" className="mb-2 font-semibold text-lg">
              Payment
            </h2>
            <PaymentSummary order={order} invoiceLink />
          </section>
        </div>
        <section aria-labelledby="order-timeline-heading" className="h-fit rounded-lg border border-slate-200 p-5">
          <h2 id="order-timeline-heading" className="mb-4 font-semibold text-lg">
            Status
          </h2>
          <StatusTimeline order={order} />
        </section>
      </div>

      <Link to="/orders" className={buttonVariants({ variant: 'link', className: 'px-0' })}>
        Back to your orders
      </Link>

      {confirming ? (
        <CancelOrderDialog
          open={confirming}
          onOpenChange={setConfirming}
          orderNumber={order.number}
          busy={cancel.isPending}
          error={cancelError}
          onConfirm={confirmCancel}
        />
      ) : null}
    </div>
  );
}

/** The page's heading before the order (and its number) is known. */
export function OrderHeading() {
  return <h1 className="mb-6 font-bold text-3xl tracking-tight">Order</h1>;
}

/** Another shopper's order and an unknown one look the same (the API answers 404 for both). */
export function OrderNotFound() {
  return (
    <div className="rounded-lg border border-slate-200 p-8 text-center">
      <h1 className="font-bold text-2xl">Order not found</h1>
      <p className="mt-2 text-slate-700">We could not find this order in your account.</p>
      <Link to="/orders" className={buttonVariants({ className: 'mt-6' })}>
        Your orders
      </Link>
    </div>
  );
}
