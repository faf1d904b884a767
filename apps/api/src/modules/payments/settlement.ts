import { formatMinor } from '@shop/contracts/currency';
import { currencyUnit } from '@shop/contracts/iso-currencies';
import { poolOf } from '../../db/client.ts';
import { createSessionLocks } from '../../lib/session-locks.ts';
import {
  lockPayment,
  paymentOfOrder,
  paymentWithFacts,
  unsettledCardPayments,
  updatePayment,
  updatePaymentOf,
} from './attempts-repository.ts';
import { cardLabel, PAYMENT_MSG } from './cards.ts';
import type { PaymentsDeps } from './context.ts';
import type { Unwind } from './order-side.ts';
import { matchesPayment, type PaymentFacts, type ProviderPayment, ProviderUnavailable } from './provider.ts';
import type { Refunds } from './refunds.ts';
import { recordTransaction } from './repository.ts';

/** What settling a provider's answer did. */
export type Settled =
  | { outcome: 'paid' }
  /** Nothing changed: settled before, still processing, or not ours in full (never paid then). */
  | { outcome: 'unchanged'; mismatch?: true }
  | { outcome: 'waiting' }
  | { outcome: 'declined'; message: string }
  | { outcome: 'cancelled' };

/** A PaymentIntent cancelled at Stripe (by staff in the Dashboard, or by Stripe): the order goes too. */
const CANCELED_AT_PROVIDER: Unwind = {
  by: 'payment',
  paymentStatus: 'cancelled',
  failureMessage: PAYMENT_MSG.cancelled,
  stockReason: 'payment_expired',
  note: 'Cancelled: the card payment was cancelled at the payment provider',
};

/**
 * Settling card payments: whatever the provider reports of a payment is written by conditional
 * status updates, so paid, declined and cancelled each happen exactly once, whoever settles first. An
 * order is marked paid only from a payment the provider reported succeeded (a create, a retrieve, a
 * capture) whose amount, currency and reference are this payment's. The order's half of each outcome
 * is asked of the orders module (OrderSide) in the same transaction.
 */
