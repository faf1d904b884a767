import type { Failure, Result } from '../lib/result.ts';
import { ok } from '../lib/result.ts';
import type { Db, Tx } from './client.ts';

/** Carries an expected failure out of a transaction, rolling it back on the way. */
class RolledBack extends Error {
  constructor(readonly failure: Failure) {
    super(`rolled back: ${failure.reason}`);
  }
}

/**
 * Inside a transaction: the value of an `ok` result, or a throw that rolls the transaction back with the
 * failure. Pair it with `failureOfRollback` around whatever runs the transaction.
 */
export function okOrRollback<T, F extends Failure>(result: Result<T, F>): T {
  if (result.ok) return result.value;
  return rollBack(result);
}

/** Inside a transaction: rolls it back with `failure` (for helpers that cannot return it). */
export function rollBack(failure: Failure): never {
  throw new RolledBack(failure);
}

/** Runs `run` (a transaction using `okOrRollback`): its value as `ok`, or the failure that rolled it back. */
export async function failureOfRollback<T, F extends Failure>(run: () => Promise<T>): Promise<Result<T, F>> {
  try {
    return ok(await run());
  } catch (err) {
    if (err instanceof RolledBack) return err.failure as F;
    throw err;
  }
}

/**
 * A transaction whose work answers a typed result: it commits on `ok`; on a failure every write it made is
 * rolled back (as a thrown AppError did before) and the failure is returned.
 */
export function transactionResult<T, F extends Failure>(
  db: Db,
  work: (tx: Tx) => Promise<Result<T, F>>,
): Promise<Result<T, F>> {
  return failureOfRollback<T, F>(() => db.transaction(async (tx) => okOrRollback(await work(tx))));
}
