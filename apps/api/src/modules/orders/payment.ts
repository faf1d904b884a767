import { formatMoney } from '@shop/contracts/money';
import { isRefundable } from '@shop/contracts/order-lifecycle';
import type { Order } from '@shop/contracts/orders';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Actor } from '../checkout/index.ts';
import {
  type CardDeclined,
  matchesPayment,
  type PaymentEventJob,
  type PaymentFacts,
  type ProviderPayment,
  ProviderRefused,
  ProviderUnavailable,
  recordTransaction,
} from '../payments/index.ts';
import { refreshRatingsOfOrder } from '../reviews/index.ts';
import type { Cancelling, Unwind } from './cancelling.ts';
import type { OrderNotFound, OrdersContext, StaffHook, StaffResult } from './context.ts';
import { cardLabel } from './mail.ts';
import type { Refunds } from './refunds.ts';
import {
  AWAITING_CARD,
  addEvent,
  clearOrderedFromCart,
  confirmationTarget,
  loadOrder,
  lockOrder,
  lockPayment,
  lockPaymentOf,
  markEventHandled,
  moveStatus,
  type OrderBundle,
  paymentById,
  paymentWithFacts,
  pendingRefundCents,
  unsettledCardPayments,
  updatePayment,
} from './repository.ts';
import { ORDER_MSG, sameToken } from './rules.ts';

/** A request with the Idempotency-Key (or a confirmation) is still running: try again shortly (409). */
export type InFlight = Failure<'in_flight'>;

/** The payment provider did not answer: nothing is lost, the shopper tries again shortly (503). */
export type ProviderDown = Failure<'provider_unavailable'>;

/** What the demo's confirmation step can end in besides a paid order. */
export type ConfirmFailure =
  | OrderNotFound
  | InFlight
  | Failure<'not_awaiting_confirmation'>
  | CardDeclined
  | ProviderDown;

/** What reporting back after Stripe.js can end in besides the order as it now stands. */
export type SyncFailure = OrderNotFound | InFlight | ProviderDown;

/** The provider refused the refund, in its words (nothing recorded). */
export type RefundFailed = Failure<'refund_failed', { message: string }>;

/** Why staff cannot refund: nothing was paid, a zero amount, more than is left, or the provider said no. */
export type RefundFailure =
  | OrderNotFound
  | Failure<'nothing_to_refund', { number: string; status: string; paymentStatus: string | null }>
  | Failure<'refund_not_positive'>
  | Failure<'refund_too_large', { number: string; leftCents: number; paidCents: number; refundedCents: number }>
  | RefundFailed;

/** What placing hands to the payment: the order just committed and its payment. */
export interface Placed {
  orderId: string;
  paymentId: string;
  amountCents: number;
}

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
  failureMessage: ORDER_MSG.paymentCancelled,
  stockReason: 'payment_expired',
  note: 'Cancelled: the card payment was cancelled at the payment provider',
};

/** What a provider may refuse a create for in words the shopper can act on (never our configuration). */
const REFUSED_AT_CREATE = ['invalid_request_error', 'card_error'];

/**
 * Payment of orders: the provider's payment after placing, the demo's confirmation step, reporting back
 * after Stripe.js, webhook events, and staff refunds. A provider call runs after the order's commit (it
 * never holds the order's row locks while placing); every outcome is written by conditional status
 * updates, so paid, declined and cancelled each happen exactly once, whoever settles first. An
 * order is marked paid only from a payment the provider reported succeeded (a create, a retrieve, a
 * capture) whose amount, currency and reference are this payment's.
 */
