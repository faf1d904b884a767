import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Counted) => void;

/** The store interface of @fastify/rate-limit 11 (its own LocalStore and RedisStore have it). */
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max?: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface RouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo: { method: string; url: string };
}
type StoreOptions = Omit<RouteOptions, 'routeInfo'>;

// The plugin's own stores (CommonJS, no typings of their own): Redis counts with its Lua script, the
// local one as the plugin does without Redis.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  cache?: number,
) => Store;

/**
 * A store whose answers are copies taken when the store answers. The plugin's LocalStore answers with
 * its live counter object and the plugin reads it only after an `await`: requests on one key that
 * arrive together all read the count the last of them left, so ten at once on a limit of five were all
 * refused (docs/adr/032-limits-count-exactly.md). A copy taken in the callback is the count this
 * request made, so exactly `max` get through however many arrive at once.
 */
function snapshotting(store: Store): Store {
  const copy =
    (method: 'incr' | 'read') =>
    (key: string, cb: Callback, timeWindow: number, max: number): void => {
      store[method](
        key,
        (err, result) => cb(err, result && { current: result.current, ttl: result.ttl }),
        timeWindow,
        max,
      );
    };
  return {
    incr: copy('incr'),
    read: copy('read'),
    child: (routeOptions) => snapshotting(store.child(routeOptions)),
  };
}

/** The store of every rate limit in this process when there is no Redis: the plugin's, counted exactly. */
export function localStore(): FastifyRateLimitStoreCtor {
  return function ExactLocalStore(this: unknown, options: StoreOptions): Store {
    return snapshotting(new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache));
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * The `store` option of @fastify/rate-limit for this app: Redis with the local fallback when Redis is
 * configured, else this process's memory; either counts exactly under concurrency.
 */
export function rateLimitStore(redis: Redis | undefined, nameSpace: string, log: Log): FastifyRateLimitStoreCtor {
  return redis ? redisWithLocalFallback(redis, nameSpace, log) : localStore();
}

/** After a failed Redis command, limits count in memory for this long before Redis is tried again. */
export const REDIS_RETRY_AFTER_MS = 5_000;

/**
 * A rate-limit store that counts in Redis and, while Redis fails or does not answer in time (the
 * connection's command timeout), counts in this process's memory instead: sign-in and
 * every other limit keep answering 429/401/200 as the limits decide, never 500 and never hanging. A
 * failure is logged once per outage; for REDIS_RETRY_AFTER_MS after one, requests count in memory
 * without asking Redis, so an outage costs one command timeout every few seconds rather than one per
 * request. Counts taken in memory are not carried over to Redis when it is back: limits are per process
 * for the length of the outage.
 */
export function redisWithLocalFallback(redis: Redis, nameSpace: string, log: Log): FastifyRateLimitStoreCtor {
  let localUntil = 0;
  let degraded = false;
  const failed = (err: Error) => {
    localUntil = performance.now() + REDIS_RETRY_AFTER_MS;
    if (degraded) return;
    degraded = true;
    log.warn({ err: err.message }, 'redis rate-limit store failed: limits count in this process until it answers');
  };
  const answered = () => {
    if (!degraded) return;
    degraded = false;
    log.info({}, 'redis rate-limit store answers again');
  };

  function pair(remote: Store, local: Store): Store {
    const run =
      (method: 'incr' | 'read') =>
      (key: string, cb: Callback, timeWindow: number, max: number): void => {
        if (performance.now() < localUntil) {
          local[method](key, cb, timeWindow, max);
          return;
        }
        remote[method](
          key,
          (err, result) => {
            if (!err) {
              answered();
              cb(null, result);
              return;
            }
            failed(err);
            local[method](key, cb, timeWindow, max);
          },
          timeWindow,
          max,
        );
      };
    return {
      incr: run('incr'),
      read: run('read'),
      child: (routeOptions) => pair(remote.child(routeOptions), local.child(routeOptions)),
    };
  }

  // @fastify/rate-limit constructs `store` with `new` and its global options (a constructor that returns
  // an object gives that object). Its typings name only `incr` and `child`; `read` is there too.
  return function FallbackStore(this: unknown, options: StoreOptions): Store {
    // Redis answers every call with an array of its own (its Lua script counts atomically); the local
    // fallback needs the copy.
    return pair(
      new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
      snapshotting(new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache)),
    );
  } as unknown as FastifyRateLimitStoreCtor;
}
