import type { OrderStatus } from '@shop/contracts/orders';
import { cn } from '../../../lib/cn.ts';
import { STATUS_LABELS } from '../format.ts';

// Text and background pairs that keep AA contrast (docs/architecture.md §9).
const TONES: Record<OrderStatus, string> = {
  awaiting_payment: 'bg-amber-100 text-amber-900',
  placed: 'bg-sky-100 text-sky-900',
  paid: 'bg-emerald-100 text-emerald-900',
  processing: 'bg-indigo-100 text-indigo-900',
  shipped: 'bg-violet-100 text-violet-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-900',
  refunded: 'bg-rose-100 text-rose-900',
};

/** An order's status as a small badge. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span
      data-testid="order-status"
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 font-medium text-xs',
        TONES[status],
        className,
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
