import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../errors.ts';

export interface CountedLimit {
  max: number;
  timeWindow: number;
}

/**
 * A further limit on a route, counted in the rate-limit plugin's own store (Redis included).
 * @fastify/rate-limit runs one limit per request — a route's `config.rateLimit` and an
 * `app.rateLimit()` hook skip each other — so a route's second and third limits are counted here.
 * `scale` is RATE_LIMIT_SCALE, as the app applies it to declared limits. Resolves to the seconds
 * until the caller may try again when over the limit, else undefined.
 */
export function countedLimit(
  app: FastifyInstance,
  { max, timeWindow }: CountedLimit,
  scale: number,
  key: (request: FastifyRequest) => string,
) {
  const check = app.createRateLimit({ max: Math.round(max * scale), timeWindow, keyGenerator: key });
  return async (request: FastifyRequest): Promise<number | undefined> => {
    const result = await check(request);
    return result.isAllowed || !result.isExceeded ? undefined : result.ttlInSeconds;
  };
}

/** Answers 429 as the plugin does: the shop's error body and `retry-after`. */
export function refuseOverLimit(reply: FastifyReply, retryAfterSeconds: number): never {
  reply.header('retry-after', retryAfterSeconds);
  throw tooManyRequests(retryAfterSeconds);
}
