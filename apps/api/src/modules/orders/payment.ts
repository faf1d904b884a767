import { formatMoney } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { conflict } from '../../errors.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Actor } from '../checkout/index.ts';
import {
  type CardDeclined,
  type CardDetails,
  type ChargeOutcome,
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
  loadOrder,
  lockOrder,
  lockPayment,
  lockPaymentOf,
  moveStatus,
  type OrderBundle,
  type PaymentRow,
  paymentById,
  unsettledCardPayments,
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
    const { storeName } = await ctx.settings.get();
    return db.transaction(async (tx) => {
      const now = clock.now();
      const order = await moveStatus(tx, orderId, AWAITING_CARD, 'paid', now);
      if (!order) {
        const payment = await lockPayment(tx, paymentId);
        if (!payment) throw new Error('payment missing');
        // Settled already (this charge's outcome written once): nothing to give back.
        if (payment.status === 'succeeded' || payment.status === 'refunded') return false;
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
      // The confirmation mail commits with the payment (issue 13): a crash after this cannot lose it.
      await ctx.queueConfirmation(tx, orderId, storeName);
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

  /**
   * Writes a charge's outcome (from the charge itself, or from the gateway's `lookup` afterwards):
   * succeeded → paid and mailed (the order answered); requires_action → waits for the shopper's step
   * (undefined); declined, or never received by the gateway → cancelled and restocked, `card_declined`.
   */
  async function settle(
    placed: { orderId: string; paymentId: string },
    result: ChargeOutcome,
  ): Promise<Result<OrderBundle | undefined, CardDeclined>> {
    if (result.status === 'succeeded') {
      return ok(
        (await markPaid(placed.orderId, placed.paymentId, result.providerRef))
          ? await loadOrder(db, placed.orderId)
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
    if (result.status === 'not_received') return declined(placed.orderId, ORDER_MSG.paymentFailed);
    if (result.providerRef) {
      await updatePayment(db, placed.paymentId, { providerRef: result.providerRef });
    }
    return declined(placed.orderId, result.message);
  }

  /**
   * Runs `work` while this request holds the payment's settling lock (lib/session-locks.ts), which
   * tells every process that the payment's outcome is being written by a request that still runs;
   * undefined, without running it, when another holds it. A process that dies lets go with its session.
   */
  async function whileSettling<T>(paymentId: string, work: () => Promise<T>): Promise<{ value: T } | undefined> {
    const release = await ctx.locks.tryHold(`payment:${paymentId}`);
    if (!release) return undefined;
    try {
      return { value: await work() };
    } finally {
      await release().catch(() => {});
    }
  }

  /**
   * Settles a card payment left `processing` by a request that no longer runs (its process or the
   * database died between the charge and its outcome; issue 13 point 1): asks the gateway what became
   * of the charge and writes that. `busy` while a live request settles it; `settled` when this call
   * wrote an outcome; `unchanged` when there was nothing to settle.
   */
  async function settleAbandoned(paymentId: string): Promise<'busy' | 'settled' | 'unchanged'> {
    const done = await whileSettling(paymentId, async () => {
      // Read under the lock: the request that held it may have settled it a moment ago.
      const payment = await paymentById(db, paymentId);
      if (payment?.method !== 'card' || payment.status !== 'processing') return 'unchanged' as const;
      await settle({ orderId: payment.orderId, paymentId }, await provider.lookup({ reference: paymentId }));
      return 'settled' as const;
    });
    return done?.value ?? 'busy';
  }

  /** Every card payment left `processing` by a request that no longer runs, settled with the gateway. */
  async function reconcileUnsettledCharges(): Promise<number> {
    let settled = 0;
    for (const id of await unsettledCardPayments(db)) {
      if ((await settleAbandoned(id)) === 'settled') settled += 1;
    }
    return settled;
  }

  /**
   * After a card checkout failed unexpectedly (the database died or restarted under it, so its charge
   * may be left without an outcome), reconciles as soon as the database answers again: every few
   * seconds at most until one pass succeeds, for up to about ten minutes (after that the next start or
   * a retry of the key settles it). One loop at a time.
   */
  let retrying = false;
  function reconcileWhenBack(): void {
    if (retrying) return;
    retrying = true;
    const attempt = (n: number, delayMs: number) => {
      const timer = setTimeout(() => {
        reconcileUnsettledCharges().then(
          () => {
            retrying = false;
          },
          () => {
            if (n < 120) attempt(n + 1, Math.min(delayMs * 2, 5_000));
            else retrying = false;
          },
        );
      }, delayMs);
      timer.unref();
    };
    attempt(1, 500);
  }

  return {
    whileSettling,
    settleAbandoned,
    reconcileUnsettledCharges,
    reconcileWhenBack,

    /**
     * Charges the card of a just-placed order and settles the outcome; answers the paid order (mailed)
     * or undefined while it waits for the confirmation step. `card_declined` on a decline. The caller
     * holds the payment's settling lock (`whileSettling`) from before the order's commit.
     */
    async charge(placed: Placed, card: CardDetails): Promise<Result<OrderBundle | undefined, CardDeclined>> {
      let result: ChargeOutcome;
      try {
        result = await provider.charge({
          reference: placed.paymentId,
          amountCents: placed.amountCents,
          currency: 'USD',
          card,
        });
      } catch {
        // No answer from the gateway: it may or may not have charged. Ask it; a charge it never
        // received is closed by the question, and the order fails (issue 13 point 1).
        result = await provider.lookup({ reference: placed.paymentId });
      }
      return settle(placed, result);
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
      // The settling lock first, then the claim: only one request moves requires_action on, whatever
      // runs in parallel, and a confirmation whose process dies is settled by the reconciliation.
      const held = await whileSettling(target.payment.id, async (): Promise<Result<Order, ConfirmFailure>> => {
        const claimed = await updatePayment(
          db,
          target.payment.id,
          { status: 'processing', updatedAt: clock.now() },
          'requires_action',
        );
        if (!claimed) {
          const now = await paymentById(db, target.payment.id);
          if (now?.status === 'succeeded') return ctx.wire(orderId);
          if (now?.status === 'processing') return fail('in_flight');
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
            const bundle = await loadOrder(db, orderId);
            return bundle ? ok(orderToWire(bundle, clock.now())) : fail('not_found');
          }
          return ctx.wire(orderId);
        }
        return declined(orderId, outcome.message);
      });
      if (!held) return target.payment.status === 'succeeded' ? ctx.wire(orderId) : fail('in_flight');
      return held.value;
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
