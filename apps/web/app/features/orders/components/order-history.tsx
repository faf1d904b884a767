import { formatAmountIn } from '@shop/contracts/currency';
import { Package } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { plural } from '../../../lib/plural.ts';
import { useOrders } from '../api/get-orders.ts';
import { formatDate } from '../format.ts';
import { LoadError } from './load-error.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { PagePlaceholder } from './signed-in-only.tsx';

/** The signed-in shopper's orders, newest first, a page at a time (`?page=` in the URL). */
export function OrderHistory({ userId }: { userId: string }) {
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useOrders(userId, page);

  if (query.isPending) return <PagePlaceholder text="Loading your orders…" />;
  if (query.isError) {
    return <LoadError text="We could not load your orders. Please try again." onRetry={() => void query.refetch()} />;
  }
  const { items, total, limit } = query.data;
  if (total === 0) return <NoOrders />;
  const pages = Math.max(1, Math.ceil(total / limit));

  return (
    <section aria-labelledby="order-history-heading">
      <h2 id="order-history-heading" className="sr-only">
        Your order history
      </h2>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Order
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Date
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Items
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {items.map((order) => (
              <tr key={order.id} data-testid="order-row" data-order-id={order.id}>
                <td className="px-4 py-3">
                  <Link
                    to={`/orders/${encodeURIComponent(order.id)}`}
                    className="font-medium text-slate-900 underline underline-offset-4 hover:no-underline"
                  >
                    {order.number}
                  </Link>
                </td>
                <td className="px-4 py-3 text-slate-700">
                  <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
                </td>
                <td className="px-4 py-3">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="px-4 py-3 text-slate-700" data-testid="order-item-count">
                  {plural(order.item_count, 'item', 'items')}
                </td>
                <td className="px-4 py-3 text-right font-medium" data-testid="order-total">
                  {formatAmountIn(order.totals.total, order.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Order history pages" className="mt-6 flex items-center justify-between gap-4">
          <PageLink page={page - 1} disabled={page <= 1} label="Previous" />
          <p className="text-slate-700 text-sm">
            Page {page} of {pages}
          </p>
          <PageLink page={page + 1} disabled={page >= pages} label="Next" />
        </nav>
      ) : null}
    </section>
  );
}

function PageLink({ page, disabled, label }: { page: number; disabled: boolean; label: string }) {
  if (disabled) {
    return (
      <span aria-disabled="true" className={buttonVariants({ variant: 'outline', className: 'opacity-60' })}>
        {label}
      </span>
    );
  }
  return (
    <Link to={page === 1 ? '/orders' : `/orders?page=${page}`} className={buttonVariants({ variant: 'outline' })}>
      {label}
    </Link>
  );
}

function NoOrders() {
  return (
    <div className="flex min-h-72 flex-col items-center justify-center rounded-lg border border-slate-300 border-dashed px-6 py-12 text-center">
      <Package aria-hidden="true" className="h-10 w-10 text-slate-500" />
      <h2 className="mt-4 font-semibold text-lg">You have no orders yet</h2>
      <p className="mt-1 text-slate-600">When you place an order, it shows up here with its status.</p>
      <Link to="/products" className={buttonVariants({ className: 'mt-6' })}>
        Start shopping
      </Link>
    </div>
  );
}
