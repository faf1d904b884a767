import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { notFound, unauthorized } from '../errors.ts';
import type { Metrics } from '../lib/metrics.ts';

/**
 * Request durations in seconds: API answers take milliseconds, pages tens of them, a stalled
 * database seconds (the last buckets show a stall, not a slow route).
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route a request is counted under: its pattern (`/api/products/:id`), never its URL, so the
 * number of series stays bounded whatever clients ask for. Pages are rendered by the not-found
 * handler (web/plugin.ts) and count as one route, as does every address nothing serves.
 */
function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined && !request.is404) return pattern;
  return request.url.startsWith('/api/') ? '(unknown api route)' : '(page)';
}

/** Equal in constant time (the lengths of the digests are equal whatever was sent). */
function sameSecret(sent: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * `GET /metrics` in Prometheus' format — requests per route, method and
 * status class with their durations (rate = the histogram's `_count`), the database pool's use, the
 * shop's own counters (orders placed) and Node's process metrics. Behind METRICS_TOKEN (a scraper's
 * `Authorization: Bearer …`); without the setting the address does not exist (404).
 */
export async function registerMetrics(
  app: FastifyInstance,
  { metrics, pool, token }: { metrics: Metrics; pool: pg.Pool; token: string | undefined },
) {
  const requests = metrics.histogram(
    'shop_http_request_duration_seconds',
    'HTTP requests by route pattern, method and status class, and how long they took',
    ['route', 'method', 'status_class'],
    DURATION_BUCKETS,
  );
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      { route: routeOf(request), method: request.method, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    done();
  });
  metrics.gauge(
    'shop_db_pool_connections',
    'Database pool connections: total open, idle, and requests waiting for one',
    () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    'state',
  );

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw notFound(`No route GET /metrics`);
    const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (sent === undefined || !sameSecret(sent, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('A valid metrics token is required');
    }
    reply.header('content-type', metrics.registry.contentType);
    reply.header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}
