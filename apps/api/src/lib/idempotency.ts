import { createHash } from 'node:crypto';
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { conflict, unprocessable } from '../errors.ts';

/**
 * Idempotency-Key support (docs/architecture.md §5), shared by every request that creates something (cart adds now,
 * orders and payments later). The web client retries on no answer or 5xx (docs/product.md §9), so a retry must
 * never apply a change twice.
 *
 * Usage, inside a service:
 *
 *   const answer = await withIdempotency(
 *     db,
 *     { scope: `orders:${userId}`, key, requestHash: hashRequest({ op: 'place-order', body }), now: clock.now() },
 *     async (tx) => ({ statusCode: 201, body: await placeOrder(tx, userId, body) }),
 *   );
 *   // answer.replayed tells the route to add `Idempotent-Replayed: true`.
 *
 * Rules:
 * - The first request with a (scope, key) runs `run` and stores its answer (status + JSON body) in the
 *   same transaction as `run`'s own writes: both commit together or not at all, so a crash can never
 *   leave a key that claims work that was not done, nor work without its key.
 * - The same key again with the same request hash returns the stored answer without running again,
 *   even if the state has changed since (that is what makes a retry safe).
 * - The same key with a different request hash → 422; while the first request is still running → 409
 *   (the client should retry later; it then gets the stored answer). A finished key is read without
 *   the lock, so concurrent retries of it all get the stored answer, never 409.
 * - If `run` throws, the transaction rolls back and the key stays free: failures are not stored, so a
 *   retry after e.g. "out of stock" runs again. `run` must therefore do all its writes through `tx`.
 * - Keys expire after `ttlMs` (default 24 h); an expired key is reused as if new.
 * - `scope` names the owner and the kind of operation (e.g. `cart:<userId>`), so two users can never
 *   see each other's answers even when they pick the same key. Put the operation name into the hash
 *   as well, so one key reused for a different operation is refused.
 */
export interface IdempotentRequest {
  scope: string;
  key: string;
  /** From `hashRequest(…)` over everything that defines the request (operation + validated body). */
  requestHash: string;
  /** The caller's clock (`deps.clock.now()`), so tests can expire keys. */
  now: Date;
  ttlMs?: number;
}

export interface IdempotentAnswer<T> {
  statusCode: number;
  body: T;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export async function withIdempotency<T>(
  db: Db,
  request: IdempotentRequest,
  run: (tx: Tx) => Promise<IdempotentAnswer<T>>,
): Promise<IdempotentAnswer<T> & { replayed: boolean }> {
  const { scope, key, requestHash, now } = request;
  const expiredBefore = expiryOf(request);
  const thisKey = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

  return db.transaction(async (tx) => {
    /** The stored answer of a finished, unexpired request with this key (422 if its body differed). */
    const finished = async () => {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(thisKey, isNotNull(idempotencyKeys.statusCode), gte(idempotencyKeys.createdAt, expiredBefore)));
      if (!stored || stored.statusCode === null) return undefined;
      return { statusCode: stored.statusCode, body: storedResponse(stored, requestHash) as T, replayed: true };
    };

    // One statement, three steps in order:
    // - a finished key answers its stored answer without the lock (ADR 004): retries
    //   reading it never make each other wait or see 409;
    // - else a transaction-scoped lock per key, taken without waiting: a second request with the key
    //   while the first still runs is told so at once (409) instead of queueing behind it;
    // - with the lock, the key is claimed: a new row, or an expired one taken over. The claim's unique
    //   index sees rows committed after this statement's snapshot: no row back means a live answer.
    // A lock held elsewhere or a claim refused may mean a request that has just finished (or a retry
    // that read it): look again, in a statement of its own, before answering 409.
    const [hi, lo] = lockKey(scope, key);
    const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
    const { rows } = await tx.execute<{
      stored_hash: string | null;
      stored_status: number | null;
      stored_response: unknown;
      locked: boolean | null;
      claimed: boolean;
    }>(sql`
      with stored as (
        select request_hash, status_code, response from idempotency_keys
        where scope = ${scope} and key = ${key} and status_code is not null and created_at >= ${at(expiredBefore)}
      ),
      lock as (
        select pg_try_advisory_xact_lock(${hi}::int, ${lo}::int) as locked where not exists (select from stored)
      ),
      claim as (
        insert into idempotency_keys (scope, key, request_hash, created_at)
        select ${scope}, ${key}, ${requestHash}, ${at(now)} from lock where locked
        on conflict (scope, key) do update
          set request_hash = excluded.request_hash, status_code = null, response = null, created_at = excluded.created_at
          where idempotency_keys.created_at < ${at(expiredBefore)}
        returning 1
      )
      select (select request_hash from stored) as stored_hash, (select status_code from stored) as stored_status,
        (select response from stored) as stored_response, (select locked from lock) as locked,
        exists (select from claim) as claimed`);
    const first = rows[0];
    if (first?.stored_hash != null && first.stored_status !== null) {
      const body = storedResponse({ requestHash: first.stored_hash, response: first.stored_response }, requestHash);
      return { statusCode: first.stored_status, body: body as T, replayed: true };
    }
    if (!first?.claimed) {
      const meanwhile = await finished();
      if (meanwhile) return meanwhile;
      throw conflict('A request with this Idempotency-Key is still being processed');
    }

    const answer = await run(tx);
    await tx.update(idempotencyKeys).set({ statusCode: answer.statusCode, response: answer.body }).where(thisKey);
    return { ...answer, replayed: false };
  });
}

/** Answers stored before this are expired (`ttlMs`, default 24 h): the key is reused as if new. */
export function expiryOf(request: Pick<IdempotentRequest, 'now' | 'ttlMs'>): Date {
  return new Date(request.now.getTime() - (request.ttlMs ?? IDEMPOTENCY_TTL_MS));
}

/**
 * The response stored under a key, for a request with this hash; the 422 when the key was used for a
 * different request. Shared with the statements that read a key themselves (cart adds).
 */
export function storedResponse(stored: { requestHash: string; response: unknown }, requestHash: string): unknown {
  if (stored.requestHash !== requestHash) {
    throw unprocessable('This Idempotency-Key was already used for a different request');
  }
  return stored.response;
}

/** A stable hash of a request: same fields and values in any key order → same hash. */
export function hashRequest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * Two int4 advisory-lock keys from the scope and key (the two-key space never meets the bigint one).
 * Exported for the test that holds a key's lock as a concurrent request would.
 */
export function lockKey(scope: string, key: string): [number, number] {
  const digest = createHash('sha256').update(`idempotency\n${scope}\n${key}`).digest();
  return [digest.readInt32BE(0), digest.readInt32BE(4)];
}