export function createPayment(ctx: OrdersContext, cancelling: Cancelling, refunds: Refunds) {
  const { db, clock } = ctx;

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
    const { storeName } = await ctx.settings.get();
    const cardSeen = card ? { cardBrand: card.brand, cardLast4: card.last4 } : {};
    return db.transaction(async (tx) => {
      const now = clock.now();
      const order = await moveStatus(tx, orderId, AWAITING_CARD, { to: 'paid', by: 'payment' }, now);
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
        const current = await lockOrder(tx, orderId);
        const amount = formatMoney(taken.amountCents);
        const note =
          back.status === 'succeeded'
            ? `The card payment arrived after the order was cancelled: ${amount} ${back.returned}`
            : back.status === 'pending'
              ? `The card payment arrived after the order was cancelled: refund of ${amount} requested; waiting for ${refunds.providerLabel(taken)}`
              : `The card payment arrived after the order was cancelled; its refund failed (${back.message}): refund ${amount} by hand`;
        await addEvent(tx, { orderId, status: current?.status ?? 'cancelled', note, createdAt: now });
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
      await addEvent(tx, { orderId, status: 'paid', note: `Paid with ${label}`, createdAt: now });
      if (order.userId) {
        await clearOrderedFromCart(tx, order.userId, orderId, now);
        await refreshRatingsOfOrder(tx, orderId);
      }
      // The confirmation mail commits with the payment: a crash after this cannot lose it.
      await ctx.queueConfirmation(tx, orderId, storeName);
      return true;
    });
  }

  /** A declined card (demo): the order is cancelled and restocked, and the shopper hears the provider's words. */
  async function declined(orderId: string, message: string): Promise<Settled> {
    await cancelling.cancelUnpaid(orderId, {
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
        return declined(facts.orderId, ORDER_MSG.paymentFailed);
      case 'canceled':
        return (await cancelling.cancelUnpaid(facts.orderId, onCanceled))
          ? { outcome: 'cancelled' }
          : { outcome: 'unchanged' };
    }
  }

  /** `settle` for a place answer: the paid order, undefined while it waits, `card_declined` on a decline. */
  async function settleForPlacing(
    facts: PaymentFacts,
    found: ProviderPayment,
  ): Promise<Result<OrderBundle | undefined, CardDeclined>> {
    const settled = await settle(facts, found);
    if (settled.outcome === 'declined') return fail('card_declined', { message: settled.message });
    return ok(settled.outcome === 'paid' ? await loadOrder(db, facts.orderId) : undefined);
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

  /** The order of a payment the shopper proves with its token (the step's token, Stripe's client secret). */
  async function provenTarget(actor: Actor, orderId: string, token: string) {
    if (!isUuid(orderId)) return undefined;
    const target = await confirmationTarget(db, orderId);
    if (
      !target ||
      !sameToken(target.payment.actionToken, token) ||
      (target.userId !== null && target.userId !== actor.userId)
    ) {
      return undefined;
    }
    return target;
  }

  /** The `payment-event` job for payment_intent.* events: the PaymentIntent as Stripe has it now, settled. */
  async function syncIntent(providerRef: string): Promise<void> {
    const found = await provider().retrieve(providerRef);
    if (found.status === 'not_received' || !found.reference || !isUuid(found.reference)) return;
    const known = await paymentWithFacts(db, found.reference);
    // Not a payment of this shop (another integration on the same account), or not this one's intent.
    if (!known || known.payment.provider !== provider().name) return;
    if (known.payment.providerRef && known.payment.providerRef !== providerRef) return;
    await settle(known.facts, found);
  }

  return {
    whileSettling,
    settleAbandoned,
    reconcileUnsettledCharges,
    reconcileWhenBack,
    settle,

    /**
     * Creates the provider's payment for a just-placed order and settles the answer: the paid order
     * (mailed, demo), undefined while it waits for the shopper (Stripe's Payment Element, the demo's
     * step), `card_declined` on a decline (demo). No answer: the create is asked again (`lookup`), and
     * if that gets none either, `provider_unavailable` (the payment stays `processing` for the
     * reconciliation). The caller holds the payment's settling lock from before the order's commit.
     */
    async start(placed: Placed): Promise<Result<OrderBundle | undefined, CardDeclined | ProviderDown>> {
      const known = await paymentWithFacts(db, placed.paymentId);
      if (!known) throw new Error('placed payment missing');
      let found: ProviderPayment;
      try {
        found = await provider().create(known.facts);
      } catch (err) {
        // Refused outright (Stripe: an amount below its minimum): the order fails as a decline does.
        if (err instanceof ProviderRefused && REFUSED_AT_CREATE.includes(err.type)) {
          found = { status: 'declined', providerRef: '', reference: known.facts.reference, message: err.message };
          return settleForPlacing(known.facts, found);
        }
        if (!(err instanceof ProviderUnavailable)) throw err;
        try {
          found = await provider().lookup(known.facts);
        } catch (again) {
          if (!(again instanceof ProviderUnavailable)) throw again;
          reconcileWhenBack();
          return fail('provider_unavailable');
        }
      }
      return settleForPlacing(known.facts, found);
    },

    /**
     * POST /api/orders/:id/confirm-payment: the demo provider's extra step for a card that asked for it.
     * The token from the order answer is the proof; an order of a signed-in user also needs that user.
     * approve → paid; refuse → cancelled, restocked, `card_declined`. A repeated confirm of a paid
     * order answers the order again. Stripe's step happens in the browser: its orders report back with
     * sync-payment instead.
     */
    async confirmPayment(
      actor: Actor,
      orderId: string,
      input: { token: string; approve: boolean },
    ): Promise<Result<Order, ConfirmFailure>> {
      const target = await provenTarget(actor, orderId, input.token);
      if (!target) return fail('not_found');
      if (target.payment.provider === 'stripe') return fail('not_awaiting_confirmation');
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
        const known = await paymentWithFacts(db, target.payment.id);
        if (!known) return fail('not_found');
        let found: ProviderPayment;
        try {
          found = await provider().confirm(known.facts, target.payment.providerRef ?? '', input.approve);
        } catch (err) {
          if (!(err instanceof ProviderUnavailable)) throw err;
          found = {
            status: 'declined',
            providerRef: target.payment.providerRef ?? '',
            reference: null,
            message: ORDER_MSG.paymentFailed,
          };
        }
        const settled = await settle(known.facts, found);
        if (settled.outcome === 'declined') return fail('card_declined', { message: settled.message });
        return ctx.wire(orderId);
      });
      if (!held) return target.payment.status === 'succeeded' ? ctx.wire(orderId) : fail('in_flight');
      return held.value;
    },

    /**
     * POST /api/orders/:id/sync-payment: the browser reports back after Stripe.js confirmed
     * (or failed to). The client secret from `next_action` is the proof, with confirm-payment's
     * ownership rule. The PaymentIntent is retrieved from Stripe and settled; the answer is the order as
     * it then stands (paid; still awaiting with `failure_message` when the card failed and another may
     * be tried; cancelled). What the browser says is never the outcome.
     */
    async syncPayment(actor: Actor, orderId: string, input: { token: string }): Promise<Result<Order, SyncFailure>> {
      const target = await provenTarget(actor, orderId, input.token);
      if (!target) return fail('not_found');
      const known = await paymentWithFacts(db, target.payment.id);
      if (!known) return fail('not_found');
      const { payment } = known;
      if (payment.status === 'processing') return fail('in_flight');
      if (payment.status === 'requires_action' && payment.providerRef) {
        try {
          await settle(known.facts, await provider().retrieve(payment.providerRef, known.facts));
        } catch (err) {
          if (err instanceof ProviderUnavailable) return fail('provider_unavailable');
          throw err;
        }
      }
      return ctx.wire(orderId);
    },

    /**
     * The `payment-event` job: an event stored by the webhook, handled by retrieving its
     * object from the provider — payment_intent.* settles the payment, refund.* and charge.refunded
     * settle pending refunds; any other type is stored and ignored. Idempotent: a repeated run finds
     * everything settled. No answer from the provider throws, and the queue retries.
     */
    async handlePaymentEvent(job: PaymentEventJob): Promise<void> {
      try {
        if (job.type.startsWith('payment_intent.')) await syncIntent(job.objectId);
        else if ((job.type.startsWith('refund.') || job.type.startsWith('charge.refund')) && job.paymentRef) {
          await refunds.syncRefunds(job.paymentRef);
        }
      } catch (err) {
        // The provider refuses to tell (an object it no longer has): asking again would not help.
        if (!(err instanceof ProviderRefused)) throw err;
      }
      await markEventHandled(db, job.eventId, clock.now());
    },

    retryRefund: refunds.retryRefund,

    /**
     * Refund by staff, full (`amountCents` undefined = all that is left) or partial. The
     * order and payment rows are locked first, so parallel refunds queue; what is left counts refunds
     * still pending at the provider, so none can give back more than was paid. A card goes back through
     * the provider: succeeded → recorded now (ledger, refunded amount, `refunded` when all is back);
     * pending → recorded when the provider confirms (webhook); failed → `refund_failed` in its words,
     * the refund row failed and nothing else recorded. Pay-later money is returned by hand and recorded at once.
     */
    async refund(
      orderId: string,
      opts: { amountCents?: number; reason: string; actorId: string; inTx?: StaffHook },
    ): Promise<Result<StaffResult, RefundFailure>> {
      if (!isUuid(orderId)) return fail('not_found');
      // A plain transaction: a failure before giveBack has written nothing, and a refusal keeps only its failed row.
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
        const amount = opts.amountCents ?? left;
        if (amount <= 0) return fail('refund_not_positive');
        if (amount > left) {
          return fail('refund_too_large', {
            number: order.number,
            leftCents: left,
            paidCents: payment.amountCents,
            refundedCents: payment.refundedCents + pending,
          });
        }
        const back = await refunds.giveBack(tx, payment, amount, { reason: opts.reason, actorId: opts.actorId, now });
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
          const note = `${back.full ? 'Refunded in full' : 'Partially refunded'}: ${formatMoney(amount)} ${back.returned} (${opts.reason})`;
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
          const note = `Refund of ${formatMoney(amount)} requested; waiting for ${refunds.providerLabel(payment)} (${opts.reason})`;
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
    },
  };
}
export type Payment = ReturnType<typeof createPayment>;
