import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import pg from 'pg';

/**
 * What a process caches, by the changes that make it stale: `catalog` (listing pages, totals, brand
 * facets, the category menu and its counts — prices, stock, publish flags, reviews), `settings` (the
 * store settings row: maintenance mode, rates, the footer), `content` (the content pages' texts). The
 * page cache keeps each page until one of the topics its route names changes.
 */
export type Topic = 'catalog' | 'settings' | 'content';
export const TOPICS: readonly Topic[] = ['catalog', 'settings', 'content'];

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
}

/** How other processes hear of a change: PostgreSQL NOTIFY or Redis PUBLISH (startInvalidation). */
interface Transport {
  send(payload: string): Promise<void>;
}

/** The last deliveries from other processes, publish to drop (ms): what the bench and tests read. */
export interface InvalidationStats {
  received: number;
  lastMs: number | null;
  maxMs: number | null;
  /** The most recent deliveries (up to 200), oldest first. */
  recentMs: number[];
  /** Every cache dropped because messages may have been missed (the listener reconnected). */
  resyncs: number;
}

const RECENT = 200;
/** After a failed send, how long messages are not sent (caches elsewhere follow by expiry meanwhile). */
const SEND_RETRY_MS = 5_000;

/**
 * Cache invalidation across processes (docs/architecture.md §1: several processes on one database).
 *
 * A cache subscribes to a topic with the function that empties it. A write that makes a topic stale calls
 * `publish(topic)` once its transaction committed: this process's caches are emptied at once (the request
 * that made the change, and the next one, see it), and a message goes out to every other process, which
 * empties its own. The message is sent after the commit, never before (another process refilling its
 * cache from the old rows in between would keep them), and a failed send is logged, not thrown: the
 * change stands, and every cache still has its own short lifetime as the backstop. Until a transport is
 * started (tests that build the app alone) publishing is local. Messages of the process itself are
 * ignored; when the listener reconnects, messages may have been missed, so every cache is emptied.
 */
export function createInvalidation(log?: Log) {
  const self = randomUUID();
  const subscribers = new Map<Topic, Set<() => void>>();
  let transport: Transport | undefined;
  // A failing transport is logged when it starts failing and when it works again, not on every change;
  // after a failure nothing is sent for SEND_RETRY_MS, so an outage (a stalled Redis) costs one wait for
  // the command timeout every few seconds rather than one per order.
  let failing = false;
  let retryAt = 0;
  const stats: InvalidationStats = { received: 0, lastMs: null, maxMs: null, recentMs: [], resyncs: 0 };

  function drop(topic: Topic) {
    for (const empty of subscribers.get(topic) ?? []) {
      try {
        empty();
      } catch (err) {
        log?.warn({ err: (err as Error).message, topic }, 'emptying a cache failed');
      }
    }
  }

  return {
    /** Calls `empty` whenever `topic` changes, here or in another process. Returns the unsubscribe. */
    subscribe(topic: Topic, empty: () => void): () => void {
      const set = subscribers.get(topic) ?? new Set();
      subscribers.set(topic, set);
      set.add(empty);
      return () => set.delete(empty);
    },

    /**
     * `topic` changed (after the commit): empties this process's caches now and tells the others. Never
     * rejects; resolves once the message is handed to the database or Redis.
     */
    async publish(topic: Topic): Promise<void> {
      drop(topic);
      if (!transport || (failing && performance.now() < retryAt)) return;
      const payload = JSON.stringify({ topic, from: self, at: performance.timeOrigin + performance.now() });
      try {
        await transport.send(payload);
        if (failing) log?.info({ topic }, 'other processes hear of changes again');
        failing = false;
      } catch (err) {
        if (!failing) {
          log?.warn(
            { err: (err as Error).message, topic },
            'could not tell other processes of a change: they follow when their caches expire',
          );
        }
        failing = true;
        retryAt = performance.now() + SEND_RETRY_MS;
      }
    },

    /** A message from a transport. */
    receive(payload: string) {
      let message: { topic?: unknown; from?: unknown; at?: unknown };
      try {
        message = JSON.parse(payload);
      } catch {
        return;
      }
      if (message.from === self || !TOPICS.includes(message.topic as Topic)) return;
      drop(message.topic as Topic);
      if (typeof message.at === 'number') {
        const ms = Math.max(0, performance.timeOrigin + performance.now() - message.at);
        stats.received += 1;
        stats.lastMs = ms;
        stats.maxMs = Math.max(stats.maxMs ?? 0, ms);
        stats.recentMs.push(ms);
        if (stats.recentMs.length > RECENT) stats.recentMs.shift();
        log?.debug({ topic: message.topic, latencyMs: Number(ms.toFixed(2)) }, 'invalidation received');
      }
    },

    /** Empties every cache: messages may have been missed. */
    resync() {
      stats.resyncs += 1;
      for (const topic of TOPICS) drop(topic);
    },

    /** Sets (or removes) how messages leave this process. */
    useTransport(next: Transport | undefined) {
      transport = next;
    },

    stats(): InvalidationStats {
      return { ...stats, recentMs: [...stats.recentMs] };
    },
  };
}
export type Invalidation = ReturnType<typeof createInvalidation>;

