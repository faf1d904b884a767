import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { TEST_JWT_SECRET } from './constants.ts';

/**
 * Once a request has found the database unreachable, the next ones answer 503 at once
 * (without each waiting out its own timeouts), and the shop serves again by itself when a probe finds the
 * database back. The state is the Database's `unreachable()`; no request of the test waits for it.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-gate-'));
const quiet = { info: () => {}, warn: () => {} };
let pg: EmbeddedPostgres | undefined;

afterAll(async () => {
  await pg?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('a request that finds the database gone closes the gate; a probe that finds it back opens it', async () => {
  pg = await startEmbeddedPostgres(dataDir, quiet);
  const port = Number(new URL(pg.url).port);
  const database = connect(pg.url, { warn: () => {} }, { connectTimeoutMs: 2_000, statementTimeoutMs: 5_000 });
  const { applyMigrations } = await import('../src/db/migrate.ts');
  await applyMigrations(database.pool);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, jwtSecret: TEST_JWT_SECRET });
  try {
    expect((await app.inject('/api/products?limit=1')).statusCode).toBe(200);
    expect(database.unreachable()).toBe(false);

    await pg.stop();
    const first = await app.inject('/api/products?limit=2');
    expect([first.statusCode, first.headers['retry-after'], first.json().code]).toEqual([
      503,
      '5',
      'SERVICE_UNAVAILABLE',
    ]);
    expect(database.unreachable()).toBe(true);
    // Answered by the gate: the same answer, and the pool is not even asked for a connection.
    const pool = database.pool as unknown as { connect: (...args: unknown[]) => unknown };
    const connectOfPool = pool.connect;
    let asked = 0;
    pool.connect = (...args: unknown[]) => {
      asked++;
      return connectOfPool.apply(database.pool, args);
    };
    const gated = await app.inject({ method: 'GET', url: '/api/categories' });
    expect(asked).toBe(0);
    expect([gated.statusCode, gated.headers['retry-after'], gated.json().code]).toEqual([
      503,
      '5',
      'SERVICE_UNAVAILABLE',
    ]);
    // Health and readiness still probe for themselves.
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'degraded', database: 'unreachable' });
    expect((await app.inject('/api/ready')).statusCode).toBe(503);

    pg = await startEmbeddedPostgres(dataDir, quiet, { port });
    // The gate's own probe (every half second while closed) finds the database back, with no request asking.
    await expect.poll(() => database.unreachable(), { timeout: 20_000, interval: 100 }).toBe(false);
    expect((await app.inject('/api/categories')).statusCode).toBe(200);
    expect(asked).toBeGreaterThan(0);
    expect((await app.inject('/api/ready')).statusCode).toBe(200);
  } finally {
    await app.close();
    await database.close();
  }
}, 60_000);
