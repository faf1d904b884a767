import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CountedLimit, countedLimit } from '../../plugins/counted-limit.ts';

/**
 * Attempts per minute on the routes anyone may call that place or pay orders.
 * Placing an order takes stock and mails the address the body names, so no one caller may do it in
 * bulk: per client address (shoppers behind one address get RATE_LIMIT_SCALE), and per e-mail — the
 * guest's `email` or the signed-in account — from whatever addresses. Tests read these.
 */
export const ORDER_RATE_LIMITS = {
  perAddress: { max: 10, timeWindow: 60_000 },
  perEmail: { max: 5, timeWindow: 60_000 },
  /** Per client address: every confirmation may call the payment provider. */
  confirmPayment: { max: 20, timeWindow: 60_000 },
  /** Per client address: every report back after Stripe.js retrieves the PaymentIntent from Stripe. */
  syncPayment: { max: 20, timeWindow: 60_000 },
} as const;

/** The client address as the plugin counts it: an IPv6 host owns its whole /64. */
const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

/** The declared route limit of POST /api/orders/:id/confirm-payment (scaled in app.ts like every route's). */
export const confirmPaymentLimit = {
  ...ORDER_RATE_LIMITS.confirmPayment,
  // Prefixed so that no two limits share a counter in a shared (Redis) store.
  keyGenerator: (request: FastifyRequest) => `orders-confirm:${clientAddress(request)}`,
};

/** The declared route limit of POST /api/orders/:id/sync-payment, counted apart from confirmations. */
export const syncPaymentLimit = {
  ...ORDER_RATE_LIMITS.syncPayment,
  keyGenerator: (request: FastifyRequest) => `orders-sync:${clientAddress(request)}`,
};

/** Who places the order: the signed-in account, else the guest's e-mail (compared without case). */
function orderer(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.userId}`;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `guest:${typeof email === 'string' ? email.toLowerCase() : ''}`;
}

/**
 * The placement limits of POST /api/orders, per address and per e-mail (a route has one declared limit,
 * so both are counted here, through the plugin and its store). `admit(request)` is the orders service's
 * `Admit`: it is called only once the request has claimed its Idempotency-Key and is about to place, so
 * a replay of an answered key, or a retry while the first request runs (409), counts against nothing
 * (docs/adr/032-limits-count-exactly.md). `scaled` are ORDER_RATE_LIMITS with RATE_LIMIT_SCALE applied
 * (the orders service's `placementLimits`).
 */
export function orderPlacementLimits(
  app: FastifyInstance,
  scaled: { perAddress: CountedLimit; perEmail: CountedLimit },
) {
  const limits = [
    countedLimit(app, scaled.perAddress, 1, (r) => `orders-address:${clientAddress(r)}`),
    countedLimit(app, scaled.perEmail, 1, (r) => `orders-orderer:${orderer(r)}`),
  ];
  return (request: FastifyRequest) => async (): Promise<number | undefined> => {
    for (const overLimit of limits) {
      const retryAfter = await overLimit(request);
      if (retryAfter !== undefined) return retryAfter;
    }
    return undefined;
  };
}
