import type { FastifyRequest } from 'fastify';
import type { CountedLimit } from '../../plugins/counted-limit.ts';

/**
 * Attempts per client and minute. Counted in `preHandler`, after the body is validated, so the
 * login key can include the e-mail and a malformed request costs nothing worth limiting.
 * Tests read these to show the N+1th attempt is refused.
 */
export const AUTH_RATE_LIMITS = {
  /** Per IP and e-mail: guessing one account's password is slow; other accounts are unaffected. */
  login: { max: 10, timeWindow: 60_000 },
  /** Per IP across all accounts: one password tried against many accounts (spraying). */
  loginPerAddress: { max: 20, timeWindow: 60_000 },
  /** Per IP: bulk account creation and reset-mail floods. */
  register: { max: 5, timeWindow: 60_000 },
  forgotPassword: { max: 5, timeWindow: 60_000 },
  /** Per IP: every attempt may cost an argon2 hash. */
  resetPassword: { max: 10, timeWindow: 60_000 },
} as const;

type LimitName = keyof typeof AUTH_RATE_LIMITS;

/** A route's declared limit `name` (scaled by app.ts), counted per `key` after validation. */
export function rateLimit(name: LimitName, key: (request: FastifyRequest) => string = (r) => r.ip) {
  return {
    ...AUTH_RATE_LIMITS[name],
    hook: 'preHandler' as const,
    // Prefixed so that limits of different routes never share a counter in a shared (Redis) store.
    keyGenerator: (request: FastifyRequest) => `auth-${name}:${key(request)}`,
  };
}

/** Login attempts count per IP and e-mail. */
export const loginKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}:${typeof email === 'string' ? email.toLowerCase() : ''}`;
};

/** The logins-per-address limit with RATE_LIMIT_SCALE applied, as app.ts applies it to every declared route limit. */
export function scaledLoginAddressLimit(scale: number): CountedLimit {
  const { max, timeWindow } = AUTH_RATE_LIMITS.loginPerAddress;
  return { max: Math.round(max * scale), timeWindow };
}
