/**
 * Typed results for a use case's expected outcomes, in the spirit of Vendure's
 * `ErrorResult` unions: a service returns `ok(value)` or a `Failure` naming what happened (`out_of_stock`,
 * `not_found`…) with the facts a caller needs, and never an HTTP status. Each module's routes map its
 * failures to HTTP in one table (`orThrow` in errors.ts); page loaders match on `reason` directly.
 * Services still throw for the unexpected (a lost connection, a broken invariant).
 */
export interface Ok<T> {
  readonly ok: true;
  readonly value: T;
}

/** One expected outcome: `reason` is the discriminant, the rest its facts. */
export type Failure<R extends string = string, Facts extends object = object> = {
  readonly ok: false;
  readonly reason: R;
} & Readonly<Facts>;

export type Result<T, F extends Failure = Failure> = Ok<T> | F;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });

export function fail<R extends string>(reason: R): Failure<R>;
export function fail<R extends string, Facts extends object>(reason: R, facts: Facts): Failure<R, Facts>;
export function fail(reason: string, facts: object = {}): Failure {
  return { ...facts, ok: false, reason };
}

/** The failures a result type can end in. */
export type FailureOf<R> = Extract<R, { ok: false }>;
