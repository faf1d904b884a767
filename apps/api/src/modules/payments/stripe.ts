import Stripe from 'stripe';
import { fail, ok } from '../../lib/result.ts';
import type {
  PaymentFacts,
  PaymentProvider,
  ProviderEvent,
  ProviderPayment,
  ProviderRefund,
  RefundRequest,
} from './provider.ts';
import { ProviderRefused, ProviderUnavailable } from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A local server in Stripe's format (tests, stripe-mock); unset for Stripe itself. */
  apiUrl?: string;
  /** Per request; the SDK retries a request that got no answer `maxNetworkRetries` times with the same idempotency key. */
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

/** The card's brand and last 4 come with the PaymentMethod, for the order page, the mail and the admin. */
const EXPAND = { expand: ['payment_method'] };

/** A checkout waits for this at most (twice, with the one retry) before it answers "try again". */
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Stripe through the official `stripe` package: PaymentIntents created on the server with
 * the order's total and confirmed in the browser by Stripe.js (3-D Secure included); retrieve, capture,
 * cancel and refunds; webhook signatures checked with the endpoint secret. Every create carries an
 * idempotency key derived from our ids, so asking again after a lost answer is Stripe's idempotent
 * replay of the first request, never a second payment or refund. No key, client secret or Stripe error
 * body is ever logged or rethrown: a Stripe error becomes ProviderRefused with its type and message.
 */
export function createStripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    timeout: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxNetworkRetries: settings.maxNetworkRetries ?? 1,
    appInfo: { name: 'shop' },
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          protocol: url.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  /**
   * Runs a Stripe call: no answer → ProviderUnavailable; any other Stripe error → ProviderRefused with
   * its type and message only (its body may hold a client secret, and is never logged or kept).
   */
  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeError)) throw err;
      if (noAnswer(err)) throw new ProviderUnavailable('Stripe');
      // `rawType` is Stripe's own word (invalid_request_error, card_error…); `type` is the client's class name.
      throw new ProviderRefused(err.message, err.rawType ?? err.type);
    }
  }

  /** Like `call`, but a request Stripe refuses for the object's state answers the object as it stands. */
  async function orRetrieve(ref: string, request: () => Promise<Stripe.PaymentIntent>): Promise<ProviderPayment> {
    try {
      return toPayment(await call(request));
    } catch (err) {
      if (err instanceof ProviderRefused && err.type === 'invalid_request_error') {
        return toPayment(await call(() => stripe.paymentIntents.retrieve(ref, EXPAND)));
      }
      throw err;
    }
  }

  /** The create, exactly the same each time for one payment: Stripe replays an idempotent request only with the same parameters. */
  const create = (facts: PaymentFacts) =>
    call(() =>
      stripe.paymentIntents.create(
        {
          amount: facts.amountCents,
          currency: facts.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          description: `Order ${facts.orderNumber}`,
          metadata: { order_id: facts.orderId, payment_id: facts.reference, order_number: facts.orderNumber },
        },
        { idempotencyKey: `shop-payment-${facts.reference}` },
      ),
    ).then(toPayment);

  return {
    kind: 'stripe',
    name: 'stripe',
    create,
    lookup: create,
    retrieve: async (ref) => toPayment(await call(() => stripe.paymentIntents.retrieve(ref, EXPAND))),
    async confirm(_facts, ref) {
      // Stripe's step happens in the browser (Stripe.js); the server only reads the outcome.
      return toPayment(await call(() => stripe.paymentIntents.retrieve(ref, EXPAND)));
    },
    capture: (facts, ref) =>
      orRetrieve(ref, () =>
        stripe.paymentIntents.capture(ref, EXPAND, { idempotencyKey: `shop-capture-${facts.reference}` }),
      ),
    cancel: (_facts, ref) =>
      orRetrieve(ref, () => stripe.paymentIntents.cancel(ref, { cancellation_reason: 'abandoned' })),
    async refund(request: RefundRequest): Promise<ProviderRefund> {
      try {
        const refund = await call(() =>
          stripe.refunds.create(
            {
              payment_intent: request.providerRef,
              amount: request.amountCents,
              metadata: {
                refund_id: request.reference,
                payment_id: request.payment.reference,
                order_id: request.payment.orderId,
              },
            },
            { idempotencyKey: `shop-refund-${request.reference}` },
          ),
        );
        return toRefund(refund);
      } catch (err) {
        // Stripe said no (already refunded, more than is left, a card that cannot take it): its words.
        if (err instanceof ProviderRefused && REFUSALS.includes(err.type)) {
          return {
            status: 'failed',
            providerRef: null,
            amountCents: request.amountCents,
            reference: request.reference,
            message: err.message,
          };
        }
        throw err;
      }
    },
    async refundsOf(ref) {
      const list = await call(() => stripe.refunds.list({ payment_intent: ref, limit: 100 }));
      return list.data.map(toRefund);
    },
    readEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch {
        return fail('bad_signature');
      }
      return ok(eventIdentity(event));
    },
  };
}

