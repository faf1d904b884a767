import { hasEnded, ORDER_ROAD, ORDER_STATES } from '@shop/contracts/order-lifecycle';
import type { Order, OrderStatus } from '@shop/contracts/orders';

export interface TimelineStep {
  status: OrderStatus;
  label: string;
  /** When it happened; null for a step still to come. */
  at: string | null;
  note: string | null;
  state: 'done' | 'current' | 'upcoming';
}

/** An order waiting for its card payment has been placed: the timeline says so. */
const STEP_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Placed',
  placed: 'Placed',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** Where a status stands on the usual road (the order lifecycle's); -1 off it. */
const pathIndex = (status: OrderStatus) => {
  const step = ORDER_STATES[status].step;
  return step ? ORDER_ROAD.indexOf(step) : -1;
};

/**
 * The order's timeline: what happened, from its events, oldest first (the last one is where it is
 * now), then — unless it has ended — the steps still to come on the usual road.
 */
export function buildTimeline(order: Pick<Order, 'status' | 'events'>): TimelineStep[] {
  const steps: TimelineStep[] = order.events.map((event, i) => ({
    status: event.status,
    label: STEP_LABELS[event.status],
    at: event.at,
    note: event.note,
    state: i === order.events.length - 1 ? 'current' : 'done',
  }));
  if (hasEnded(order.status)) return steps;
  const reached = Math.max(pathIndex(order.status), ...order.events.map((e) => pathIndex(e.status)));
  for (const status of ORDER_ROAD.slice(reached + 1)) {
    steps.push({ status, label: STEP_LABELS[status], at: null, note: null, state: 'upcoming' });
  }
  return steps;
}
