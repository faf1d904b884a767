import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * Whether the database answers `select 1` within `deadlineMs`, on a connection of its own: never
   * queued behind a full pool, never waiting longer than the deadline whatever the database does.
   */
  probe(deadlineMs?: number): Promise<boolean>;
  /**
   * True from the moment the database is seen unreachable (a failed probe, or `report`
   * of a request's failure classified by db/errors.ts) until a probe, repeated every REPROBE_MS, answers
   * again. While it is, requests answer 503 at once instead of each waiting out its own timeouts.
   */
  unreachable(): boolean;
  /** A failure said the database is unreachable (the error handler and the pages call this). */
  reportUnreachable(): void;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

export interface PoolSettings {
  max?: number;
  /** Waiting for a connection, pooled or new (DB_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL's statement_timeout for every statement on the pool (DB_STATEMENT_TIMEOUT_MS); the driver
   * gives up STALL_GRACE_MS later when the server does not answer at all (stopped, partitioned). Unset:
   * no limit — migrations and the seed.
   */
  statementTimeoutMs?: number;
}

/** How much longer than statement_timeout the driver waits before it calls a silent server stalled. */
const STALL_GRACE_MS = 1_000;
/** Readiness answers within a second whatever the database does. */
export const PROBE_DEADLINE_MS = 750;
/** While the database is unreachable, how often it is probed to find it back. */
const REPROBE_MS = 500;

/**
 * A pool that outlives a database restart: idle clients that lose their connection emit `error` on
 * the pool (handled here, not crashing the process) and are replaced on the next checkout.
 *
 * Every wait is bounded — a connection within `connectTimeoutMs`, a statement within
 * `statementTimeoutMs` — so a stalled database costs a request a 503, never the whole stall.
 */
export function connect(url: string, log: Logger, settings: PoolSettings = {}): Database {
  const { max = 20, connectTimeoutMs = 5_000, statementTimeoutMs } = settings;
  // Every client this pool made and has not lost: cut off at once when the database is known to be down.
  const clients = new Set<StallSafeClient>();
  class Client extends StallSafeClient {
    constructor(config?: pg.ClientConfig) {
      super(config);
      clients.add(this);
      this.once('end', () => clients.delete(this));
    }
  }
  const pool = new GatedPool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(statementTimeoutMs
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + STALL_GRACE_MS }
      : {}),
    Client,
  });
  pool.on('error', (err) => log.warn({ err: err.message }, 'idle database connection lost'));
  pool.on('connect', (client) =>
    client.on('error', (err) => log.warn({ err: err.message }, 'database connection error')),
  );
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  const probe = createProbe(url, connectTimeoutMs);
  // A second connection for confirming a missed probe with a longer deadline, so readiness never queues behind it.
  const confirm = createProbe(url, connectTimeoutMs);
  const gate = createGate(
    {
      probe,
      confirm: () => confirm(connectTimeoutMs),
      // A probe of our own found the database down: what waits for it now would only wait out its own
      // timeout (a stalled server answers nothing). The requests waiting for a connection and those whose
      // statement is running end now, as unavailable: 503 (db/errors.ts).
      confirmedDown: () => {
        pool.failWaiting();
        for (const client of clients) client.dropConnection();
      },
    },
    log,
  );
  pool.refusing = gate.unreachable;
  return {
    db,
    pool,
    probe: async (deadlineMs?: number) => {
      const ok = await probe(deadlineMs);
      gate.probed(ok);
      return ok;
    },
    unreachable: gate.unreachable,
    reportUnreachable: gate.close,
    close: async () => {
      gate.end();
      probe.close();
      confirm.close();
      await pool.end();
    },
  };
}

/**
 * The "database unreachable" state. Closed at once by a request's failure that
 * db/errors.ts calls unavailable (that request already waited out its timeout). A probe that misses its
 * short deadline only asks for a confirming probe with the connection timeout as deadline: one slow answer
 * on a busy machine must not turn the shop away. While closed, a probe every REPROBE_MS opens it again as
 * soon as the database answers.
 */
function createGate(
  probes: { probe: () => Promise<boolean>; confirm: () => Promise<boolean>; confirmedDown: () => void },
  log: Logger,
) {
  let down = false;
  let ended = false;
  let pending: NodeJS.Timeout | undefined;
  const schedule = (check: () => Promise<boolean>, delayMs: number) => {
    if (pending || ended) return;
    pending = setTimeout(async () => {
      const ok = await check();
      pending = undefined;
      if (ok) open();
      else {
        close();
        if (!ended) probes.confirmedDown();
      }
    }, delayMs);
    pending.unref();
  };
  const open = () => {
    if (!down) return;
    down = false;
    log.warn({}, 'database reachable again');
  };
  const close = () => {
    if (ended) return;
    if (!down) log.warn({}, 'database unreachable: requests answer 503 until it answers again');
    down = true;
    schedule(probes.probe, REPROBE_MS);
  };
  return {
    unreachable: () => down,
    close,
    /** The outcome of a readiness or health probe. */
    probed(ok: boolean) {
      if (ok) open();
      else if (!down) schedule(probes.confirm, 0);
    },
    end() {
      ended = true;
      clearTimeout(pending);
    },
  };
}

