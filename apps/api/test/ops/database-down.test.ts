import { afterAll, describe, expect, it } from 'vitest';
import {
  guestCheckout,
  orderableProduct,
  postmasterPid,
  restartableDatabase,
  stopDatabases,
  unavailableAnswer,
} from './db-faults.ts';
import { alive, startShop, stopEverything, tempDir, waitFor } from './harness.ts';

/**
 * With the database down, checkout answered 500 INTERNAL_ERROR, `/api/health` said all
 * was well, and an embedded postmaster that died stayed dead. Now every answer that needs the database is
 * 503 with Retry-After in the shop's error format (pages: the error page), health and readiness say the
 * database is unreachable, the shop serves again once it is back, and the server restarts its own
 * embedded database.
 */
afterAll(async () => {
  await stopEverything();
  await stopDatabases();
});

const UNAVAILABLE = { message: expect.any(String), code: 'SERVICE_UNAVAILABLE' };

describe('the database goes down under a running shop (DATABASE_URL)', () => {
  it('answers 503 with Retry-After everywhere, says so in health, and serves again once it is back', async () => {
    const database = await restartableDatabase();
    const shop = await startShop({ databaseUrl: database.url, env: { RATE_LIMIT_SCALE: '1000' } });
    const { id, ids } = await orderableProduct(shop);
    expect((await guestCheckout(shop, id)).status).toBe(201);
    // A product nobody has asked for yet, so no cache can answer for the database.
    const unseen = ids.find((other) => other !== id) as string;

    await database.stop();

    // The product page, asked first (no API call has failed yet): the web app's error page, 503 with Retry-After.
    const page = await fetch(`${shop.url}/products/${unseen}`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('</html>');
    expect(html).toContain('cannot reach its database');

    expect(await unavailableAnswer(await guestCheckout(shop, id))).toEqual({
      status: 503,
      retryAfter: true,
      body: UNAVAILABLE,
    });
    expect(await unavailableAnswer(await shop.api(`products/${unseen}`))).toEqual({
      status: 503,
      retryAfter: true,
      body: UNAVAILABLE,
    });

    // Liveness stays up (restarting the shop would not bring the database back) and says why it is degraded;
    // readiness takes the process out of a load balancer's rotation.
    const health = await shop.api('health');
    expect([health.status, await health.json()]).toEqual([200, { status: 'degraded', database: 'unreachable' }]);
    const ready = await shop.api('ready');
    expect([ready.status, ready.headers.get('retry-after'), await ready.json()]).toEqual([
      503,
      expect.stringMatching(/^\d+$/),
      // The job runner loses its connection with the database, or has not noticed yet.
      { status: 'unavailable', database: 'unreachable', jobs: expect.stringMatching(/^(running|stopped)$/) },
    ]);

    await database.start();
    await waitFor('readiness after the database is back', async () => (await shop.api('ready')).status === 200);
    expect((await guestCheckout(shop, id)).status).toBe(201);
    expect((await shop.api(`products/${unseen}`)).status).toBe(200);
    expect((await fetch(`${shop.url}/products/${unseen}`)).status).toBe(200);
    expect(await (await shop.api('health')).json()).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('the embedded postmaster dies (kill -9)', () => {
  it('the server starts it again by itself and serves again', async () => {
    const dataDir = tempDir('data');
    const shop = await startShop({ dataDir, env: { RATE_LIMIT_SCALE: '1000' } });
    const { id } = await orderableProduct(shop);
    const first = postmasterPid(dataDir) as number;
    expect(alive(first)).toBe(true);

    process.kill(first, 'SIGKILL');

    const second = await waitFor(
      'a new postmaster',
      () => {
        const pid = postmasterPid(dataDir);
        return pid !== undefined && pid !== first && alive(pid) ? pid : undefined;
      },
      { timeoutMs: 90_000 },
    );
    await waitFor('readiness after the restart', async () => (await shop.api('ready')).status === 200, {
      timeoutMs: 90_000,
    });
    expect(second).not.toBe(first);
    expect(shop.child.exitCode).toBe(null);
    expect((await guestCheckout(shop, id)).status).toBe(201);
    expect(await (await shop.api('health')).json()).toEqual({ status: 'ok', database: 'up' });
    expect(shop.output()).toMatch(/PostgreSQL \(pid \d+\) stopped unexpectedly \(killed by SIGKILL\): restarting it/);
    expect(shop.output()).toMatch(/PostgreSQL restarted on 127\.0\.0\.1:\d+ \(pid \d+/);
  });
});
