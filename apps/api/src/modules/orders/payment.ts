import { formatMoney } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { conflict } from '../../errors.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Actor } from '../checkout/index.ts';
import {
  type CardDeclined,
  type CardDetails,
  type ChargeResult,
  type PaymentProvider,
  recordTransaction,
} from '../payments/index.ts';
import { refreshRatingsOfOrder } from '../reviews/index.ts';
import type { Cancelling } from './cancelling.ts';
import type { OrderNotFound, OrdersContext, StaffHook, StaffResult } from './context.ts';
import { cardLabel } from './mail.ts';
import {
  AWAITING_CARD,
  addEvent,
  clearOrderedFromCart,
  confirmationTarget,
  lockOrder,
  lockPayment,
  lockPaymentOf,
  moveStatus,
  type OrderBundle,
  type PaymentRow,
  updatePayment,
} from './repository.ts';
import { ORDER_MSG, sameToken } from './rules.ts';
import { orderToWire } from './wire.ts';

/** A request with the Idempotency-Key (or a confirmation) is still running: try again shortly (409). */
export type InFlight = Failure<'in_flight'>;

/** What the confirmation step can end in besides a paid order. */
export type ConfirmFailure = OrderNotFound | InFlight | Failure<'not_awaiting_confirmation'> | CardDeclined;

/** Why staff cannot refund (issue 5): nothing was paid, a zero amount, or more than is left. */
export type RefundFailure =
  | OrderNotFound
  | Failure<'nothing_to_refund', { number: string; status: string; paymentStatus: string | null }>
  | Failure<'refund_not_positive'>
  | Failure<'refund_too_large', { number: string; leftCents: number; paidCents: number; refundedCents: number }>;

/** What placing hands to the charge: the order just committed and its payment. */
export interface Placed {
  orderId: string;
  paymentId: string;
  amountCents: number;
}

/**
 * Gives `amountCents` of a taken payment back: a card through the provider (before any stock row is
 * locked, so it never holds up other orders); pay-later money is returned by hand. Says how.
 */
export async function giveBack(provider: PaymentProvider, payment: PaymentRow, amountCents: number): Promise<string> {
  if (payment.method === 'card') {
    // A broken invariant, not an outcome: a succeeded card payment always has the provider's reference.
    if (!payment.providerRef) throw conflict('This card payment has no provider reference to refund');
    await provider.refund({ reference: payment.id, providerRef: payment.providerRef, amountCents });
    return `refunded to ${cardLabel(payment.cardBrand, payment.cardLast4)}`;
  }
  return 'to be returned by bank transfer';
}

/**
 * Payment of orders: the card charge after placing, the confirmation step, and staff refunds. A charge
 * runs after the order's commit (a gateway call never holds row locks); its outcome is written by
 * conditional status updates, so paid, declined and cancelled each happen exactly once.
 */
