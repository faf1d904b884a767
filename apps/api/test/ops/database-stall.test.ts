import { afterAll, describe, expect, it } from 'vitest';
import { freezeCluster, guestCheckout, orderableProduct, unavailableAnswer } from './db-faults.ts';
import { startDatabaseServer, startShop, stopEverything, waitFor } from './harness.ts';

/**
 * A stalled database (every PostgreSQL process stopped with SIGSTOP) held every request
 * for the whole stall, `/api/ready` included — nothing in the shop had a timeout. Now with the timeouts as
 * settings (small here: a connection within 1 s, a statement within 1.5 s), requests and readiness answer
 * 503 while the database is still frozen, and the shop serves again once it thaws.
 *
 * No duration of our code is asserted: the database stays frozen until every answer has arrived, and the
 * test fails if any answer came only after the thaw. The thaw happens at the latest after STALL_LIMIT_MS —
 * far above the configured timeouts (a fault bound, so a loaded machine cannot fail a correct shop), and
 * far below forever, which is how long the shop without timeouts waits.
 */
const STALL_LIMIT_MS = 30_000;

afterAll(stopEverything);

describe('the database stalls (SIGSTOP of the whole cluster)', () => {
  it('requests and readiness answer 503 while it is frozen; it serves again after SIGCONT', async () => {
    const server = await startDatabaseServer();
    const shop = await startShop({
      databaseUrl: await server.createDatabase(),
      env: { RATE_LIMIT_SCALE: '1000', DB_CONNECT_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '1500' },
    });
    const { id, ids } = await orderableProduct(shop);
    // Open pooled connections, as a shop in use has: requests that take one must not wait for the thaw either.
    await Promise.all(ids.slice(0, 8).map((p) => shop.api(`products/${p}`)));
    expect((await guestCheckout(shop, id)).status).toBe(201);
    const unseen = ids.slice(8, 12);

    const cluster = freezeCluster(server.pid);
    const limit = setTimeout(() => cluster.thaw(), STALL_LIMIT_MS);
    try {
      const answeredWhileFrozen = async (request: Promise<Response>) => {
        const res = await request;
        const frozen = cluster.frozen();
        return { frozen, ...(await unavailableAnswer(res)) };
      };
      const stalled = {
        frozen: true,
        status: 503,
        retryAfter: true,
        body: { message: expect.any(String), code: 'SERVICE_UNAVAILABLE' },
      };
      const answers = await Promise.all([
        answeredWhileFrozen(guestCheckout(shop, id)),
        answeredWhileFrozen(guestCheckout(shop, id)),
        ...unseen.map((p) => answeredWhileFrozen(shop.api(`products/${p}`))),
        answeredWhileFrozen(shop.api('ready')),
      ]);
      expect(answers.slice(0, -1)).toEqual(answers.slice(0, -1).map(() => stalled));
      expect(answers.at(-1)).toEqual({
        frozen: true,
        status: 503,
        retryAfter: true,
        // The job runner's connection is open to a frozen server: it has no reason to think it stopped.
        body: { status: 'unavailable', database: 'unreachable', jobs: 'running' },
      });
      // The product page: the error page, answered while frozen.
      const page = await fetch(`${shop.url}/products/${unseen[0]}`);
      expect([cluster.frozen(), page.status, page.headers.get('retry-after')]).toEqual([
        true,
        503,
        expect.stringMatching(/^\d+$/),
      ]);
      const health = await shop.api('health');
      expect([cluster.frozen(), health.status, await health.json()]).toEqual([
        true,
        200,
        { status: 'degraded', database: 'unreachable' },
      ]);
    } finally {
      clearTimeout(limit);
      cluster.thaw();
    }

    await waitFor('readiness after the thaw', async () => (await shop.api('ready')).status === 200);
    expect((await guestCheckout(shop, id)).status).toBe(201);
    for (const p of unseen) expect((await shop.api(`products/${p}`)).status).toBe(200);
    expect((await fetch(`${shop.url}/products/${unseen[0]}`)).status).toBe(200);
  });
});

describe('requests in flight when the database stalls', () => {
  it('answer 503 once readiness finds the database down, not when their own statement bound ends', async () => {
    const server = await startDatabaseServer();
    // A statement bound far above the stall: the requests in flight can only answer while the database is
    // still frozen if the shop ends them itself once its probe knows the database is down.
    const shop = await startShop({
      databaseUrl: await server.createDatabase(),
      env: {
        RATE_LIMIT_SCALE: '1000',
        DB_CONNECT_TIMEOUT_MS: '1000',
        DB_STATEMENT_TIMEOUT_MS: String(STALL_LIMIT_MS * 4),
      },
    });
    const { id, ids } = await orderableProduct(shop);
    await Promise.all(ids.slice(0, 8).map((p) => shop.api(`products/${p}`)));
    expect((await guestCheckout(shop, id)).status).toBe(201);
    const unseen = ids.slice(8, 14);

    const cluster = freezeCluster(server.pid);
    const limit = setTimeout(() => cluster.thaw(), STALL_LIMIT_MS);
    try {
      const answeredWhileFrozen = async (request: Promise<Response>) => {
        const res = await request;
        const frozen = cluster.frozen();
        return { frozen, ...(await unavailableAnswer(res)) };
      };
      const inFlight = [
        answeredWhileFrozen(guestCheckout(shop, id)),
        answeredWhileFrozen(guestCheckout(shop, id)),
        ...unseen.map((p) => answeredWhileFrozen(shop.api(`products/${p}`))),
      ];
      // A load balancer's readiness checks: the shop's own probe finds the database down.
      await waitFor('readiness to say the database is down', async () => (await shop.api('ready')).status === 503);
      const answers = await Promise.all(inFlight);
      expect(answers).toEqual(
        answers.map(() => ({
          frozen: true,
          status: 503,
          retryAfter: true,
          body: { message: expect.any(String), code: 'SERVICE_UNAVAILABLE' },
        })),
      );
    } finally {
      clearTimeout(limit);
      cluster.thaw();
    }

    await waitFor('readiness after the thaw', async () => (await shop.api('ready')).status === 200);
    expect((await guestCheckout(shop, id)).status).toBe(201);
  });
});