export interface InvalidationTransportOptions {
  /** The database the shop uses: NOTIFY goes through `pool`, LISTEN has a connection of its own. */
  databaseUrl: string;
  pool: pg.Pool;
  /** When set, Redis pub/sub instead of PostgreSQL: the subscriber is a duplicate of this connection. */
  redis?: Redis;
  /** REDIS_PREFIX: the Redis channel is `<prefix>invalidate`. */
  prefix: string;
  log: Log;
}

/** The PostgreSQL channel; one database is one shop, so the name is fixed. */
export const PG_CHANNEL = 'shop_invalidate';
/** The listener connection's application_name. */
export const LISTENER_NAME = 'shop-invalidation-listener';
/** The longest wait between two attempts to reconnect the listener. */
const MAX_BACKOFF_MS = 5_000;

/**
 * Starts carrying `bus`'s messages between processes: LISTEN on a dedicated connection (not one of the
 * pool's, which come and go) and NOTIFY through the pool, or Redis SUBSCRIBE/PUBLISH when `redis` is given.
 * The listener reconnects with a growing pause (up to 5 s) and empties every cache when it is back.
 * Resolves once the first subscription is in place (or failed: the listener keeps trying).
 */
export async function startInvalidation(bus: Invalidation, opts: InvalidationTransportOptions) {
  return opts.redis ? startRedis(bus, opts.redis, opts) : startPostgres(bus, opts);
}

async function startPostgres(bus: Invalidation, { databaseUrl, pool, log }: InvalidationTransportOptions) {
  let client: pg.Client | undefined;
  let stopped = false;
  let everConnected = false;
  let backoff = 100;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      // What an operator sees in pg_stat_activity.
      application_name: LISTENER_NAME,
    });
    client = next;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (stopped) return;
      log.warn({ err: err?.message }, 'cache invalidation listener lost its connection; reconnecting');
      schedule();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (n) => {
      if (n.channel === PG_CHANNEL && n.payload) bus.receive(n.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${PG_CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    backoff = 100;
    if (everConnected) {
      bus.resync();
      log.info({}, 'cache invalidation listener reconnected; caches emptied');
    }
    everConnected = true;
  }

  function schedule() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, backoff);
    timer.unref();
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  }

  bus.useTransport({
    async send(payload) {
      await pool.query('select pg_notify($1, $2)', [PG_CHANNEL, payload]);
    },
  });
  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      bus.useTransport(undefined);
      await client?.end().catch(() => {});
    },
  };
}

async function startRedis(bus: Invalidation, redis: Redis, { prefix, log }: InvalidationTransportOptions) {
  const channel = `${prefix}invalidate`;
  // Subscribed again on every `ready` (not by ioredis's offline queue, which is off): a reconnect
  // may have missed messages, so caches are emptied then too.
  const sub = redis.duplicate({ autoResubscribe: false });
  let everReady = false;
  let down = false;
  sub.on('error', (err: Error) => {
    if (!down) log.warn({ err: err.message }, 'redis invalidation subscriber lost; caches follow by expiry until back');
    down = true;
  });
  sub.on('message', (ch: string, message: string) => {
    if (ch === channel) bus.receive(message);
  });
  const subscribed = new Promise<void>((resolve) => {
    sub.on('ready', () => {
      sub.subscribe(channel).then(
        () => {
          down = false;
          if (everReady) {
            bus.resync();
            log.info({}, 'cache invalidation subscriber reconnected; caches emptied');
          }
          everReady = true;
          resolve();
        },
        (err: Error) => log.warn({ err: err.message }, 'could not subscribe to cache invalidation'),
      );
    });
    // A Redis that is down at start must not hold the start: the subscription follows when it is back.
    setTimeout(resolve, 2_000).unref();
  });
  bus.useTransport({
    async send(payload) {
      await redis.publish(channel, payload);
    },
  });
  await subscribed;
  return {
    async stop() {
      bus.useTransport(undefined);
      sub.disconnect();
    },
  };
}
export type InvalidationTransport = Awaited<ReturnType<typeof startInvalidation>>;
