import { formatMinor } from '@shop/contracts/currency';
import { currencyUnit } from '@shop/contracts/iso-currencies';
import { canTransition } from '@shop/contracts/order-lifecycle';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { Failure } from '../../lib/result.ts';
import {
  lockPayment,
  type PaymentRow,
  paymentByProviderRef,
  paymentWithFacts,
  updatePayment,
} from './attempts-repository.ts';
import { cardLabel } from './cards.ts';
import type { PaymentsDeps } from './context.ts';
import { type ProviderRefund, ProviderUnavailable } from './provider.ts';
import { insertRefund, lockRefund, type RefundRow, refundById, updateRefund } from './refunds-repository.ts';
import { recordTransaction } from './repository.ts';

/** The provider refused the refund, in its words (nothing recorded). */
export type RefundFailed = Failure<'refund_failed', { message: string }>;

/** How a refund asked of the provider stands once the asking transaction commits. */
export type GiveBack =
  | { status: 'succeeded'; row: RefundRow; full: boolean; returned: string }
  | { status: 'pending'; row: RefundRow }
  | { status: 'failed'; row: RefundRow; message: string };

/** When a refund the provider did not answer is asked again (the same idempotency key: never a second refund). */
const REFUND_RETRY_MS = 60_000;

/**
 * Refunds. Each is a `payment_refunds` row, asked of the provider inside the transaction
 * that holds the payment row's lock, with the row's id as the provider's idempotency key: parallel
 * refunds queue on that lock, and a refund still pending at the provider counts against what is left,
 * so no interleaving gives back more than was paid. Only a succeeded refund is in the ledger and in
 * `refunded_cents`; a pending one is settled when the provider's webhook says so (`syncRefunds`), one
 * the provider did not answer is asked again by the `payment-refund` job.
 */
