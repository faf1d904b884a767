import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../../src/modules/auth/rate-limits.ts';
import { becomes, createTwoApps, quoteStatus, setMaintenance, type TwoApps } from '../invalidation-fixtures.ts';

/**
 * On the machine's Redis (TEST_REDIS_URL; CI sets it when `redis-cli ping`
 * answers, and runs this project only then). Two apps on one database with REDIS_URL set, as two server
 * processes: invalidation travels by Redis pub/sub, rate limits are counted in Redis, and everything the
 * shop writes there is under its REDIS_PREFIX — unique to this run, and removed afterwards.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: this project runs against a Redis (see scripts/test.mjs)');
const prefix = `shop-test-${randomBytes(6).toString('hex')}:`;
/** A deadline for polling, far above the rule's 100 ms, far below the 5 s the settings cache would keep. */
const VISIBLE_MS = 2_000;

let t: TwoApps;
let observer: Redis;
const messages: string[] = [];
beforeAll(async () => {
  observer = new Redis(redisUrl);
  await observer.subscribe(`${prefix}invalidate`);
  observer.on('message', (_channel: string, message: string) => messages.push(message));
  t = await createTwoApps({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
});
afterAll(async () => {
  await t?.close();
  await observer.quit();
  const cleaner = new Redis(redisUrl);
  const keys = await cleaner.keys(`${prefix}*`);
  if (keys.length > 0) await cleaner.del(...keys);
  await cleaner.quit();
});

describe('several processes sharing one Redis', () => {
  it('a change through A reaches B over Redis pub/sub, on the channel under REDIS_PREFIX', async () => {
    expect(await quoteStatus(t.b)).not.toBe(503);
    const before = t.b.app.invalidation.stats().received;
    await setMaintenance(t.a, t.staff, true);
    expect(await becomes(async () => (await quoteStatus(t.b)) === 503, VISIBLE_MS)).toBe(true);
    expect(t.b.app.invalidation.stats().received).toBeGreaterThan(before);
    expect(messages.map((m) => JSON.parse(m).topic)).toContain('settings');
    await setMaintenance(t.a, t.staff, false);
    expect(await becomes(async () => (await quoteStatus(t.b)) !== 503, VISIBLE_MS)).toBe(true);
  });

  it('counts sign-in limits in Redis for both processes, under REDIS_PREFIX only', async () => {
    const wrong = { email: 'nobody-redis@example.com', password: 'Not-The-Passw0rd' };
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_RATE_LIMITS.login.max; i++) {
      const app = i % 2 === 0 ? t.a : t.b;
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: wrong,
        remoteAddress: '10.99.0.1',
      });
      statuses.push(res.statusCode);
    }
    // Split over two processes, the attempts still meet one limit.
    expect(statuses).toEqual([...Array(AUTH_RATE_LIMITS.login.max).fill(401), 429]);
    const keys = await t.a.redis!.keys(`${prefix}*`);
    expect(keys.some((k) => k.startsWith(`${prefix}rl:`))).toBe(true);
  });
});
