/**
 * The constraint a unique violation (SQLSTATE 23505) broke, looked for through the error's causes (drizzle
 * wraps the driver's error); '' when the driver names none, undefined when the error is something else.
 */
export function uniqueViolation(err: unknown): string | undefined {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return undefined;
}

/**
 * The table of a not-null violation (SQLSTATE 23502), looked for through the error's causes like
 * `uniqueViolation`; undefined when the error is something else.
 */
export function notNullViolation(err: unknown): string | undefined {
  for (let e = err as { code?: string; table?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23502') return e.table ?? '';
  }
  return undefined;
}

/**
 * SQLSTATEs that mean the database cannot serve us just now, not that the request is wrong: class 08
 * (connection exception), admin/crash shutdown, "the database system is starting up / shutting down"
 * (57P03), too many clients (53300), out of memory (53200, and class 53's generic 53000) and a statement
 * cut by statement_timeout (57014). A full disk (53100) is a storage refusal of its own: `storageFull`.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53000', '53200', '53300', '57014']);
/** A full disk: PostgreSQL's disk_full, and the operating system's "no space" and "quota exceeded". */
const STORAGE_FULL_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);

/**
 * Whether an error is a refusal to write for want of space (the database's disk, or the shop's own files):
 * nothing was written, and a retry once space is back may succeed, so it answers 503 STORAGE_FULL rather
 * than 500. Looks through causes like `databaseUnavailable`.
 */
export function storageFull(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && typeof e === 'object' && depth < 8;
    e = e.cause as never, depth++
  ) {
    if (typeof e.code === 'string' && STORAGE_FULL_CODES.has(e.code)) return true;
  }
  return false;
}

/** What a shopper reads while the shop cannot store anything. */
export const STORAGE_FULL_MESSAGE = 'The shop cannot save anything just now. Please try again in a few minutes.';

/**
 * Logs a condition once per episode rather than once per request: the first occurrence is logged, the
 * rest are counted; an occurrence after `quietMs` without any starts a new episode and is logged again
 * with the count of the last one.
 */
export function oncePerEpisode(
  log: (count: number) => void,
  quietMs: number,
  now: () => number = Date.now,
): () => void {
  let last = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return () => {
    const at = now();
    if (at - last >= quietMs) {
      log(suppressed);
      suppressed = 0;
    } else {
      suppressed++;
    }
    last = at;
  };
}
/** Socket errors on the way to the database: refused, reset, unreachable, name not resolved. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg and pg-pool raise these without a code: a lost connection, the connect and query timeouts, a closed pool. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or due to connection timeout
  /^timeout expired$/, // pg's Client: no connection within connectionTimeoutMillis
  /^timeout exceeded when trying to connect$/, // pg-pool: no free connection within the acquire timeout
  /^Query read timeout$/, // pg: no answer within query_timeout (a stalled server)
  /is not queryable$/, // a client whose connection already failed
  /^Cannot use a pool after calling end on the pool$/,
  /^Database unreachable: /, // db/client.ts: refused while the database is known to be down
];

/**
 * Whether an error means "the database is unreachable or overloaded" — the request may
 * succeed if retried shortly, so the shop answers 503 with Retry-After instead of 500. The one place that
 * classifies driver errors; looks through causes (drizzle wraps the driver's error).
 */
export function databaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && typeof e === 'object' && depth < 8;
    e = e.cause as never, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
    // Only the driver's code-less errors are told by their message: an error with a code of its own
    // (ours, a server error) never is.
    const message = e.code === undefined && typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** Seconds a client is asked to wait (Retry-After) when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** What a shopper reads while the database cannot be reached (API answers and pages). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The shop cannot reach its database just now. Please try again in a moment.';