export function createRefunds(ctx: PaymentsDeps) {
  const { db, clock, orders } = ctx;

  /** The money is back: the payment's refunded amount and status, the ledger, the row. Not the order's status. */
  async function applySucceeded(tx: Tx, payment: PaymentRow, row: RefundRow, providerRef: string | null, now: Date) {
    const refundedCents = payment.refundedCents + row.amountCents;
    const full = refundedCents >= payment.amountCents;
    await updatePayment(tx, payment.id, {
      status: full ? 'refunded' : 'partially_refunded',
      refundedCents,
      updatedAt: now,
    });
    await updateRefund(tx, row.id, { status: 'succeeded', providerRef, settledAt: now, failureMessage: null });
    await recordTransaction(tx, {
      orderId: payment.orderId,
      kind: 'refund',
      method: payment.method,
      amountCents: row.amountCents,
      currency: payment.currency,
      providerRef: providerRef ?? (payment.method === 'card' ? payment.providerRef : null),
      note: row.reason,
      actorId: row.actorId,
      at: now,
    });
    return { full, refundedCents };
  }

  const returnedBy = (payment: PaymentRow) =>
    payment.method === 'card'
      ? `refunded to ${cardLabel(payment.cardBrand, payment.cardLast4)}`
      : 'to be returned by bank transfer';

  /** The provider's name as staff know it, for "waiting for Stripe". */
  const providerLabel = (payment: PaymentRow) => (payment.provider === 'stripe' ? 'Stripe' : 'the payment provider');

  /**
   * Gives back `amountCents` of the locked, taken `payment` in `tx`: pay-later money is returned by hand
   * (succeeded at once); a card goes through the provider. `failed` leaves the row failed: a caller that
   * must record nothing then rolls `tx` back.
   */
  async function giveBack(
    tx: Tx,
    payment: PaymentRow,
    amountCents: number,
    how: { reason: string; actorId: string | null; now: Date },
  ): Promise<GiveBack> {
    const row = await insertRefund(tx, {
      paymentId: payment.id,
      orderId: payment.orderId,
      amountCents,
      status: 'pending',
      reason: how.reason,
      actorId: how.actorId,
      createdAt: how.now,
    });
    if (payment.method !== 'card') {
      const { full } = await applySucceeded(tx, payment, row, null, how.now);
      return { status: 'succeeded', row, full, returned: returnedBy(payment) };
    }
    const provider = ctx.provider;
    // A broken invariant, not an outcome: a taken card payment always has its provider and reference.
    if (!payment.providerRef || !provider) throw conflict('This card payment has no provider reference to refund');
    const known = await paymentWithFacts(tx, payment.id);
    if (!known) throw new Error('payment vanished in its own transaction');
    let answer: ProviderRefund;
    try {
      answer = await provider.refund({
        reference: row.id,
        payment: known.facts,
        providerRef: payment.providerRef,
        amountCents,
      });
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      // No answer: asked again shortly with the same key; until then it is pending and holds its amount.
      await enqueue(
        tx,
        'payment-refund',
        { refundId: row.id },
        { jobKey: `payment-refund:${row.id}`, runAt: new Date(how.now.getTime() + REFUND_RETRY_MS) },
      );
      return { status: 'pending', row };
    }
    if (answer.status === 'succeeded') {
      const { full } = await applySucceeded(tx, payment, row, answer.providerRef, how.now);
      return { status: 'succeeded', row, full, returned: returnedBy(payment) };
    }
    if (answer.status === 'pending') {
      await updateRefund(tx, row.id, { providerRef: answer.providerRef });
      return { status: 'pending', row };
    }
    const message = answer.message ?? 'The refund failed';
    await updateRefund(tx, row.id, {
      status: 'failed',
      providerRef: answer.providerRef,
      failureMessage: message,
      settledAt: how.now,
    });
    return { status: 'failed', row, message };
  }

  /**
   * Writes what the provider now says of a pending refund (the webhook's job, or the retry): succeeded →
   * money back as above, the order `refunded` when all of it is back (a cancelled order stays
   * cancelled), an event; failed → the row failed and an event for staff; pending → its provider id.
   * Runs under the payment's lock, so it waits for a refund transaction still asking the provider.
   */
  async function settleRow(tx: Tx, paymentId: string, row: RefundRow, answer: ProviderRefund): Promise<void> {
    const now = clock.now();
    const payment = await lockPayment(tx, paymentId);
    if (!payment || row.status !== 'pending') return;
    if (answer.status === 'pending') {
      if (!row.providerRef && answer.providerRef) await updateRefund(tx, row.id, { providerRef: answer.providerRef });
      return;
    }
    const order = await orders.lock(tx, payment.orderId);
    if (!order) return;
    if (answer.status === 'failed') {
      const message = answer.message ?? 'The refund failed';
      await updateRefund(tx, row.id, {
        status: 'failed',
        providerRef: answer.providerRef ?? row.providerRef,
        failureMessage: message,
        settledAt: now,
      });
      await orders.note(tx, {
        orderId: order.id,
        status: order.status,
        note: `The refund of ${formatMinor(row.amountCents, currencyUnit(payment.currency))} failed at ${providerLabel(payment)}: ${message}`,
        now,
      });
      return;
    }
    const { full } = await applySucceeded(tx, payment, row, answer.providerRef ?? row.providerRef, now);
    const status = full && canTransition(order.status, 'refunded', 'payment') ? 'refunded' : order.status;
    if (status !== order.status) await orders.refunded(tx, order.id, now);
    const note = `${full ? 'Refunded in full' : 'Partially refunded'}: ${formatMinor(row.amountCents, currencyUnit(payment.currency))} ${returnedBy(payment)} (${row.reason})`;
    await orders.note(tx, { orderId: order.id, status, note, now });
  }

  return {
    giveBack,
    returnedBy,
    providerLabel,

    /**
     * The `payment-event` job for refund events (refund.*, charge.refunded): every refund of the payment
     * as the provider has it now settles our pending rows (found by the refund's metadata, else by its
     * id), so events in any order, or repeated, leave the same end state.
     */
    async syncRefunds(paymentRef: string): Promise<void> {
      const provider = ctx.provider;
      if (!provider || !(await paymentByProviderRef(db, paymentRef))) return;
      for (const answer of await provider.refundsOf(paymentRef)) {
        await db.transaction(async (tx) => {
          const payment = await paymentByProviderRef(tx, paymentRef);
          if (!payment) return;
          // The payment's lock first (as every refund takes it), then the row.
          await lockPayment(tx, payment.id);
          const row = await lockRefund(tx, { id: answer.reference, providerRef: answer.providerRef });
          if (!row || row.paymentId !== payment.id) return;
          await settleRow(tx, payment.id, row, answer);
        });
      }
    },

    /** The `payment-refund` job: asks the provider again for a refund it did not answer (same key), and settles it. */
    async retryRefund(refundId: string): Promise<void> {
      const provider = ctx.provider;
      const first = await refundById(db, refundId);
      if (!provider || first?.status !== 'pending' || first.providerRef) return;
      await db.transaction(async (tx) => {
        const payment = await lockPayment(tx, first.paymentId);
        const row = await lockRefund(tx, { id: refundId });
        if (!payment?.providerRef || !row || row.status !== 'pending' || row.providerRef) return;
        const known = await paymentWithFacts(tx, payment.id);
        if (!known) return;
        // No answer again throws: the job is retried with backoff.
        const answer = await provider.refund({
          reference: row.id,
          payment: known.facts,
          providerRef: payment.providerRef,
          amountCents: row.amountCents,
        });
        await settleRow(tx, payment.id, row, answer);
      });
    },
  };
}
export type Refunds = ReturnType<typeof createRefunds>;
