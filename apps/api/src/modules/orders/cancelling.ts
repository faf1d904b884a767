import { formatMinor } from '@shop/contracts/currency';
import { currencyUnit } from '@shop/contracts/iso-currencies';
import type { OrderStatus } from '@shop/contracts/orders';
import { rollBack, transactionResult } from '../../db/transaction.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import {
  lockPaymentOf,
  type Payments,
  pendingRefundCents,
  type RefundFailed,
  updatePayment,
} from '../payments/index.ts';
import { refreshRatingsOfOrder } from '../reviews/index.ts';
import type { Restocked } from '../stock/index.ts';
import type { OrderNotFound, OrdersContext, StaffHook, StaffResult } from './context.ts';
import type { OrdersOrderSide } from './order-side.ts';
import { addEvent, cancellableBy, moveStatus, orderStatus, ownedBy } from './repository.ts';

/**
 * Why an order cannot be cancelled: it is not there (or not the caller's), already cancelled, past
 * shipment, or the provider refused to give its money back (then nothing is cancelled).
 */
export type CancelFailure =
  | OrderNotFound
  | Failure<'already_cancelled'>
  | Failure<'not_cancellable', { status: OrderStatus | null }>
  | RefundFailed;

/**
 * Cancelling orders: the shopper's and the staff's cancel. Money taken goes back through payments;
 * an order never paid is cancelled by payments (its settlement and the sweep).
 */
export function createCancelling(ctx: OrdersContext, orderSide: OrdersOrderSide, payments: Payments) {
  const { db, clock } = ctx;

  /**
   * The one cancel, for customers and for staff. One conditional status update decides
   * (parallel cancels → one restock); the stock, the discount use and any money taken and not yet
   * refunded go back in the same transaction, an open invoice is voided.
   */
  async function cancelOrder(
    orderId: string,
    how: { by: 'customer' | 'staff'; userId?: string; reason?: string; actorId?: string; inTx?: StaffHook },
  ): Promise<Result<StaffResult, CancelFailure>> {
    const done = await transactionResult(
      db,
      async (tx): Promise<Result<{ back: Restocked; result: StaffResult; open: string | null }, CancelFailure>> => {
        const now = clock.now();
        const before = await orderStatus(tx, orderId, ownedBy(how.userId));
        if (!before) return fail('not_found');
        const by = how.by === 'customer' ? 'shopper' : 'staff';
        const order = await moveStatus(tx, orderId, cancellableBy(by, how.userId), { to: 'cancelled', by }, now);
        if (!order) {
          const existing = await orderStatus(tx, orderId);
          if (existing === 'cancelled') return fail('already_cancelled');
          return fail('not_cancellable', { status: existing ?? null });
        }
        const payment = await lockPaymentOf(tx, orderId);
        const who = how.by === 'customer' ? 'Cancelled by the customer' : 'Cancelled by the store';
        let note = how.reason ? `${who} (${how.reason})` : who;
        let refundedCents = 0;
        let paymentAfter = payment?.status ?? null;
        const taken = payment && (payment.status === 'succeeded' || payment.status === 'partially_refunded');
        const left = taken
          ? payment.amountCents - payment.refundedCents - (await pendingRefundCents(tx, payment.id))
          : 0;
        if (payment && taken && left > 0) {
          const back = await payments.giveBack(tx, payment, left, {
            reason: how.reason ? `${who}: ${how.reason}` : who,
            actorId: how.actorId ?? null,
            now,
          });
          // The money cannot go back: the order stays as it was, and staff hear the provider's words.
          if (back.status === 'failed') rollBack(fail('refund_failed', { message: back.message }));
          refundedCents = left;
          if (back.status === 'succeeded') {
            paymentAfter = back.full ? 'refunded' : 'partially_refunded';
            note = `${note}; ${formatMinor(left, currencyUnit(order.currency))} ${back.returned}`;
          } else {
            note = `${note}; refund of ${formatMinor(left, currencyUnit(order.currency))} requested; waiting for ${payments.providerLabel(payment)}`;
          }
        } else if (payment && !taken && payment.status !== 'refunded') {
          await updatePayment(tx, payment.id, { status: 'cancelled', updatedAt: now });
          paymentAfter = 'cancelled';
        }
        const ids = await orderSide.unwind(tx, orderId, 'order_cancelled');
        await refreshRatingsOfOrder(tx, orderId);
        await addEvent(tx, { orderId, status: 'cancelled', note, createdAt: now });
        const result: StaffResult = {
          before: { status: before, payment_status: payment?.status ?? null },
          after: { status: 'cancelled', payment_status: paymentAfter },
          refundedCents,
          number: order.number,
          email: order.email,
        };
        await how.inTx?.(tx, result);
        const open = payment?.status === 'requires_action' && payment.providerRef ? payment.id : null;
        return ok({ back: ids, result, open });
      },
    );
    if (!done.ok) return done;
    await ctx.stockChanged();
    // A payment the shopper could still complete (Stripe's Payment Element in another tab) is closed at
    // the provider; if it went through meanwhile, its money goes straight back when it is settled.
    if (done.value.open) await payments.closeAtProvider(done.value.open).catch(() => {});
    return ok(done.value.result);
  }

  return { cancelOrder };
}
export type Cancelling = ReturnType<typeof createCancelling>;