export function createPayment(ctx: OrdersContext, cancelling: Cancelling) {
  const { db, clock, provider } = ctx;

  /**
   * The charge succeeded: payment succeeded, order paid, cart cleared, in one transaction. If the
   * order was cancelled meanwhile (the sweep, or the customer), the money goes straight back.
   */
  async function markPaid(orderId: string, paymentId: string, providerRef: string | null): Promise<boolean> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const order = await moveStatus(tx, orderId, AWAITING_CARD, 'paid', now);
      if (!order) {
        const payment = await lockPayment(tx, paymentId);
        if (!payment) throw new Error('payment missing');
        const ref = providerRef ?? payment.providerRef;
        if (ref) {
          await provider.refund({ reference: paymentId, providerRef: ref, amountCents: payment.amountCents });
          // The money was taken and went straight back: both halves belong in the ledger.
          const entry = {
            orderId,
            method: 'card',
            amountCents: payment.amountCents,
            providerRef: ref,
            at: now,
          } as const;
          await recordTransaction(tx, { ...entry, kind: 'charge', note: 'Card payment' });
          await recordTransaction(tx, {
            ...entry,
            kind: 'refund',
            note: 'Order was cancelled before the payment completed',
          });
        }
        await updatePayment(tx, paymentId, {
          status: 'refunded',
          refundedCents: payment.amountCents,
          providerRef: ref,
          updatedAt: now,
        });
        return false;
      }
      const payment = await updatePayment(tx, paymentId, {
        status: 'succeeded',
        ...(providerRef ? { providerRef } : {}),
        updatedAt: now,
      });
      if (payment) {
        await recordTransaction(tx, {
          orderId,
          kind: 'charge',
          method: 'card',
          amountCents: payment.amountCents,
          currency: payment.currency,
          providerRef: payment.providerRef,
          note: `Paid with ${cardLabel(payment.cardBrand, payment.cardLast4)}`,
          at: now,
        });
      }
      await addEvent(tx, {
        orderId,
        status: 'paid',
        note: `Paid with ${cardLabel(payment?.cardBrand ?? null, payment?.cardLast4 ?? null)}`,
        createdAt: now,
      });
      if (order.userId) {
        await clearOrderedFromCart(tx, order.userId, orderId, now);
        await refreshRatingsOfOrder(tx, orderId);
      }
      return true;
    });
  }

  /** A declined card: the order is cancelled and restocked, and the shopper hears the gateway's words. */
  async function declined(orderId: string, message: string): Promise<CardDeclined> {
    await cancelling.cancelUnpaid(orderId, {
      paymentStatus: 'declined',
      failureMessage: message,
      stockReason: 'payment_declined',
      note: `Cancelled: the card payment was declined (${message})`,
    });
    return fail('card_declined', { message });
  }

  return {
    /**
     * Charges the card of a just-placed order and settles the outcome; answers the paid order (mailed)
     * or undefined while it waits for the confirmation step. `card_declined` on a decline.
     */
    async charge(placed: Placed, card: CardDetails): Promise<Result<OrderBundle | undefined, CardDeclined>> {
      let result: ChargeResult;
      try {
        result = await provider.charge({
          reference: placed.paymentId,
          amountCents: placed.amountCents,
          currency: 'USD',
          card,
        });
      } catch {
        result = { status: 'declined', providerRef: '', message: ORDER_MSG.paymentFailed };
      }
      if (result.status === 'succeeded') {
        return ok(
          (await markPaid(placed.orderId, placed.paymentId, result.providerRef))
            ? await ctx.confirmAndMail(placed.orderId)
            : undefined,
        );
      }
      if (result.status === 'requires_action') {
        await updatePayment(
          db,
          placed.paymentId,
          {
            status: 'requires_action',
            providerRef: result.providerRef,
            actionToken: result.actionToken,
            updatedAt: clock.now(),
          },
          'processing',
        );
        return ok(undefined);
      }
      if (result.providerRef) {
        await updatePayment(db, placed.paymentId, { providerRef: result.providerRef });
      }
      return declined(placed.orderId, result.message);
    },

    /**
     * POST /api/orders/:id/confirm-payment: the shopper's extra step for a card that asked for it.
     * The token from the order answer is the proof; an order of a signed-in user also needs that user.
     * approve → paid; refuse → cancelled, restocked, `card_declined`. A repeated confirm of a paid
     * order answers the order again.
     */
    async confirmPayment(
      actor: Actor,
      orderId: string,
      input: { token: string; approve: boolean },
    ): Promise<Result<Order, ConfirmFailure>> {
      if (!isUuid(orderId)) return fail('not_found');
      const target = await confirmationTarget(db, orderId);
      if (
        !target ||
        !sameToken(target.payment.actionToken, input.token) ||
        (target.userId !== null && target.userId !== actor.userId)
      ) {
        return fail('not_found');
      }
      // Claim the confirmation: only one request moves requires_action on, whatever runs in parallel.
      const claimed = await updatePayment(
        db,
        target.payment.id,
        { status: 'processing', updatedAt: clock.now() },
        'requires_action',
      );
      if (!claimed) {
        if (target.payment.status === 'succeeded') return ctx.wire(orderId);
        if (target.payment.status === 'processing') return fail('in_flight');
        return fail('not_awaiting_confirmation');
      }
      let outcome: { status: 'succeeded' } | { status: 'declined'; message: string };
      try {
        outcome = await provider.confirm({
          reference: target.payment.id,
          providerRef: target.payment.providerRef ?? '',
          approve: input.approve,
        });
      } catch {
        outcome = { status: 'declined', message: ORDER_MSG.paymentFailed };
      }
      if (outcome.status === 'succeeded') {
        if (await markPaid(orderId, target.payment.id, null)) {
          const bundle = await ctx.confirmAndMail(orderId);
          return bundle ? ok(orderToWire(bundle, clock.now())) : fail('not_found');
        }
        return ctx.wire(orderId);
      }
      return declined(orderId, outcome.message);
    },

    /**
     * Refund by staff (issue 5), full (`amountCents` undefined = all that is left) or partial. The
     * order and payment rows are locked first, so parallel refunds queue and can never give back more
     * than was paid. A card goes back through the provider; pay-later money is returned by hand and
     * recorded the same way. A refund of everything makes the order `refunded`.
     */
    async refund(
      orderId: string,
      opts: { amountCents?: number; reason: string; actorId: string; inTx?: StaffHook },
    ): Promise<Result<StaffResult, RefundFailure>> {
      if (!isUuid(orderId)) return fail('not_found');
      return db.transaction(async (tx): Promise<Result<StaffResult, RefundFailure>> => {
        const now = clock.now();
        const order = await lockOrder(tx, orderId);
        if (!order) return fail('not_found');
        const payment = await lockPaymentOf(tx, orderId);
        if (!payment || (payment.status !== 'succeeded' && payment.status !== 'partially_refunded')) {
          return fail('nothing_to_refund', {
            number: order.number,
            status: order.status,
            paymentStatus: payment?.status ?? null,
          });
        }
        const left = payment.amountCents - payment.refundedCents;
        const amount = opts.amountCents ?? left;
        if (amount <= 0) return fail('refund_not_positive');
        if (amount > left) {
          return fail('refund_too_large', {
            number: order.number,
            leftCents: left,
            paidCents: payment.amountCents,
            refundedCents: payment.refundedCents,
          });
        }
        const full = amount === left;
        const returned = await giveBack(provider, payment, amount);
        await updatePayment(tx, payment.id, {
          status: full ? 'refunded' : 'partially_refunded',
          refundedCents: payment.refundedCents + amount,
          updatedAt: now,
        });
        const status = full ? 'refunded' : order.status;
        if (full) {
          await moveStatus(tx, orderId, undefined, status, now);
          await refreshRatingsOfOrder(tx, orderId);
        }
        const note = `${full ? 'Refunded in full' : 'Partially refunded'}: ${formatMoney(amount)} ${returned} (${opts.reason})`;
        await addEvent(tx, { orderId, status, note, createdAt: now });
        await recordTransaction(tx, {
          orderId,
          kind: 'refund',
          method: payment.method,
          amountCents: amount,
          currency: payment.currency,
          providerRef: payment.providerRef,
          note: opts.reason,
          actorId: opts.actorId,
          at: now,
        });
        const result: StaffResult = {
          before: { status: order.status, payment_status: payment.status, refunded_cents: payment.refundedCents },
          after: {
            status,
            payment_status: full ? 'refunded' : 'partially_refunded',
            refunded_cents: payment.refundedCents + amount,
          },
          refundedCents: amount,
          number: order.number,
          email: order.email,
        };
        await opts.inTx?.(tx, result);
        return ok(result);
      });
    },
  };
}
export type Payment = ReturnType<typeof createPayment>;
