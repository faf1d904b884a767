import { formatMoney } from '@shop/contracts/money';
import type { OrderStatus } from '@shop/contracts/orders';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rollBack, transactionResult } from '../../db/transaction.ts';
import type { Mail } from '../../lib/mailer.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { PaymentFacts, ProviderPayment } from '../payments/index.ts';
import { refreshRatingsOfOrder } from '../reviews/index.ts';
import type { Restocked, StockReason } from '../stock/index.ts';
import type { OrderNotFound, OrdersContext, StaffHook, StaffResult } from './context.ts';
import type { RefundFailed } from './payment.ts';
import type { Refunds } from './refunds.ts';
import {
  AWAITING_CARD,
  addEvent,
  cancellableBy,
  lockPaymentOf,
  moveStatus,
  orderStatus,
  ownedBy,
  paymentWithFacts,
  pendingRefundCents,
  stockLinesOf,
  updatePayment,
  updatePaymentOf,
  voidOpenInvoice,
} from './repository.ts';

/**
 * Why an order cannot be cancelled: it is not there (or not the caller's), already cancelled, past
 * shipment, or the provider refused to give its money back (then nothing is cancelled).
 */
export type CancelFailure =
  | OrderNotFound
  | Failure<'already_cancelled'>
  | Failure<'not_cancellable', { status: OrderStatus | null }>
  | RefundFailed;

/** How an unpaid order is cancelled (a declined, refused or expired payment). */
export interface Unwind {
  /** Who cancels it: the payment (declined, cancelled at the provider) or the sweep (time ran out). */
  by: 'payment' | 'sweep';
  paymentStatus: 'declined' | 'cancelled';
  failureMessage: string;
  stockReason: StockReason;
  note: string;
  /** What makes the order still unpaid; default: a card payment not completed (`awaiting_payment`). */
  unpaid?: SQL;
  /** The shopper's mail about it, queued in the cancel's own transaction. */
  mail?: (order: { number: string; email: string }) => Mail;
}

/** Cancelling orders: the shopper's and the staff's cancel, and the cancel of an order never paid. */
export function createCancelling(ctx: OrdersContext, refunds: Refunds) {
  const { db, clock, stock, discounts } = ctx;

  /**
   * Puts an order's stock back on its variants, gives its discount use back and voids its invoice; the
   * back-in-stock mail of what came back is queued in the same transaction.
   */
  async function unwind(tx: Tx, orderId: string, reason: StockReason): Promise<Restocked> {
    const back = await stock.restock(tx, await stockLinesOf(tx, orderId), reason, orderId);
    await discounts.release(tx, orderId);
    await voidOpenInvoice(tx, orderId);
    await ctx.queueBackInStock(tx, back);
    return back;
  }

  /**
   * Cancels an order that was never paid (declined, refused, expired): exactly once, restocked.
   * Answers the cancelled order, or undefined when it was no longer unpaid.
   */
  async function cancelUnpaid(orderId: string, how: Unwind) {
    const done = await db.transaction(async (tx) => {
      const now = clock.now();
      const order = await moveStatus(tx, orderId, how.unpaid ?? AWAITING_CARD, { to: 'cancelled', by: how.by }, now);
      if (!order) return undefined;
      await updatePaymentOf(tx, orderId, {
        status: how.paymentStatus,
        failureMessage: how.failureMessage,
        updatedAt: now,
      });
      const back = await unwind(tx, orderId, how.stockReason);
      await addEvent(tx, { orderId, status: 'cancelled', note: how.note, createdAt: now });
      if (how.mail) await ctx.mailer.send(how.mail(order), { tx });
      return { order, back };
    });
    if (!done) return undefined;
    await ctx.stockChanged();
    return done.order;
  }

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
          const back = await refunds.giveBack(tx, payment, left, {
            reason: how.reason ? `${who}: ${how.reason}` : who,
            actorId: how.actorId ?? null,
            now,
          });
          // The money cannot go back: the order stays as it was, and staff hear the provider's words.
          if (back.status === 'failed') rollBack(fail('refund_failed', { message: back.message }));
          refundedCents = left;
          if (back.status === 'succeeded') {
            paymentAfter = back.full ? 'refunded' : 'partially_refunded';
            note = `${note}; ${formatMoney(left)} ${back.returned}`;
          } else {
            note = `${note}; refund of ${formatMoney(left)} requested; waiting for ${refunds.providerLabel(payment)}`;
          }
        } else if (payment && !taken && payment.status !== 'refunded') {
          await updatePayment(tx, payment.id, { status: 'cancelled', updatedAt: now });
          paymentAfter = 'cancelled';
        }
        const ids = await unwind(tx, orderId, 'order_cancelled');
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
    if (done.value.open) await closeAtProvider(done.value.open).catch(() => {});
    return ok(done.value.result);
  }

  /** Cancels an unpaid payment at the provider after its order was cancelled here; settles what it then reports. */
  async function closeAtProvider(paymentId: string): Promise<void> {
    const known = await paymentWithFacts(db, paymentId);
    if (!known?.payment.providerRef || !ctx.provider) return;
    const found = await ctx.provider.cancel(known.facts, known.payment.providerRef);
    if (found.status === 'succeeded') await settleLate(known.facts, found);
  }

  /** Set by payment.ts (which is built after cancelling): settles a payment that succeeded after all. */
  let settleLate: (facts: PaymentFacts, found: ProviderPayment) => Promise<unknown> = async () => {};

  return {
    unwind,
    cancelUnpaid,
    cancelOrder,
    onLatePayment(settle: typeof settleLate) {
      settleLate = settle;
    },
  };
}
export type Cancelling = ReturnType<typeof createCancelling>;
