import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Behind a load balancer every request comes from the balancer's address. With
 * TRUST_PROXY naming it, each shopper is known by the X-Forwarded-For it adds and gets a rate-limit
 * bucket of their own; without it — or from anyone else — X-Forwarded-For is ignored.
 */
const PROXY = '10.20.0.2';
const DIRECT_CLIENT = '203.0.113.50';

const report = (t: TestApp, from: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/error-reports',
    remoteAddress: from,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { error_id: 'ERR-PROXY1-TEST01', message: 'Boom', path: '/' },
  });

/** Uses up the error-report limit of one bucket, answering how many reports it took. */
async function exhaust(t: TestApp, from: string, forwardedFor?: string): Promise<number> {
  const first = await report(t, from, forwardedFor);
  expect(first.statusCode).toBe(201);
  const limit = Number(first.headers['x-ratelimit-limit']);
  for (let i = 1; i < limit; i++) expect((await report(t, from, forwardedFor)).statusCode).toBe(201);
  return limit;
}
const expectLimited = (res: Response) => expect([res.statusCode, res.json().code]).toEqual([429, 'RATE_LIMITED']);

describe('TRUST_PROXY', () => {
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp({ env: { TRUST_PROXY: `${PROXY}, fd00::/8` } });
    direct = await createTestApp();
  });
  afterAll(async () => {
    await behindProxy?.close();
    await direct?.close();
  });

  it('gives each shopper behind the named proxy a bucket of their own', async () => {
    await exhaust(behindProxy, PROXY, '198.51.100.1');
    expectLimited(await report(behindProxy, PROXY, '198.51.100.1'));
    // Another shopper through the same proxy is not held back by the first.
    expect((await report(behindProxy, PROXY, '198.51.100.2')).statusCode).toBe(201);
    // A chain ending in the proxy: the address the proxy saw counts, not what the client claimed.
    expect((await report(behindProxy, PROXY, '198.51.100.1, 198.51.100.3')).statusCode).toBe(201);
  });

  it('ignores X-Forwarded-For from anyone but the named proxy', async () => {
    await exhaust(behindProxy, DIRECT_CLIENT, '198.51.100.9');
    // Naming a fresh address does not buy a fresh bucket.
    expectLimited(await report(behindProxy, DIRECT_CLIENT, '198.51.100.10'));
    expectLimited(await report(behindProxy, DIRECT_CLIENT));
  });

  it('without TRUST_PROXY, every shopper behind a proxy shares its one bucket (the setting’s reason)', async () => {
    await exhaust(direct, PROXY, '198.51.100.1');
    expectLimited(await report(direct, PROXY, '198.51.100.2'));
  });
});
