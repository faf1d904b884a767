import { ERROR_CODES, type ErrorCode } from '@shop/contracts/errors';
import type { Failure, Result } from './lib/result.ts';

/** An expected failure with an honest status and a stable code (docs/architecture.md §5). */
export class AppError extends Error {
  /** The service's `reason` when the error answers a typed failure (set by `orThrow`); sent beside `message`. */
  reason?: string;
  /** That failure's facts, snake_case, sent beside `reason` (the contract's failure unions name them). */
  facts?: Record<string, unknown>;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, ERROR_CODES.badRequest, message, details);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, ERROR_CODES.unauthorized, message);
/** Fields a service found invalid, answered like the route's own schema check: a 400 naming each field. */
export const invalidFields = (issues: { path: string; message: string }[]) =>
  new AppError(400, ERROR_CODES.validation, issues[0]?.message ?? 'The request is invalid', { issues });
export const forbidden = (message = 'You do not have access to this resource') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found') => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new AppError(409, ERROR_CODES.conflict, message, details);
export const unprocessable = (message: string, details?: Record<string, unknown>) =>
  new AppError(422, ERROR_CODES.business, message, details);
/** 429 in the words of the rate-limit plugin's own answers (app.ts), for limits a route counts itself. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, ERROR_CODES.rateLimited, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`);

/**
 * How a module's routes answer its services' expected failures: one entry per `reason`, exhaustive, so a
 * new failure cannot reach a client without a status.
 */
export type HttpTable<F extends Failure> = {
  readonly [R in F['reason']]: (failure: Extract<F, { reason: R }>) => AppError;
};

/** The value of an `ok` result, or the table's AppError for a failure (thrown, for the error handler). */
export function orThrow<T, F extends Failure>(result: Result<T, F>, table: HttpTable<F>): T {
  if (result.ok) return result.value;
  const toError = table[result.reason as F['reason']] as (failure: F) => AppError;
  const error = toError(result);
  error.reason ??= result.reason;
  error.facts ??= wireFacts(result);
  throw error;
}

/** Keys of the error body itself: a failure's fact of that name is already in `message` or `details`. */
const BODY_KEYS = new Set(['ok', 'reason', 'message', 'code', 'details']);

/**
 * A failure's facts as the wire spells them (`retryAfterSeconds` → `retry_after_seconds`), for the
 * browser to switch on `reason` with the data it needs (`@shop/contracts/failures`).
 */
export function wireFacts(failure: Failure): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(failure)) {
    if (BODY_KEYS.has(key) || value === undefined) continue;
    facts[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value;
  }
  return facts;
}
