/** Reading a failed API call (ky's HTTPError carries the Response; no answer at all carries none). */
import type { z } from 'zod';
import { asContract } from './contract-check.ts';

/** The HTTP status of a failed API call, or undefined when the server did not answer. */
export function statusOf(error: unknown): number | undefined {
  const response = (error as { response?: unknown } | null)?.response;
  return response instanceof Response ? response.status : undefined;
}

/** The `message` and `details` of the API's error body (`{message, code, details?}`), when readable. */
export async function errorBodyOf(error: unknown): Promise<{ message?: string; details?: Record<string, unknown> }> {
  const response = (error as { response?: unknown } | null)?.response;
  if (!(response instanceof Response)) return {};
  try {
    const body = (await response.clone().json()) as unknown;
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
}

/** A failed API call as a caller switches on it: the use case's `reason`, never the status. */
export interface ApiFailure<F extends { reason: string }> {
  /** The use case's failure with its facts, when the answer named one (`@shop/contracts/failures`). */
  failure: F | null;
  /** The server's sentence, when it answered with one. */
  message?: string;
  /**
   * The server could not answer the call (no answer, or a 5xx after the client's retries of
   * docs/product.md §7): worth "try again", unlike a refusal, whose message says what to change.
   */
  fault: boolean;
}

/**
 * What a failed call answered, read with the module's failure union (`checkoutFailure`, `cartFailure`…).
 * In development and tests the body is checked against the union (an unknown reason throws).
 */
export async function apiFailureOf<S extends z.ZodType<{ reason: string }>>(
  error: unknown,
  union: S,
): Promise<ApiFailure<z.output<S>>> {
  const status = statusOf(error);
  const body = (await errorBodyOf(error)) as { message?: unknown; reason?: unknown };
  const message = typeof body.message === 'string' && body.message ? body.message : undefined;
  const failure = typeof body.reason === 'string' ? asContract(union, body) : null;
  // The one place a status is read: the line between "refused" and "could not" (docs/product.md §7).
  return { failure, message, fault: status === undefined || status >= 500 };
}

/**
 * Runs an API call; a refusal that names a reason is rethrown with its failure attached, so code that
 * cannot wait for the body (a render reading `query.error`) can switch on it with `reasonOf`.
 */
export async function withFailure<T>(call: () => Promise<T>, union: z.ZodType<{ reason: string }>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Error && statusOf(error) !== undefined) {
      const { failure } = await apiFailureOf(error, union);
      if (failure) Object.assign(error, { failure });
    }
    throw error;
  }
}

/** The `reason` `withFailure` attached to a failed call's error, if any. */
export function reasonOf(error: unknown): string | undefined {
  const failure = (error as { failure?: { reason?: unknown } } | null)?.failure;
  return typeof failure?.reason === 'string' ? failure.reason : undefined;
}
