import rateLimit from '@fastify/rate-limit';
import fc from 'fast-check';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { countedLimit } from './counted-limit.ts';
import { rateLimitStore } from './rate-limit-store.ts';

// Every limit of the shop counts in the store app.ts gives @fastify/rate-limit: requests on one key
// that arrive together must let exactly `max` through (docs/adr/032-limits-count-exactly.md).

const quiet = { info() {}, warn() {} };

/** A Redis whose every command fails, so the store counts in this process (its fallback). */
function downRedis(): Redis {
  const redis: Record<string, unknown> = {
    defineCommand(name: string) {
      redis[name] = (...args: unknown[]) => (args.at(-1) as (err: Error) => void)(new Error('connection refused'));
    },
  };
  return redis as unknown as Redis;
}

const stores = {
  'in memory': () => rateLimitStore(undefined, 'test:', quiet),
  'in memory while Redis is down': () => rateLimitStore(downRedis(), 'test:', quiet),
};

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function appWith(store: (typeof stores)[keyof typeof stores]) {
  const app = Fastify();
  apps.push(app);
  await app.register(rateLimit, { global: false, store: store() });
  return app;
}

/** A request as the plugin reads it when a limit is checked by hand (countedLimit). */
const requestFrom = (ip: string) => ({ ip, routeOptions: { config: {} } }) as unknown as FastifyRequest;

describe.each(Object.entries(stores))('rate limits counted %s', (_name, store) => {
  it('a counted limit lets exactly max of many simultaneous calls through', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 10, max: 50 }), async (max, calls) => {
        const app = await appWith(store);
        const overLimit = countedLimit(app, { max, timeWindow: 60_000 }, 1, (r) => `counted:${r.ip}`);
        const answers = await Promise.all(Array.from({ length: calls }, () => overLimit(requestFrom('10.0.0.1'))));
        expect(answers.filter((retryAfter) => retryAfter === undefined)).toHaveLength(max);
        expect(answers.filter((retryAfter) => typeof retryAfter === 'number' && retryAfter > 0)).toHaveLength(
          calls - max,
        );
      }),
      { numRuns: 15 },
    );
  });

  it('a counted limit called one after another: max allowed, then refused', async () => {
    const app = await appWith(store);
    const overLimit = countedLimit(app, { max: 5, timeWindow: 60_000 }, 1, (r) => `counted:${r.ip}`);
    const answers: (number | undefined)[] = [];
    for (let i = 0; i < 10; i++) answers.push(await overLimit(requestFrom('10.0.0.2')));
    expect(answers.map((a) => a === undefined)).toEqual([...Array(5).fill(true), ...Array(5).fill(false)]);
  });

  it("a route's declared limit answers exactly max of simultaneous requests and 429 to the rest", async () => {
    const app = await appWith(store);
    app.get('/limited', { config: { rateLimit: { max: 5, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => app.inject({ method: 'GET', url: '/limited', remoteAddress: '10.0.0.3' })),
    ).then((all) => all.map((res) => res.statusCode));
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  it('counts each key apart: simultaneous calls on two keys get max each', async () => {
    const app = await appWith(store);
    const overLimit = countedLimit(app, { max: 3, timeWindow: 60_000 }, 1, (r) => `counted:${r.ip}`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => overLimit(requestFrom(i % 2 === 0 ? '10.0.1.1' : '10.0.1.2'))),
    );
    const allowed = (parity: number) => answers.filter((a, i) => i % 2 === parity && a === undefined).length;
    expect([allowed(0), allowed(1)]).toEqual([3, 3]);
  });
});
