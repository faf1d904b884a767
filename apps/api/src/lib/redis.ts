import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** The longest pause between two attempts to reconnect. */
const MAX_RECONNECT_MS = 5_000;

/**
 * The shop's Redis connection (REDIS_URL), made so that a Redis that refuses, drops or stalls never holds
 * a request: a command fails after REDIS_TIMEOUT_MS instead of waiting, and at once
 * while there is no connection (no offline queue, no retries per command); the connection itself is
 * retried in the background with a growing pause. Callers fall back (rate limits count in memory). An
 * outage is logged once when it starts and once when it ends, not once per reconnect attempt.
 */
export function connectRedis(config: Pick<Config, 'REDIS_URL' | 'REDIS_TIMEOUT_MS'>, log: Log): Redis | undefined {
  if (!config.REDIS_URL) return undefined;
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: config.REDIS_TIMEOUT_MS,
    connectTimeout: Math.max(1_000, config.REDIS_TIMEOUT_MS * 4),
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 6), MAX_RECONNECT_MS),
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message }, 'redis unavailable; rate limits count in this process until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({}, 'redis available again');
  });
  return redis;
}