export function createSettlement(ctx: PaymentsDeps, refunds: Refunds) {
  const { db, clock, orders } = ctx;
  /** Who settles which card payment right now, across processes (`whileSettling`). */
  const locks = createSessionLocks(poolOf(db));

  /** The provider, for a card payment that exists (a start without one refuses card orders). */
  function provider() {
    if (!ctx.provider) throw new Error('card payment without a payment provider');
    return ctx.provider;
  }

  /**
   * The payment succeeded: payment succeeded, order paid, cart cleared, in one transaction. If the
   * order was cancelled meanwhile (the sweep, or the customer), the money goes straight back.
   */
  async function markPaid(
    orderId: string,
    paymentId: string,
    providerRef: string,
    card: { brand: string; last4: string } | null,
  ): Promise<boolean> {
    const storeName = await orders.storeName();
    const cardSeen = card ? { cardBrand: card.brand, cardLast4: card.last4 } : {};
    return db.transaction(async (tx) => {
      const now = clock.now();
      const order = await orders.paid(tx, orderId, now);
      if (!order) {
        const payment = await lockPayment(tx, paymentId);
        if (!payment) throw new Error('payment missing');
        // Settled already (this payment's outcome written once): nothing to give back.
        if (['succeeded', 'refunded', 'partially_refunded'].includes(payment.status)) return false;
        // The money was taken and goes straight back: both halves belong in the ledger.
        const taken = await updatePayment(tx, paymentId, {
          status: 'succeeded',
          providerRef,
          ...cardSeen,
          updatedAt: now,
        });
        if (!taken) throw new Error('payment missing');
        await recordTransaction(tx, {
          orderId,
          kind: 'charge',
          method: 'card',
          amountCents: taken.amountCents,
          currency: taken.currency,
          providerRef,
          note: 'Card payment',
          at: now,
        });
        const back = await refunds.giveBack(tx, taken, taken.amountCents, {
          reason: 'Order was cancelled before the payment completed',
          actorId: null,
          now,
        });
        const current = await orders.lock(tx, orderId);
        const amount = formatMinor(taken.amountCents, currencyUnit(taken.currency));
        const note =
          back.status === 'succeeded'
            ? `The card payment arrived after the order was cancelled: ${amount} ${back.returned}`
            : back.status === 'pending'
              ? `The card payment arrived after the order was cancelled: refund of ${amount} requested; waiting for ${refunds.providerLabel(taken)}`
              : `The card payment arrived after the order was cancelled; its refund failed (${back.message}): refund ${amount} by hand`;
        await orders.note(tx, { orderId, status: current?.status ?? 'cancelled', note, now });
        return false;
      }
      const payment = await updatePayment(tx, paymentId, {
        status: 'succeeded',
        providerRef,
        failureMessage: null,
        ...cardSeen,
        updatedAt: now,
      });
      const label = cardLabel(payment?.cardBrand ?? null, payment?.cardLast4 ?? null);
      if (payment) {
        await recordTransaction(tx, {
          orderId,
          kind: 'charge',
          method: 'card',
          amountCents: payment.amountCents,
          currency: payment.currency,
          providerRef,
          note: `Paid with ${label}`,
          at: now,
        });
      }
      // The confirmation mail commits with the payment: a crash after this cannot lose it.
      await orders.confirmPaid(tx, order, { note: `Paid with ${label}`, storeName, now });
      return true;
    });
  }

  /**
   * Cancels an order that was never paid (declined, refused, expired): exactly once, restocked, its
   * payment marked as `how` says. Answers the cancelled order, or undefined when it was no longer unpaid.
   */
  async function cancelUnpaid(orderId: string, how: Unwind) {
    const done = await db.transaction(async (tx) => {
      const now = clock.now();
      const order = await orders.cancelUnpaid(tx, orderId, how, now);
      if (!order) return undefined;
      await updatePaymentOf(tx, orderId, {
        status: how.paymentStatus,
        failureMessage: how.failureMessage,
        updatedAt: now,
      });
      await orders.unwindUnpaid(tx, order, how, now);
      return order;
    });
    if (!done) return undefined;
    await orders.stockChanged();
    return done;
  }

  /** A declined card (demo): the order is cancelled and restocked, and the shopper hears the provider's words. */
  async function declined(orderId: string, message: string): Promise<Settled> {
    await cancelUnpaid(orderId, {
      by: 'payment',
      paymentStatus: 'declined',
      failureMessage: message,
      stockReason: 'payment_declined',
      note: `Cancelled: the card payment was declined (${message})`,
    });
    return { outcome: 'declined', message };
  }

  /**
   * Writes what the provider reports of a payment (from a create, a lookup, a retrieve, a confirm, a
   * cancel; shared by placing, sync-payment, the webhook's job, the sweep and the reconciliation):
   * succeeded and ours in full → paid; requires_capture → captured, then as the capture says;
   * processing → nothing yet; requires_action → waits for the shopper (with the last attempt's failure,
   * if any); declined or never received (demo) → cancelled and restocked; canceled → cancelled and
   * restocked (`onCanceled` says how).
   */
  async function settle(
    facts: PaymentFacts,
    found: ProviderPayment,
    onCanceled = CANCELED_AT_PROVIDER,
    depth = 0,
  ): Promise<Settled> {
    const now = clock.now();
    switch (found.status) {
      case 'succeeded':
        if (!matchesPayment(found, facts)) return { outcome: 'unchanged', mismatch: true };
        return (await markPaid(facts.orderId, facts.reference, found.providerRef, found.card))
          ? { outcome: 'paid' }
          : { outcome: 'unchanged' };
      case 'requires_capture':
        if (!matchesPayment(found, facts)) return { outcome: 'unchanged', mismatch: true };
        // A capture that left it uncaptured: the next retrieve (sync, event, sweep) tries again.
        if (depth > 0) return { outcome: 'unchanged' };
        return settle(facts, await provider().capture(facts, found.providerRef), onCanceled, depth + 1);
      case 'processing':
        await updatePayment(db, facts.reference, { providerRef: found.providerRef, updatedAt: now }, 'processing');
        return { outcome: 'unchanged' };
      case 'requires_action': {
        const token = found.next.type === 'confirm' ? found.next.token : found.next.client_secret;
        const set = {
          status: 'requires_action' as const,
          providerRef: found.providerRef,
          actionToken: token,
          failureMessage: found.failureMessage,
          updatedAt: now,
        };
        // From `processing` (the create's answer), or a new failure of a later attempt (Stripe).
        if (!(await updatePayment(db, facts.reference, set, 'processing'))) {
          await updatePayment(db, facts.reference, { failureMessage: found.failureMessage }, 'requires_action');
        }
        return { outcome: 'waiting' };
      }
      case 'declined':
        if (found.providerRef) await updatePayment(db, facts.reference, { providerRef: found.providerRef });
        return declined(facts.orderId, found.message);
      case 'not_received':
        return declined(facts.orderId, PAYMENT_MSG.failed);
      case 'canceled':
        return (await cancelUnpaid(facts.orderId, onCanceled)) ? { outcome: 'cancelled' } : { outcome: 'unchanged' };
    }
  }

  /**
   * Runs `work` while this request holds the payment's settling lock (lib/session-locks.ts), which
   * tells every process that the payment's outcome is being written by a request that still runs;
   * undefined, without running it, when another holds it. A process that dies lets go with its session.
   */
  async function whileSettling<T>(paymentId: string, work: () => Promise<T>): Promise<{ value: T } | undefined> {
    const release = await locks.tryHold(`payment:${paymentId}`);
    if (!release) return undefined;
    try {
      return { value: await work() };
    } finally {
      await release().catch(() => {});
    }
  }

  /**
   * Settles a card payment left `processing` by a request that no longer runs (its process or the
   * database died between the create and its answer): asks the provider what became
   * of it (`lookup`) and writes that. `busy` while a live request settles it; `settled` when this call
   * wrote an outcome; `unavailable` when the provider still does not answer; `unchanged` when there was
   * nothing to settle.
   */
  async function settleAbandoned(paymentId: string): Promise<'busy' | 'settled' | 'unavailable' | 'unchanged'> {
    const done = await whileSettling(paymentId, async () => {
      // Read under the lock: the request that held it may have settled it a moment ago.
      const known = await paymentWithFacts(db, paymentId);
      if (known?.payment.method !== 'card' || known.payment.status !== 'processing' || !ctx.provider) {
        return 'unchanged' as const;
      }
      let found: ProviderPayment;
      try {
        found = await ctx.provider.lookup(known.facts);
      } catch (err) {
        if (err instanceof ProviderUnavailable) return 'unavailable' as const;
        throw err;
      }
      await settle(known.facts, found);
      return 'settled' as const;
    });
    return done?.value ?? 'busy';
  }

  /**
   * Every card payment left `processing` by a request that no longer runs, settled with the provider.
   * Throws ProviderUnavailable (after settling the rest) when the provider did not answer for some, so
   * `reconcileWhenBack` tries again.
   */
  async function reconcileUnsettledCharges(): Promise<number> {
    let settled = 0;
    let unanswered = 0;
    for (const id of await unsettledCardPayments(db)) {
      const done = await settleAbandoned(id);
      if (done === 'settled') settled += 1;
      if (done === 'unavailable') unanswered += 1;
    }
    if (unanswered > 0) throw new ProviderUnavailable(ctx.provider?.name ?? 'the payment provider');
    return settled;
  }

  /**
   * After a card checkout failed unexpectedly (the database or the provider went away under it, so its
   * payment may be left without an outcome), reconciles as soon as they answer again: every few seconds
   * at most until one pass succeeds, for up to about ten minutes (after that the next start or a retry
   * of the key settles it). One loop at a time.
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

  /**
   * Cancels an unpaid payment at the provider after its order was cancelled here; if it went through
   * meanwhile, settling it gives the money straight back.
   */
  async function closeAtProvider(paymentId: string): Promise<void> {
    const known = await paymentWithFacts(db, paymentId);
    if (!known?.payment.providerRef || !ctx.provider) return;
    const found = await ctx.provider.cancel(known.facts, known.payment.providerRef);
    if (found.status === 'succeeded') await settle(known.facts, found);
  }

  /**
   * Closes one stale unpaid order (`how` says how it is cancelled). A card payment is cancelled at the
   * provider first, so a shopper can no longer complete it; if the provider says it succeeded
   * meanwhile, the order is paid instead. A payment still processing at the provider (or a provider
   * that does not answer) waits for the next sweep. Answers whether the order was cancelled.
   */
  async function expire(orderId: string, how: Unwind): Promise<boolean> {
    let row = await paymentOfOrder(db, orderId);
    if (row?.method === 'card' && ctx.provider) {
      // A create whose answer never came: ask the provider first (busy = its request still runs).
      if (row.status === 'processing') {
        if ((await settleAbandoned(row.id)) === 'busy') return false;
        row = await paymentOfOrder(db, orderId);
        // Still unknown (the provider does not answer): the next sweep asks again.
        if (row?.status === 'processing') return false;
      }
      const known =
        row?.providerRef && row.status === 'requires_action' ? await paymentWithFacts(db, row.id) : undefined;
      if (known?.payment.providerRef) {
        let found: Awaited<ReturnType<typeof ctx.provider.cancel>>;
        try {
          found = await ctx.provider.cancel(known.facts, known.payment.providerRef);
        } catch (err) {
          if (err instanceof ProviderUnavailable) return false;
          throw err;
        }
        const settled = await settle(known.facts, found, how);
        if (settled.outcome === 'cancelled') return true;
        // A payment the provider holds as succeeded but not for this order in full is never counted
        // paid: the order is cancelled, and staff see why.
        if (!(settled.outcome === 'unchanged' && settled.mismatch)) return false;
        return (
          (await cancelUnpaid(orderId, {
            ...how,
            note: 'Cancelled: the payment provider reports a payment that does not match this order; check it with the provider',
          })) !== undefined
        );
      }
    }
    return (await cancelUnpaid(orderId, how)) !== undefined;
  }

  return {
    provider,
    settle,
    cancelUnpaid,
    whileSettling,
    settleAbandoned,
    reconcileUnsettledCharges,
    reconcileWhenBack,
    closeAtProvider,
    expire,
  };
}
export type Settlement = ReturnType<typeof createSettlement>;
