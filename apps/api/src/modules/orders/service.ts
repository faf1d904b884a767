import type { Order } from '@shop/contracts/orders';
import { fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Actor } from '../checkout/index.ts';
import { type ConfirmFailure, createPayments, type SyncFailure } from '../payments/index.ts';
import type { CardPayments } from '../settings/index.ts';
import { type CancelFailure, createCancelling } from './cancelling.ts';
import {
  createOrdersContext,
  type OrderNotFound,
  type OrdersDeps,
  type OrdersParts,
  type StaffHook,
} from './context.ts';
import { createOrderSide } from './order-side.ts';
import { createPlacing } from './placing.ts';
import { ORDER_RATE_LIMITS } from './rate-limits.ts';
import { createRefund } from './refund.ts';
import { createReminders } from './reminders.ts';
import { listOwn, loadOrder } from './repository.ts';
import { createSweep } from './sweep.ts';
import { orderSummaryToWire, orderToWire, withInvoiceLink } from './wire.ts';

/**
 * Orders (docs/architecture.md §6): placing (placing.ts), cancelling (cancelling.ts), the staff's refund
 * (refund.ts) and the sweep of unpaid orders (sweep.ts), over one context. Payments (the payments
 * module) settles card payments and gives money back; the order's half of each outcome is its
 * OrderSide (order-side.ts). Every transition (paid, declined, cancelled, expired) is a conditional
 * status update, so it happens exactly once whatever races it.
 */
export function createOrdersService(deps: OrdersDeps, parts: OrdersParts) {
  const ctx = createOrdersContext(deps, parts);
  const { db, clock, config } = deps;
  const orderSide = createOrderSide(ctx);
  const payments = createPayments({ db, clock, provider: parts.provider, orders: orderSide });
  const cancelling = createCancelling(ctx, orderSide, payments);
  const placing = createPlacing(ctx, payments);
  const refund = createRefund(ctx, payments);
  const sweep = createSweep(ctx, payments);
  const reminders = createReminders(ctx);

  return {
    /** POST /api/orders (placing.ts); the answer carries the invoice's signed PDF link. */
    async place(...args: Parameters<typeof placing.place>) {
      const placed = await placing.place(...args);
      if (!placed.ok) return placed;
      return ok({ ...placed.value, order: withInvoiceLink(placed.value.order, parts.invoicePdfPath) });
    },
    /** POST /api/orders/:id/confirm-payment (payments' `confirmPayment`): the order as it now stands. */
    async confirmPayment(
      actor: Actor,
      orderId: string,
      input: { token: string; approve: boolean },
    ): Promise<Result<Order, ConfirmFailure>> {
      const confirmed = await payments.confirmPayment(actor, orderId, input);
      if (!confirmed.ok) return confirmed;
      return ctx.wire(orderId);
    },
    /** POST /api/orders/:id/sync-payment (payments' `syncPayment`): the order as it now stands. */
    async syncPayment(actor: Actor, orderId: string, input: { token: string }): Promise<Result<Order, SyncFailure>> {
      const synced = await payments.syncPayment(actor, orderId, input);
      if (!synced.ok) return synced;
      return ctx.wire(orderId);
    },
    refund,
    /** The `payment-event` job: a stored webhook event, handled by retrieving its object. */
    handlePaymentEvent: payments.handlePaymentEvent,
    /** The `payment-refund` job: a refund the provider did not answer, asked again with the same key. */
    retryRefund: payments.retryRefund,

    /** How this shop takes cards (contracts `storeSettings.payments`). */
    cardPayments(): CardPayments {
      return {
        card: parts.provider?.kind ?? null,
        stripe_publishable_key: parts.provider?.kind === 'stripe' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      };
    },
    /**
     * Settles every card payment left `processing` by a request that no longer runs (its process or
     * the database died between the charge and its outcome) with the gateway's answer: paid, or
     * cancelled and restocked. Runs at start; a retry of such an order's key settles
     * it too. Answers how many it settled.
     */
    reconcileUnsettledCharges: payments.reconcileUnsettledCharges,
    expireUnconfirmedPayments: sweep.expireUnconfirmedPayments,
    expireUnpaidGuestOrders: sweep.expireUnpaidGuestOrders,
    remindDueInvoices: reminders.remindDueInvoices,

    /**
     * The two limits POST /api/orders counts itself, RATE_LIMIT_SCALE applied as
     * app.ts applies it to every route's declared limit.
     */
    placementLimits() {
      const scaled = ({ max, timeWindow }: { max: number; timeWindow: number }) => ({
        max: Math.round(max * config.RATE_LIMIT_SCALE),
        timeWindow,
      });
      return { perAddress: scaled(ORDER_RATE_LIMITS.perAddress), perEmail: scaled(ORDER_RATE_LIMITS.perEmail) };
    },

    /** GET /api/orders: the user's own orders, newest first. */
    async list(userId: string, page: number, limit: number) {
      const { rows, total } = await listOwn(db, userId, page, limit);
      return { items: rows.map(orderSummaryToWire), total, page, limit };
    },

    /** GET /api/orders/:id: the user's own order; another's or an unknown one is `not_found` alike. */
    async getOwn(userId: string, orderId: string): Promise<Result<Order, OrderNotFound>> {
      if (!isUuid(orderId)) return fail('not_found');
      const bundle = await loadOrder(db, orderId);
      if (!bundle || bundle.order.userId !== userId) return fail('not_found');
      return ok(withInvoiceLink(orderToWire(bundle, clock.now()), parts.invoicePdfPath));
    },

    /**
     * POST /api/orders/:id/cancel: the user's own order, before shipment. One conditional status
     * update decides (two parallel cancels → one restock); the stock, the discount use and a card
     * payment go back in the same transaction, a pay-later invoice is voided.
     */
    async cancel(userId: string, orderId: string): Promise<Result<Order, CancelFailure>> {
      if (!isUuid(orderId)) return fail('not_found');
      const cancelled = await cancelling.cancelOrder(orderId, { userId, by: 'customer' });
      if (!cancelled.ok) return cancelled;
      return ctx.wire(orderId);
    },

    /**
     * Cancel by staff: the same rules and unwinding as the customer's cancel (before
     * shipment, restocked once, card money not yet refunded goes back, invoice voided); `inTx` runs in
     * the same transaction (the audit entry). Returns the order before and after, and what was refunded.
     */
    async cancelByStaff(orderId: string, opts: { reason?: string; actorId: string; inTx?: StaffHook }) {
      if (!isUuid(orderId)) return fail('not_found');
      return cancelling.cancelOrder(orderId, { by: 'staff', ...opts });
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
