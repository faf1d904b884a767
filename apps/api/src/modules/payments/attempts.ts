import { timingSafeEqual } from 'node:crypto';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import {
  confirmationTarget,
  markEventHandled,
  paymentById,
  paymentWithFacts,
  updatePayment,
} from './attempts-repository.ts';
import { type CardDeclined, PAYMENT_MSG } from './cards.ts';
import type { PaymentsDeps } from './context.ts';
import type { PaymentEventJob } from './events.ts';
import { type PaymentFacts, type ProviderPayment, ProviderRefused, ProviderUnavailable } from './provider.ts';
import type { Refunds } from './refunds.ts';
import type { Settlement } from './settlement.ts';

/** The order (or its payment) is not there, or not the caller's: both answer alike (404). */
export type PaymentNotFound = Failure<'not_found'>;

/** A request with the Idempotency-Key (or a confirmation) is still running: try again shortly (409). */
export type InFlight = Failure<'in_flight'>;

/** The payment provider did not answer: nothing is lost, the shopper tries again shortly (503). */
export type ProviderDown = Failure<'provider_unavailable'>;

/** What the demo's confirmation step can end in besides a paid order. */
export type ConfirmFailure =
  | PaymentNotFound
  | InFlight
  | Failure<'not_awaiting_confirmation'>
  | CardDeclined
  | ProviderDown;

/** What reporting back after Stripe.js can end in besides the order as it now stands. */
export type SyncFailure = PaymentNotFound | InFlight | ProviderDown;

/** What placing hands to the payment: the order just committed and its payment. */
export interface Placed {
  orderId: string;
  paymentId: string;
  amountCents: number;
}

/** Compares a stored confirmation token with the one sent, in constant time. */
export function sameToken(stored: string | null, given: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a provider may refuse a create for in words the shopper can act on (never our configuration). */
const REFUSED_AT_CREATE = ['invalid_request_error', 'card_error'];

/**
 * A card payment's steps with the shopper and the provider: the create after placing, the demo's
 * confirmation step, reporting back after Stripe.js, and webhook events. A provider call runs after
 * the order's commit (it never holds the order's row locks while placing); what it answers is settled
 * (settlement.ts).
 */
export function createAttempts(ctx: PaymentsDeps, settlement: Settlement, refunds: Refunds) {
  const { db, clock } = ctx;
  const { provider, settle, whileSettling } = settlement;

  /** `settle` for a place answer: true when paid, false while it waits, `card_declined` on a decline. */
  async function settleForPlacing(facts: PaymentFacts, found: ProviderPayment): Promise<Result<boolean, CardDeclined>> {
    const settled = await settle(facts, found);
    if (settled.outcome === 'declined') return fail('card_declined', { message: settled.message });
    return ok(settled.outcome === 'paid');
  }

  /** The order of a payment the shopper proves with its token (the step's token, Stripe's client secret). */
  async function provenTarget(actor: { userId?: string }, orderId: string, token: string) {
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
    /**
     * Creates the provider's payment for a just-placed order and settles the answer: true when paid
     * (mailed, demo), false while it waits for the shopper (Stripe's Payment Element, the demo's
     * step), `card_declined` on a decline (demo). No answer: the create is asked again (`lookup`), and
     * if that gets none either, `provider_unavailable` (the payment stays `processing` for the
     * reconciliation). The caller holds the payment's settling lock from before the order's commit.
     */
    async start(placed: Placed): Promise<Result<boolean, CardDeclined | ProviderDown>> {
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
          settlement.reconcileWhenBack();
          return fail('provider_unavailable');
        }
      }
      return settleForPlacing(known.facts, found);
    },

    /**
     * POST /api/orders/:id/confirm-payment: the demo provider's extra step for a card that asked for it.
     * The token from the order answer is the proof; an order of a signed-in user also needs that user.
     * approve → paid; refuse → cancelled, restocked, `card_declined`. A repeated confirm of a paid
     * order answers ok again. Stripe's step happens in the browser: its orders report back with
     * sync-payment instead. Ok means the caller answers the order as it now stands.
     */
    async confirmPayment(
      actor: { userId?: string },
      orderId: string,
      input: { token: string; approve: boolean },
    ): Promise<Result<true, ConfirmFailure>> {
      const target = await provenTarget(actor, orderId, input.token);
      if (!target) return fail('not_found');
      if (target.payment.provider === 'stripe') return fail('not_awaiting_confirmation');
      // The settling lock first, then the claim: only one request moves requires_action on, whatever
      // runs in parallel, and a confirmation whose process dies is settled by the reconciliation.
      const held = await whileSettling(target.payment.id, async (): Promise<Result<true, ConfirmFailure>> => {
        const claimed = await updatePayment(
          db,
          target.payment.id,
          { status: 'processing', updatedAt: clock.now() },
          'requires_action',
        );
        if (!claimed) {
          const now = await paymentById(db, target.payment.id);
          if (now?.status === 'succeeded') return ok(true);
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
            message: PAYMENT_MSG.failed,
          };
        }
        const settled = await settle(known.facts, found);
        if (settled.outcome === 'declined') return fail('card_declined', { message: settled.message });
        return ok(true);
      });
      if (!held) return target.payment.status === 'succeeded' ? ok(true) : fail('in_flight');
      return held.value;
    },

    /**
     * POST /api/orders/:id/sync-payment: the browser reports back after Stripe.js confirmed
     * (or failed to). The client secret from `next_action` is the proof, with confirm-payment's
     * ownership rule. The PaymentIntent is retrieved from Stripe and settled; ok means the caller
     * answers the order as it then stands (paid; still awaiting with `failure_message` when the card
     * failed and another may be tried; cancelled). What the browser says is never the outcome.
     */
    async syncPayment(
      actor: { userId?: string },
      orderId: string,
      input: { token: string },
    ): Promise<Result<true, SyncFailure>> {
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
      return ok(true);
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
  };
}
