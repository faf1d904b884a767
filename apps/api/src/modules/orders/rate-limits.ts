import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CountedLimit, countedLimit, refuseOverLimit } from '../../plugins/counted-limit.ts';

/**
 * Issue 10 point 3: attempts per minute on the routes anyone may call that place or pay orders.
 * Placing an order takes stock and mails the address the body names, so no one caller may do it in
 * bulk: per client address (shoppers behind one address get RATE_LIMIT_SCALE), and per e-mail — the
 * guest's `email` or the signed-in account — from whatever addresses. Tests read these.
 */
export const ORDER_RATE_LIMITS = {
  perAddress: { max: 10, timeWindow: 60_000 },
  perEmail: { max: 5, timeWindow: 60_000 },
  /** Per client address: every confirmation may call the payment provider. */
  confirmPayment: { max: 20, timeWindow: 60_000 },
  /** Per client address: every report back after Stripe.js retrieves the PaymentIntent from Stripe (issue 15). */
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
 * The preHandler of POST /api/orders: both limits, counted once the body is validated (a route has
 * one declared limit, so these two are counted here, through the plugin and its store). A request
 * over a limit still goes through when its Idempotency-Key was already answered: it places nothing,
 * and the shopper's automatic retry of an order that went through must get that order, not a 429.
 * `scaled` are ORDER_RATE_LIMITS with RATE_LIMIT_SCALE applied (the orders service's `placementLimits`).
 */
export function orderPlacementLimits(
  app: FastifyInstance,
  scaled: { perAddress: CountedLimit; perEmail: CountedLimit },
  isReplay: (request: FastifyRequest) => Promise<boolean>,
) {
  const limits = [
    countedLimit(app, scaled.perAddress, 1, (r) => `orders-address:${clientAddress(r)}`),
    countedLimit(app, scaled.perEmail, 1, (r) => `orders-orderer:${orderer(r)}`),
  ];
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let replay: Promise<boolean> | undefined;
    for (const overLimit of limits) {
      const retryAfter = await overLimit(request);
      if (retryAfter === undefined) continue;
      replay ??= isReplay(request);
      if (await replay) return;
      refuseOverLimit(reply, retryAfter);
    }
  };
}
