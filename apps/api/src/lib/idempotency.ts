import { createHash } from 'node:crypto';
import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { conflict, unprocessable } from '../errors.ts';

/**
 * Idempotency-Key support (DESIGN §5), shared by every request that creates something (cart adds now,
 * orders and payments later). The web client retries on no answer or 5xx (spec §9), so a retry must
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
 *   the lock, so concurrent retries of it all get the stored answer, never 409 (issue 13 point 2).
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

    // A finished key answers its stored answer without the lock (ADR 004; issue 13 point 2): retries
    // reading it never make each other wait or see 409.
    const done = await finished();
    if (done) return done;

    // A transaction-scoped lock per key, taken without waiting: a second request with the key while
    // the first still runs is told so at once (409) instead of queueing behind it. The holder may also
    // be a request that has just finished (or a retry that read it): look again before answering 409.
    const [hi, lo] = lockKey(scope, key);
    const lock = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${hi}, ${lo}) as locked`);
    if (!lock.rows[0]?.locked) {
      const meanwhile = await finished();
      if (meanwhile) return meanwhile;
      throw conflict('A request with this Idempotency-Key is still being processed');
    }

    // Claim the key: a new row, or an expired one taken over. No row back means a live answer exists.
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { requestHash, statusCode: null, response: null, createdAt: now },
        setWhere: lt(idempotencyKeys.createdAt, expiredBefore),
      })
      .returning({ key: idempotencyKeys.key });

    if (claimed.length === 0) {
      const stored = await finished();
      if (stored) return stored;
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
 * different request. Shared with the statements that read a key themselves (issue 16: cart adds).
 */
export function storedResponse(stored: { requestHash: string; response: unknown }, requestHash: string): unknown {
  if (stored.requestHash !== requestHash) {
    throw unprocessable('This Idempotency-Key was already used for a different request');
  }
  return stored.response;
}

/**
 * Whether (scope, key) holds a live stored answer, so the same request again would be answered from
 * the store without running. Rate limits let such retries through (issue 10 point 3).
 */
export async function hasStoredAnswer(
  db: Db,
  request: Pick<IdempotentRequest, 'scope' | 'key' | 'now' | 'ttlMs'>,
): Promise<boolean> {
  const expiredBefore = expiryOf(request);
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, request.scope),
        eq(idempotencyKeys.key, request.key),
        isNotNull(idempotencyKeys.statusCode),
        gte(idempotencyKeys.createdAt, expiredBefore),
      ),
    );
  return row !== undefined;
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
