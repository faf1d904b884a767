import { ERROR_CODES, type ErrorCode } from '@shop/contracts/errors';
import type { Failure, Result } from './lib/result.ts';

/** An expected failure with an honest status and a stable code (docs/architecture.md §5). */
export class AppError extends Error {
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
  throw toError(result);
}