/** Stripe's refusals of the request itself, answered in its words (an authentication error is our configuration's). */
const REFUSALS = ['invalid_request_error', 'card_error'];

/** No answer worth trusting: the network, a timeout, Stripe's own 5xx, a rate limit, a concurrent idempotent request. */
function noAnswer(err: InstanceType<typeof Stripe.errors.StripeError>): boolean {
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    (err.statusCode !== undefined && (err.statusCode >= 500 || err.statusCode === 409 || err.statusCode === 429))
  );
}

export function toPayment(pi: Stripe.PaymentIntent): ProviderPayment {
  const providerRef = pi.id;
  const reference = pi.metadata?.payment_id ?? null;
  switch (pi.status) {
    case 'succeeded':
    case 'requires_capture':
      return {
        status: pi.status === 'succeeded' ? 'succeeded' : 'requires_capture',
        providerRef,
        // What was taken; a partial capture would be less than the amount asked for.
        amountCents:
          pi.status === 'succeeded' && typeof pi.amount_received === 'number' && pi.amount_received > 0
            ? pi.amount_received
            : pi.amount,
        currency: pi.currency,
        reference,
        card: cardOf(pi),
      };
    case 'processing':
      return { status: 'processing', providerRef, reference };
    case 'canceled':
      return { status: 'canceled', providerRef, reference };
    default:
      // requires_payment_method (no card yet, or the last one failed), requires_confirmation, requires_action.
      return {
        status: 'requires_action',
        providerRef,
        reference,
        next: { type: 'stripe', client_secret: pi.client_secret ?? '' },
        failureMessage: pi.status === 'requires_payment_method' ? (pi.last_payment_error?.message ?? null) : null,
      };
  }
}

/** The card's brand and last 4, when the PaymentMethod came expanded and is a card. */
function cardOf(pi: Stripe.PaymentIntent): { brand: string; last4: string } | null {
  const pm = pi.payment_method;
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return { brand: pm.card.brand, last4: pm.card.last4 };
}
function toRefund(refund: Stripe.Refund): ProviderRefund {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return {
    status,
    providerRef: refund.id,
    amountCents: refund.amount,
    reference: refund.metadata?.refund_id ?? null,
    message: status === 'failed' ? `The refund failed at Stripe (${refund.failure_reason ?? refund.status})` : null,
  };
}

/** What an event is about: its object and the PaymentIntent that object belongs to. */
function eventIdentity(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as { id?: unknown; object?: unknown; payment_intent?: unknown };
  const objectId = typeof object.id === 'string' ? object.id : '';
  const intent = object.payment_intent;
  const paymentRef =
    object.object === 'payment_intent'
      ? objectId
      : typeof intent === 'string'
        ? intent
        : intent && typeof intent === 'object' && typeof (intent as { id?: unknown }).id === 'string'
          ? (intent as { id: string }).id
          : null;
  return { id: event.id, type: event.type, objectId, paymentRef };
}
