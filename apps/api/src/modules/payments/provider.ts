import type { DemoCardInput } from '@shop/contracts/orders';
import type { Failure, Result } from '../../lib/result.ts';

/**
 * What the shop needs from a card provider: Stripe (stripe.ts) in production, the built-in
 * demo provider (demo.ts) in demo mode. Every call names our payment (`PaymentFacts.reference`, our
 * payment id): a provider makes a repeated create idempotent by it and records it with its payment, so
 * a payment it reports back can be checked against ours. A call that gets no answer (the network, a
 * timeout, the provider's own 5xx) throws `ProviderUnavailable`: the caller does not know what happened
 * and must ask again later; every other answer is a value.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'demo';
  /** What `payments.provider` records ('stripe', 'demo'). */
  readonly name: string;
  /**
   * Creates the provider's payment for a just-placed order (Stripe: a PaymentIntent the browser
   * confirms; demo: the charge of the card's brand and last 4, decided at once).
   */
  create(facts: PaymentFacts): Promise<ProviderPayment>;
  /**
   * The payment for `facts.reference` after a create whose answer never reached us.
   * Demo: a reference the provider never received is closed by this call (`not_received`), so the answer
   * is final. Stripe: the same create again, which Stripe answers as an idempotent replay of the first.
   */
  lookup(facts: PaymentFacts): Promise<ProviderPayment>;
  /**
   * The payment as the provider has it now. `facts` may be unknown yet (a webhook names only the
   * provider's id): the answer's `reference` then tells whose payment it is.
   */
  retrieve(providerRef: string, facts?: PaymentFacts): Promise<ProviderPayment>;
  /** The demo's extra confirmation step, approved or refused by the shopper. Stripe has none (its step is in the browser). */
  confirm(facts: PaymentFacts, providerRef: string, approve: boolean): Promise<ProviderPayment>;
  /** Takes the money of an authorised payment (`requires_capture`). */
  capture(facts: PaymentFacts, providerRef: string): Promise<ProviderPayment>;
  /**
   * Cancels a payment that was never completed; answers the payment as it then stands, which is not
   * `canceled` when it could not be (it succeeded meanwhile, or is still processing).
   */
  cancel(facts: PaymentFacts, providerRef: string): Promise<ProviderPayment>;
  /** Gives back `amountCents` (all or part) of a succeeded payment; `reference` is our refund's id. */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Every refund of a payment as the provider has it now. */
  refundsOf(providerRef: string): Promise<ProviderRefund[]>;
  /**
   * A webhook delivery, its signature checked over the raw body (Stripe only; the demo sends none).
   * Only the event's identity is read from it: what it says is retrieved from the provider again.
   */
  readEvent?(rawBody: string, signature: string | undefined): Result<ProviderEvent, Failure<'bad_signature'>>;
}

/** Our payment as a provider call names it. */
export interface PaymentFacts {
  /** Our payment id: the idempotency reference and the provider's metadata.payment_id. */
  reference: string;
  orderId: string;
  orderNumber: string;
  email: string;
  amountCents: number;
  /** ISO 4217, any case (the shop's is USD; Stripe speaks lowercase). */
  currency: string;
  /** The demo provider's card (brand and last 4 only). Stripe never gets card data. */
  card?: Pick<DemoCardInput, 'brand' | 'last4'>;
}

/** What the shopper does next while a payment waits for them. */
export type NextAction = { type: 'confirm'; token: string } | { type: 'stripe'; client_secret: string };

/**
 * A payment as the provider reports it. `succeeded` and `requires_capture` carry what the provider
 * holds of amount, currency and our reference, so nothing is counted paid that is not this payment in
 * full.
 */
export type ProviderPayment =
  | ({
      status: 'succeeded' | 'requires_capture';
      providerRef: string;
      /** The card that paid, when the provider tells it (Stripe: the PaymentMethod's brand and last 4). */
      card: { brand: string; last4: string } | null;
    } & ProviderAmount)
  /** Money is on its way (Stripe `processing`): nothing to do yet. */
  | { status: 'processing'; providerRef: string; reference: string | null }
  /**
   * Waiting for the shopper: to confirm (Stripe's Payment Element, or the demo step). `failureMessage`
   * is why the last attempt failed, in the provider's words; the shopper may try again (Stripe).
   */
  | {
      status: 'requires_action';
      providerRef: string;
      reference: string | null;
      next: NextAction;
      failureMessage: string | null;
    }
  /** Refused for good (the demo's declines): the order is cancelled. */
  | { status: 'declined'; providerRef: string; reference: string | null; message: string }
  | { status: 'canceled'; providerRef: string; reference: string | null }
  /** The demo's `lookup` of a reference it never received: closed now, nothing was charged. */
  | { status: 'not_received' };

export interface ProviderAmount {
  amountCents: number;
  currency: string;
  /** Our payment id as the provider recorded it (Stripe metadata.payment_id); null when it has none. */
  reference: string | null;
}

export interface RefundRequest {
  /** Our refund's id (payment_refunds.id): the idempotency key and the refund's metadata.refund_id. */
  reference: string;
  payment: PaymentFacts;
  /** The payment's provider id (pi_… for Stripe). */
  providerRef: string;
  amountCents: number;
}

export interface ProviderRefund {
  status: 'succeeded' | 'pending' | 'failed';
  /** The provider's refund id (re_…): the ledger's provider_ref of the refund; null when none was made. */
  providerRef: string | null;
  amountCents: number;
  /** Our refund id from the refund's metadata; null for a refund made outside the shop. */
  reference: string | null;
  /** Why it failed, in the provider's words. */
  message: string | null;
}

/** A verified webhook event: what it is about, never what it claims. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The object the event is about (pi_…, re_…, ch_…). */
  objectId: string;
  /** The payment the object belongs to (a PaymentIntent id), when the object names one. */
  paymentRef: string | null;
}

/** The provider did not answer (network, timeout, its own 5xx): what happened is unknown. */
export class ProviderUnavailable extends Error {
  constructor(readonly provider: string) {
    super(`${provider} did not answer`);
    this.name = 'ProviderUnavailable';
  }
}

/**
 * The provider refused the request outright (Stripe: an invalid request or a card error), in its words.
 * `type` is the provider's kind of error.
 */
export class ProviderRefused extends Error {
  constructor(
    message: string,
    readonly type: string,
  ) {
    super(message);
    this.name = 'ProviderRefused';
  }
}

/** Whether a provider payment is ours in full: amount, currency and reference as we created it. */
export function matchesPayment(found: ProviderAmount, facts: PaymentFacts): boolean {
  return (
    found.amountCents === facts.amountCents &&
    found.currency.toLowerCase() === facts.currency.toLowerCase() &&
    found.reference === facts.reference
  );
}
