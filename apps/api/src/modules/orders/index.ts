/**
 * Orders: the public face of the module. Placing, cancelling, the staff's refund and the sweep are its
 * use cases (placing.ts, cancelling.ts, refund.ts, sweep.ts over context.ts); payments settles the
 * money and asks the order's half of it of order-side.ts.
 */
export type { CancelFailure } from './cancelling.ts';
export type { BackInStock, OrderNotFound, OrdersParts, StaffHook, StaffResult } from './context.ts';
export type { CardPaymentRefused, PlaceFailure } from './placing.ts';
export { pricedColumns, pricedLineRows } from './placing-steps.ts';
export { ORDER_RATE_LIMITS } from './rate-limits.ts';
export type { RefundFailure } from './refund.ts';
export { loadOrder, type OrderBundle } from './repository.ts';
export { ordersRoutes } from './routes.ts';
export { ORDER_MSG } from './rules.ts';
export { createOrdersService, type OrdersService } from './service.ts';
export { orderToWire } from './wire.ts';
