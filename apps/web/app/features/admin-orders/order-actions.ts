import { type AdminOrderDetail, ORDER_TRANSITIONS, type OrderTransitionBody } from '@shop/contracts/admin-orders';
import { type StaffAction, staffMoveOf } from '@shop/contracts/order-lifecycle';
import type { OrderStatus } from '@shop/contracts/orders';

type StatusTarget = OrderTransitionBody['status'];
const isStatusTarget = (s: OrderStatus): s is StatusTarget => (ORDER_TRANSITIONS as readonly string[]).includes(s);

/**
 * The staff actions an order's detail offers: those the API allows now (`actions` weighs the money and
 * the invoice too) that are a move of the order lifecycle from the order's status. Marking an invoice
 * paid is the invoice's own: a prepared or shipped pay-later order is paid without moving.
 */
export function offeredActions(order: Pick<AdminOrderDetail, 'status' | 'actions'>): Record<StaffAction, boolean> {
  const move = (action: StaffAction) => order.actions[action] && staffMoveOf(order.status, action) !== undefined;
  return {
    process: move('process'),
    ship: move('ship'),
    deliver: move('deliver'),
    cancel: move('cancel'),
    refund: move('refund'),
    mark_paid: order.actions.mark_paid,
  };
}

/** The status the lifecycle says a status action moves an order to (POST …/status), if any. */
export function statusMoveOf(status: OrderStatus, action: StaffAction): StatusTarget | undefined {
  const to = staffMoveOf(status, action)?.to;
  return to && isStatusTarget(to) ? to : undefined;
}
