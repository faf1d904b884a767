import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { TEST_JWT_SECRET } from './constants.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-restart-'));
const quiet = { info: () => {}, warn: () => {} };
let pg: EmbeddedPostgres | undefined;

afterAll(async () => {
  await pg?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('the pool and readiness survive a database restart at the same address', async () => {
  pg = await startEmbeddedPostgres(dataDir, quiet);
  const port = Number(new URL(pg.url).port);
  const warnings: string[] = [];
  const database = connect(pg.url, { warn: (_o, msg) => warnings.push(String(msg)) });
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, jwtSecret: TEST_JWT_SECRET });
  try {
    // Warm several idle connections so the restart breaks them.
    await Promise.all(Array.from({ length: 4 }, () => database.pool.query('select pg_sleep(0.05)')));
    expect((await app.inject('/api/ready')).statusCode).toBe(200);

    await pg.stop();
    await new Promise((r) => setTimeout(r, 100));
    expect((await app.inject('/api/ready')).statusCode).toBe(503); // down, and the process still answers
    expect((await app.inject('/api/health')).statusCode).toBe(200);

    pg = await startEmbeddedPostgres(dataDir, quiet, { port });
    expect((await app.inject('/api/ready')).statusCode).toBe(200);
    const { rows } = await database.pool.query('select 1 as one');
    expect(rows[0].one).toBe(1);
    expect(warnings.length).toBeGreaterThan(0); // the lost idle connections were reported, not thrown
  } finally {
    await app.close();
    await database.close();
  }
}, 60_000);
