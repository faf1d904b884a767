import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for Stripe's API at the network boundary, for tests only: a local HTTP server
 * that answers the calls the shop makes (PaymentIntents, refunds) the way Stripe documents them —
 * form-encoded requests with bracketed keys, JSON objects with Stripe's fields, `{error: {type, code,
 * decline_code, message}}` errors with Stripe's status codes, and idempotent replays of a key (the first
 * answer again, header `Idempotent-Replayed: true`; other parameters under the same key: 400
 * `idempotency_error`). The official `stripe` package talks to it through its `host`/`port`/`protocol`
 * options (STRIPE_API_URL). What Stripe.js would do in the shopper's browser — confirm with a card,
 * pass or fail 3-D Secure — the test does with `confirm` and `authenticate`; network faults with
 * `failNext`. State lives in memory, one server per test file.
 */

export type TestPaymentMethod =
  | 'pm_card_visa'
  | 'pm_card_chargeDeclined'
  | 'pm_card_chargeDeclinedInsufficientFunds'
  | 'pm_card_threeDSecure2Required';

/** How the next requests fail: refused before Stripe acts, answer lost after it acted, a 500, or no answer. */
export type Fault = 'reset' | 'drop' | 'http500' | 'hang';

export type RefundOutcome = 'succeeded' | 'pending' | 'failed';

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  replayed: boolean;
  params: Params;
}

type Params = { [key: string]: string | Params };
type Json = Record<string, unknown>;

interface IntentState {
  id: string;
  amount: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'canceled'
    | 'succeeded';
  captureMethod: 'automatic' | 'manual';
  clientSecret: string;
  metadata: Record<string, string>;
  description: string | null;
  receiptEmail: string | null;
  paymentMethod: TestPaymentMethod | null;
  lastPaymentError: Json | null;
  amountReceived: number;
  latestCharge: string | null;
  cancellationReason: string | null;
  created: number;
}

interface RefundState {
  id: string;
  amount: number;
  currency: string;
  paymentIntent: string;
  charge: string | null;
  status: RefundOutcome | 'canceled';
  reason: string | null;
  metadata: Record<string, string>;
  failureReason: string | null;
  created: number;
}

export interface FakeStripe {
  /** The base address, for STRIPE_API_URL. */
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The official client, pointed at this server. */
  client(opts?: { maxNetworkRetries?: number; timeout?: number }): Stripe;
  /** What Stripe.js does when the shopper confirms with this card; answers the PaymentIntent after it. */
  confirm(id: string, paymentMethod: TestPaymentMethod): Json;
  /** The shopper passes (true) or fails (false) the 3-D Secure challenge of a `requires_action` intent. */
  authenticate(id: string, approve: boolean): Json;
  /**
   * The next `count` requests fail this way. Stripe's client retries with the same key: a closed
   * connection once even with `maxNetworkRetries: 0`, 500s and connection errors up to its retries.
   */
  failNext(count: number, fault: Fault): void;
  /** How refunds created from now on answer. */
  refundOutcome(outcome: RefundOutcome): void;
  /** Stripe settles a pending refund later; answers the refund. */
  settleRefund(id: string, outcome: 'succeeded' | 'failed'): Json;
  /** A Stripe Event as the webhook endpoint receives it (sign its JSON with `webhooks.generateTestHeaderString`). */
  event(type: string, object: Json): Json;
  paymentIntent(id: string): Json | undefined;
  refund(id: string): Json | undefined;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const API_VERSION = Stripe.API_VERSION;
const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_chargeDeclined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

const AUTHENTICATION_FAILED = {
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

const CANCELABLE = new Set([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
]);

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, extra: Json = {}) =>
  new StripeError(400, { type: 'invalid_request_error', message, ...extra });

/** Stripe's form encoding: `metadata[order_id]=…&automatic_payment_methods[enabled]=true`. */
function parseForm(body: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split('[').map((p) => p.replace(/]$/, ''));
    let node = out;
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1) node[part] = value;
      else {
        const next = node[part];
        if (typeof next === 'object') node = next;
        else {
          const child: Params = {};
          node[part] = child;
          node = child;
        }
      }
    }
  }
  return out;
}

const str = (v: string | Params | undefined) => (typeof v === 'string' ? v : undefined);
const record = (v: string | Params | undefined): Record<string, string> =>
  typeof v === 'object'
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const publishableKey = `pk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(18).toString('hex')}`;
  const intents = new Map<string, IntentState>();
  const refunds = new Map<string, RefundState>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  const hanging = new Set<http.ServerResponse>();
  let nextRefund: RefundOutcome = 'succeeded';

  function intentJson(pi: IntentState): Json {
    return {
      id: pi.id,
      object: 'payment_intent',
      amount: pi.amount,
      amount_capturable: pi.status === 'requires_capture' ? pi.amount : 0,
      amount_received: pi.amountReceived,
      automatic_payment_methods: { enabled: true, allow_redirects: 'always' },
      canceled_at: pi.status === 'canceled' ? now() : null,
      cancellation_reason: pi.cancellationReason,
      capture_method: pi.captureMethod,
      client_secret: pi.clientSecret,
      confirmation_method: 'automatic',
      created: pi.created,
      currency: pi.currency,
      description: pi.description,
      last_payment_error: pi.lastPaymentError,
      latest_charge: pi.latestCharge,
      livemode: false,
      metadata: pi.metadata,
      next_action:
        pi.status === 'requires_action'
          ? {
              type: 'use_stripe_sdk',
              use_stripe_sdk: {
                type: 'three_d_secure_redirect',
                stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted',
              },
            }
          : null,
      payment_method: pi.paymentMethod,
      payment_method_types: ['card'],
      receipt_email: pi.receiptEmail,
      status: pi.status,
    };
  }

  function refundJson(r: RefundState): Json {
    return {
      id: r.id,
      object: 'refund',
      amount: r.amount,
      charge: r.charge,
      created: r.created,
      currency: r.currency,
      failure_reason: r.failureReason,
      metadata: r.metadata,
      payment_intent: r.paymentIntent,
      reason: r.reason,
      status: r.status,
    };
  }

  function intent(piId: string): IntentState {
    const pi = intents.get(piId);
    if (!pi) {
      throw new StripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${piId}'`,
      });
    }
    return pi;
  }

  function succeed(pi: IntentState) {
    pi.lastPaymentError = null;
    pi.latestCharge = id('ch');
    if (pi.captureMethod === 'manual') pi.status = 'requires_capture';
    else {
      pi.status = 'succeeded';
      pi.amountReceived = pi.amount;
    }
  }

  /** Confirms with a test card; a decline leaves the intent waiting for another card and throws Stripe's 402. */
  function confirmWith(pi: IntentState, paymentMethod: TestPaymentMethod) {
    if (!['requires_payment_method', 'requires_confirmation'].includes(pi.status)) {
      throw invalid(`You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`, {
        code: 'payment_intent_unexpected_state',
        payment_intent: intentJson(pi),
      });
    }
    pi.paymentMethod = paymentMethod;
    const decline = DECLINES[paymentMethod];
    if (decline) {
      pi.status = 'requires_payment_method';
      pi.latestCharge = id('ch');
      pi.lastPaymentError = { type: 'card_error', ...decline, payment_method: { id: paymentMethod, type: 'card' } };
      throw new StripeError(402, { type: 'card_error', ...decline, payment_intent: intentJson(pi) });
    }
    if (paymentMethod === 'pm_card_threeDSecure2Required') {
      pi.status = 'requires_action';
      return;
    }
    succeed(pi);
  }

  function refunded(piId: string) {
    let total = 0;
    for (const r of refunds.values())
      if (r.paymentIntent === piId && r.status !== 'failed' && r.status !== 'canceled') total += r.amount;
    return total;
  }

  /** Answers one API call: [status, body]. Throws StripeError for Stripe's error answers. */
  function route(method: string, path: string, params: Params, query: URLSearchParams): Json {
    const parts = path.split('/').filter(Boolean); // ['v1', 'payment_intents', id?, action?]
    if (parts[0] !== 'v1')
      throw new StripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}).`,
      });
    const [, resource, objectId, action] = parts;

    if (resource === 'payment_intents') {
      if (method === 'POST' && !objectId) {
        const amount = Number(str(params.amount));
        if (!Number.isInteger(amount) || amount < 50) {
          throw invalid('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
        }
        const currency = str(params.currency);
        if (!currency)
          throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
        const piId = id('pi');
        const pi: IntentState = {
          id: piId,
          amount,
          currency: currency.toLowerCase(),
          status: 'requires_payment_method',
          captureMethod: str(params.capture_method) === 'manual' ? 'manual' : 'automatic',
          clientSecret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
          metadata: record(params.metadata),
          description: str(params.description) ?? null,
          receiptEmail: str(params.receipt_email) ?? null,
          paymentMethod: null,
          lastPaymentError: null,
          amountReceived: 0,
          latestCharge: null,
          cancellationReason: null,
          created: now(),
        };
        intents.set(piId, pi);
        const pm = str(params.payment_method) as TestPaymentMethod | undefined;
        if (pm && str(params.confirm) === 'true') confirmWith(pi, pm);
        return intentJson(pi);
      }
      if (!objectId) throw invalid('Unrecognized request URL.');
      const pi = intent(objectId);
      if (method === 'GET' && !action) return intentJson(pi);
      if (method === 'POST' && !action) {
        if (params.amount !== undefined) pi.amount = Number(str(params.amount));
        if (params.metadata !== undefined) pi.metadata = { ...pi.metadata, ...record(params.metadata) };
        return intentJson(pi);
      }
      if (method === 'POST' && action === 'confirm') {
        const pm = str(params.payment_method) as TestPaymentMethod | undefined;
        if (!pm)
          throw invalid('You must provide a payment method.', { code: 'parameter_missing', param: 'payment_method' });
        confirmWith(pi, pm);
        return intentJson(pi);
      }
      if (method === 'POST' && action === 'cancel') {
        if (!CANCELABLE.has(pi.status)) {
          throw invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${[...CANCELABLE].join(', ')}.`,
            { code: 'payment_intent_unexpected_state', payment_intent: intentJson(pi) },
          );
        }
        pi.status = 'canceled';
        pi.cancellationReason = str(params.cancellation_reason) ?? null;
        return intentJson(pi);
      }
      if (method === 'POST' && action === 'capture') {
        if (pi.status !== 'requires_capture') {
          throw invalid(
            `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
            { code: 'payment_intent_unexpected_state', payment_intent: intentJson(pi) },
          );
        }
        pi.status = 'succeeded';
        pi.amountReceived = Number(str(params.amount_to_capture) ?? pi.amount);
        return intentJson(pi);
      }
    }

    if (resource === 'refunds') {
      if (method === 'POST' && !objectId) {
        const piId = str(params.payment_intent);
        if (!piId)
          throw invalid('One of the following params should be provided for this request: payment_intent or charge.', {
            code: 'parameter_missing',
          });
        const pi = intent(piId);
        if (pi.status !== 'succeeded') {
          throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
            code: 'charge_not_refundable',
          });
        }
        const left = pi.amountReceived - refunded(pi.id);
        const amount = params.amount === undefined ? left : Number(str(params.amount));
        if (left <= 0)
          throw invalid(`Charge ${pi.latestCharge} has already been refunded.`, { code: 'charge_already_refunded' });
        if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
          throw invalid(
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
            {
              code: 'amount_too_large',
              param: 'amount',
            },
          );
        }
        const r: RefundState = {
          id: id('re'),
          amount,
          currency: pi.currency,
          paymentIntent: pi.id,
          charge: pi.latestCharge,
          status: nextRefund,
          reason: str(params.reason) ?? null,
          metadata: record(params.metadata),
          failureReason: nextRefund === 'failed' ? 'expired_or_canceled_card' : null,
          created: now(),
        };
        refunds.set(r.id, r);
        return refundJson(r);
      }
      if (method === 'GET' && objectId) {
        const r = refunds.get(objectId);
        if (!r)
          throw new StripeError(404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such refund: '${objectId}'`,
          });
        return refundJson(r);
      }
      if (method === 'GET' && !objectId) {
        const piId = query.get('payment_intent');
        const data = [...refunds.values()]
          .filter((r) => !piId || r.paymentIntent === piId)
          .reverse()
          .map(refundJson);
        return { object: 'list', data, has_more: false, url: '/v1/refunds' };
      }
    }
    throw new StripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function send(res: http.ServerResponse, status: number, body: Json, replayed: boolean) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': id('req'),
      'stripe-version': API_VERSION,
    };
    if (replayed) headers['idempotent-replayed'] = 'true';
    res.writeHead(status, headers);
    res.end(JSON.stringify(status >= 400 ? { error: body } : body));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.invalid');
      const method = req.method ?? 'GET';
      const params = parseForm(Buffer.concat(chunks).toString('utf8'));
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : null;
      const fault = faults.shift();
      const recorded: RecordedRequest = { method, path: url.pathname, idempotencyKey, replayed: false, params };
      requests.push(recorded);
      if (fault === 'reset') return req.socket.destroy();
      if (fault === 'hang') return void hanging.add(res);
      if (fault === 'http500') {
        return send(res, 500, { type: 'api_error', message: 'An unknown error occurred' }, false);
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(
          res,
          401,
          { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
          false,
        );
      }
      const fingerprint = `${method} ${url.pathname} ${JSON.stringify(params)}`;
      if (method === 'POST' && idempotencyKey) {
        const stored = idempotent.get(idempotencyKey);
        if (stored) {
          if (stored.fingerprint !== fingerprint) {
            return send(
              res,
              400,
              {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
              false,
            );
          }
          recorded.replayed = true;
          if (fault === 'drop') return req.socket.destroy();
          return send(res, stored.status, stored.body, true);
        }
      }
      let status = 200;
      let body: Json;
      try {
        body = route(method, url.pathname, params, url.searchParams);
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
        status = err.status;
        body = err.body;
      }
      // Stripe stores the answer of a key unless the request failed validation before it acted (400s do get stored too).
      if (method === 'POST' && idempotencyKey && status !== 500)
        idempotent.set(idempotencyKey, { fingerprint, status, body });
      if (fault === 'drop') return req.socket.destroy();
      send(res, status, body, false);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    requests,
    client(opts = {}) {
      return new Stripe(secretKey, {
        host: '127.0.0.1',
        port,
        protocol: 'http',
        maxNetworkRetries: opts.maxNetworkRetries ?? 0,
        timeout: opts.timeout ?? 2_000,
        telemetry: false,
      });
    },
    confirm(piId, paymentMethod) {
      const pi = intent(piId);
      try {
        confirmWith(pi, paymentMethod);
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
      }
      return intentJson(pi);
    },
    authenticate(piId, approve) {
      const pi = intent(piId);
      if (pi.status !== 'requires_action') throw new Error(`fake stripe: ${piId} is ${pi.status}, not requires_action`);
      if (approve) succeed(pi);
      else {
        pi.status = 'requires_payment_method';
        pi.lastPaymentError = {
          type: 'invalid_request_error',
          ...AUTHENTICATION_FAILED,
          payment_method: { id: pi.paymentMethod, type: 'card' },
        };
      }
      return intentJson(pi);
    },
    failNext(count, fault) {
      for (let i = 0; i < count; i++) faults.push(fault);
    },
    refundOutcome(outcome) {
      nextRefund = outcome;
    },
    settleRefund(refundId, outcome) {
      const r = refunds.get(refundId);
      if (!r) throw new Error(`fake stripe: no refund ${refundId}`);
      r.status = outcome;
      r.failureReason = outcome === 'failed' ? 'expired_or_canceled_card' : null;
      return refundJson(r);
    },
    event(type, object) {
      return {
        id: id('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    paymentIntent(piId) {
      const pi = intents.get(piId);
      return pi && intentJson(pi);
    },
    refund(refundId) {
      const r = refunds.get(refundId);
      return r && refundJson(r);
    },
    async close() {
      for (const res of hanging) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
