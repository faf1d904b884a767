import type { z } from 'zod';

/**
 * Whether API answers are checked against the contract: in development and in tests (vitest's mode is
 * 'test'), where a drift between the two ends should fail loudly; never in production, where the
 * answer is taken as typed (no parsing cost, and the schemas stay off the first paint's code path).
 */
export const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** `value` as the contract's `schema` describes it: parsed (a mismatch throws) when checking, else cast. */
export function asContract<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return CHECK_ANSWERS ? schema.parse(value) : (value as z.output<S>);
}

/** The JSON of a successful API answer (ky's `.json()`), as the contract's `schema` describes it. */
export async function answerOf<S extends z.ZodType>(
  call: { json: () => Promise<unknown> },
  schema: S,
): Promise<z.output<S>> {
  return asContract(schema, await call.json());
}

/** For ky's `.json()`: `.json().then(contract(order))` is the answer as the contract says (checked in development). */
export const contract =
  <S extends z.ZodType>(schema: S) =>
  (body: unknown): z.output<S> =>
    asContract(schema, body);
