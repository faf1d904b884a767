import { type CurrencyUnit, formatMinor, hasAtMostDecimals, toMinor } from '@shop/contracts/currency';
import { currencyUnit } from '@shop/contracts/iso-currencies';
import { isRefundable } from '@shop/contracts/order-lifecycle';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import { lockPaymentOf, type Payments, pendingRefundCents, type RefundFailed } from '../payments/index.ts';
import { refreshRatingsOfOrder } from '../reviews/index.ts';
import type { OrderNotFound, OrdersContext, StaffHook, StaffResult } from './context.ts';
import { addEvent, lockOrder, moveStatus } from './repository.ts';

/**
 * Why staff cannot refund: nothing was paid, an amount finer than the order's currency counts, a zero
 * amount, more than is left, or the provider said no.
 */
export type RefundFailure =
  | OrderNotFound
  | Failure<'nothing_to_refund', { number: string; status: string; paymentStatus: string | null }>
  | Failure<'refund_amount_precision', { currency: CurrencyUnit }>
  | Failure<'refund_not_positive'>
  | Failure<
      'refund_too_large',
      { number: string; leftCents: number; paidCents: number; refundedCents: number; currency: CurrencyUnit }
    >
  | RefundFailed;

/** The staff's refund of an order: the order's checks and timeline here, the money through payments. */
export function createRefund(ctx: OrdersContext, payments: Payments) {
  const { db, clock } = ctx;

  /**
   * Refund by staff, full (`amount` undefined = all that is left) or partial: `amount` is the wire's
   * decimal, read with the digits of the order's currency (¥1500 is 1500 minor units). The
   * order and payment rows are locked first, so parallel refunds queue; what is left counts refunds
   * still pending at the provider, so none can give back more than was paid. A card goes back through
   * the provider: succeeded → recorded now (ledger, refunded amount, `refunded` when all is back);
   * pending → recorded when the provider confirms (webhook); failed → `refund_failed` in its words,
   * the refund row failed and nothing else recorded. Pay-later money is returned by hand and recorded at once.
   */
  async function refund(
    orderId: string,
    opts: { amount?: number; reason: string; actorId: string; inTx?: StaffHook },
  ): Promise<Result<StaffResult, RefundFailure>> {
    if (!isUuid(orderId)) return fail('not_found');
    // A plain transaction: a failure before giveBack has written nothing, and a refusal keeps only its failed row.
    return db.transaction(async (tx): Promise<Result<StaffResult, RefundFailure>> => {
      const now = clock.now();
      const order = await lockOrder(tx, orderId);
      if (!order) return fail('not_found');
      const currency = currencyUnit(order.currency);
      if (opts.amount !== undefined && !hasAtMostDecimals(opts.amount, currency.digits)) {
        return fail('refund_amount_precision', { currency });
      }
      const payment = await lockPaymentOf(tx, orderId);
      if (!payment || (payment.status !== 'succeeded' && payment.status !== 'partially_refunded')) {
        return fail('nothing_to_refund', {
          number: order.number,
          status: order.status,
          paymentStatus: payment?.status ?? null,
        });
      }
      // Money in an order the lifecycle cannot refund (none can hold any) is not staff's to give back.
      if (!isRefundable(order.status)) {
        return fail('nothing_to_refund', {
          number: order.number,
          status: order.status,
          paymentStatus: payment.status,
        });
      }
      const pending = await pendingRefundCents(tx, payment.id);
      const left = payment.amountCents - payment.refundedCents - pending;
      const amount = opts.amount === undefined ? left : toMinor(opts.amount, currency.digits);
      if (amount <= 0) return fail('refund_not_positive');
      if (amount > left) {
        return fail('refund_too_large', {
          number: order.number,
          leftCents: left,
          paidCents: payment.amountCents,
          refundedCents: payment.refundedCents + pending,
          currency,
        });
      }
      const back = await payments.giveBack(tx, payment, amount, { reason: opts.reason, actorId: opts.actorId, now });
      // The provider said no: its refund row says so (failed, in its words), and nothing else changes.
      if (back.status === 'failed') return fail('refund_failed', { message: back.message });
      const before = { status: order.status, payment_status: payment.status, refunded_cents: payment.refundedCents };
      let result: StaffResult;
      if (back.status === 'succeeded') {
        const status = back.full ? 'refunded' : order.status;
        if (back.full) {
          if (!(await moveStatus(tx, orderId, undefined, { to: 'refunded', by: 'staff' }, now))) {
            throw new Error('a locked refundable order could not be marked refunded');
          }
          await refreshRatingsOfOrder(tx, orderId);
        }
        const note = `${back.full ? 'Refunded in full' : 'Partially refunded'}: ${formatMinor(amount, currency)} ${back.returned} (${opts.reason})`;
        await addEvent(tx, { orderId, status, note, createdAt: now });
        result = {
          before,
          after: {
            status,
            payment_status: back.full ? 'refunded' : 'partially_refunded',
            refunded_cents: payment.refundedCents + amount,
          },
          refundedCents: amount,
          number: order.number,
          email: order.email,
        };
      } else {
        const note = `Refund of ${formatMinor(amount, currency)} requested; waiting for ${payments.providerLabel(payment)} (${opts.reason})`;
        await addEvent(tx, { orderId, status: order.status, note, createdAt: now });
        result = {
          before,
          after: { ...before, refund_pending_cents: pending + amount },
          refundedCents: amount,
          number: order.number,
          email: order.email,
        };
      }
      await opts.inTx?.(tx, result);
      return ok(result);
    });
  }

  return refund;
}
