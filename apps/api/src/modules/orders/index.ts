/**
 * Orders: the public face of the module. Placing, payment, cancelling and the sweep
 * are its use cases (placing.ts, payment.ts, cancelling.ts, sweep.ts over context.ts).
 */
export type { CancelFailure } from './cancelling.ts';
export type { BackInStock, OrderNotFound, OrdersParts, StaffHook, StaffResult } from './context.ts';
export type { ConfirmFailure, InFlight, ProviderDown, RefundFailed, RefundFailure, SyncFailure } from './payment.ts';
export type { CardPaymentRefused, PlaceFailure } from './placing.ts';
export { ORDER_RATE_LIMITS } from './rate-limits.ts';
export { loadOrder, type OrderBundle, pendingRefundCents, unpaidCardAttempt } from './repository.ts';
export { ordersRoutes } from './routes.ts';
export { ORDER_MSG } from './rules.ts';
export { createOrdersService, type OrdersService } from './service.ts';
export { orderToWire } from './wire.ts';