/** What a request waiting for the database gets once the database is known to be down (db/errors.ts). */
export const UNREACHABLE_MESSAGE = 'Database unreachable: the request was not sent to it';

/**
 * A pool that, while `refusing()` (the database is known to be unreachable), refuses a connection at
 * once instead of opening one to a server that may never answer; `failWaiting` ends the waits for a
 * connection already queued. pg-pool keeps its queue in a field of its own (`_pendingQueue`): each waiter's
 * callback clears its own timeout.
 */
class GatedPool extends pg.Pool {
  refusing: () => boolean = () => false;

  // biome-ignore lint/suspicious/noExplicitAny: pg-pool's connect has a callback and a promise form.
  override connect(...args: any[]): any {
    if (!this.refusing()) return (super.connect as (...a: unknown[]) => unknown).apply(this, args);
    const err = new Error(UNREACHABLE_MESSAGE);
    const callback = args[0] as ((e: Error) => void) | undefined;
    if (typeof callback === 'function') {
      process.nextTick(callback, err);
      return undefined;
    }
    return Promise.reject(err);
  }

  failWaiting() {
    const queue = (this as unknown as { _pendingQueue?: { callback(err: Error): void }[] })._pendingQueue;
    if (!queue) return;
    for (const waiter of queue.splice(0)) waiter.callback(new Error(UNREACHABLE_MESSAGE));
  }
}

/**
 * A client that drops its connection when a query times out on the driver's side (`query_timeout`): the
 * server never answered, so the connection's state is unknown and must not serve the next request (the
 * pool replaces a client whose connection ended). pg itself leaves such a connection open.
 */
class StallSafeClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this only observes the result.
  override query(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const result = (super.query as (...a: any[]) => any)(...args);
    if (result && typeof result.catch === 'function') {
      return result.catch((err: Error) => {
        if (err?.message === 'Query read timeout') this.dropConnection();
        throw err;
      });
    }
    return result;
  }

  /** Ends the connection at once: a statement in flight fails as "Connection terminated" (unavailable). */
  dropConnection() {
    (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  }
}

/**
 * `select 1` on one dedicated connection, kept open between probes and opened again after a failure.
 * Concurrent callers share the probe in flight. A probe that misses its deadline drops the connection,
 * so a stalled server cannot leave the next probe queued behind the last.
 */
function createProbe(url: string, connectTimeoutMs: number) {
  let client: pg.Client | undefined;
  let inFlight: Promise<boolean> | undefined;

  const drop = () => {
    const c = client;
    client = undefined;
    if (!c) return;
    (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    c.end().catch(() => {});
  };

  const attempt = async (deadlineMs: number): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), deadlineMs);
    });
    const work = (async () => {
      if (!client) {
        const c = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: Math.min(connectTimeoutMs, deadlineMs),
        });
        c.on('error', () => {
          if (client === c) client = undefined;
        });
        client = c;
        await c.connect();
      }
      await client.query('select 1');
      return true as const;
    })().catch(() => false as const);
    try {
      const ok = await Promise.race([work, deadline]);
      if (!ok) drop();
      return ok;
    } finally {
      clearTimeout(timer);
    }
  };

  const probe = (deadlineMs = PROBE_DEADLINE_MS): Promise<boolean> => {
    inFlight ??= attempt(deadlineMs).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  return Object.assign(probe, { close: drop });
}

/** The request pool's bounds from the settings. */
export function poolSettings(config: Pick<Config, 'DB_CONNECT_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS'>): PoolSettings {
  return { connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS };
}

/**
 * Lifts the request bounds from one connection taken out of a pool (the server's statement_timeout and the
 * driver's wait for an answer), for long work of its own such as a backup. The connection must leave the
 * pool afterwards (`release(true)`).
 */
export async function unboundClient(client: pg.PoolClient): Promise<void> {
  await client.query('set statement_timeout = 0');
  (client as unknown as { connectionParameters: { query_timeout?: number } }).connectionParameters.query_timeout =
    undefined;
}

/** The pool under a `Db` made by `connect()` (for work that needs one connection of its own). */
export function poolOf(db: Db): pg.Pool {
  const client = (db as Db & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('this database handle has no pool');
  return client;
}
