import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countedLimit } from '../../src/plugins/counted-limit.ts';
import { rateLimitStore } from '../../src/plugins/rate-limit-store.ts';

/**
 * Limits counted in Redis (TEST_REDIS_URL) let exactly `max` of simultaneous requests through, from one
 * process or from two sharing the Redis (docs/adr/032-limits-count-exactly.md). Keys are under a prefix
 * unique to this run, removed afterwards.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: this project runs against a Redis (see scripts/test.mjs)');
const prefix = `shop-test-${randomBytes(6).toString('hex')}:rl:`;
const quiet = { info() {}, warn() {} };

let redis: Redis;
const apps: FastifyInstance[] = [];
beforeAll(() => {
  redis = new Redis(redisUrl);
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function appOnRedis() {
  const app = Fastify();
  apps.push(app);
  await app.register(rateLimit, { global: false, store: rateLimitStore(redis, prefix, quiet) });
  return app;
}

const requestFrom = (ip: string) => ({ ip, routeOptions: { config: {} } }) as unknown as FastifyRequest;
const key = () => randomBytes(4).toString('hex');

describe('rate limits counted in Redis', () => {
  it.each([10, 50])('a counted limit lets exactly max of %i simultaneous calls through', async (calls) => {
    const app = await appOnRedis();
    const name = key();
    const overLimit = countedLimit(app, { max: 5, timeWindow: 60_000 }, 1, () => `counted:${name}`);
    const answers = await Promise.all(Array.from({ length: calls }, () => overLimit(requestFrom('10.0.0.1'))));
    expect(answers.filter((a) => a === undefined)).toHaveLength(5);
    expect(answers.filter((a) => typeof a === 'number' && a > 0)).toHaveLength(calls - 5);
    // Every call was counted once, in Redis (the plugin names a counted limit's keys after no route), and
    // the count expires with its window.
    const [counter, ...others] = await redis.keys(`${prefix}*counted:${name}`);
    expect(others).toEqual([]);
    expect(await redis.get(counter as string)).toBe(String(calls));
    expect(await redis.pttl(counter as string)).toBeGreaterThan(0);
  });

  it('two processes on one Redis share one count: exactly max of their simultaneous calls get through', async () => {
    const [a, b] = [await appOnRedis(), await appOnRedis()];
    const name = key();
    const limits = [a, b].map((app) => countedLimit(app, { max: 7, timeWindow: 60_000 }, 1, () => `shared:${name}`));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (limits[i % 2] as (typeof limits)[0])(requestFrom('10.0.0.2'))),
    );
    expect(answers.filter((a) => a === undefined)).toHaveLength(7);
  });

  it("a route's declared limit answers exactly max of simultaneous requests and 429 to the rest", async () => {
    const app = await appOnRedis();
    const name = key();
    app.get('/limited', { config: { rateLimit: { max: 5, timeWindow: 60_000, keyGenerator: () => name } } }, () => ({
      ok: true,
    }));
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => app.inject({ method: 'GET', url: '/limited', remoteAddress: '10.0.0.3' })),
    ).then((all) => all.map((res) => res.statusCode));
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });
});
