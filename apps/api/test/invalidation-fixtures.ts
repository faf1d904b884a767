import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/client.ts';
import { startInvalidation } from '../src/lib/invalidation.ts';
import { connectRedis } from '../src/lib/redis.ts';
import { TEST_ADMIN, TEST_JWT_SECRET } from './constants.ts';
import { withDatabase } from './global-setup.ts';

const quiet = { info: () => {}, warn: () => {}, debug: () => {} };

/**
 * Two apps on one database cloned from the template, each with its own pool, bus and transport between
 * them, as two server processes have (server.ts starts the same transport). `env` goes to both
 * (REDIS_URL and REDIS_PREFIX for the Redis transport). `close()` ends both and drops the database.
 */
export async function createTwoApps(env: Record<string, string> = {}) {
  const serverUrl = inject('pgServerUrl');
  const name = `shop_t_${inject('pgRun')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);

  async function one() {
    const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...env });
    const database = connect(url, quiet);
    const redis = connectRedis(config, quiet);
    const app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, redis });
    await app.ready();
    const transport = await startInvalidation(app.invalidation, {
      databaseUrl: url,
      pool: database.pool,
      redis,
      prefix: config.REDIS_PREFIX,
      log: quiet,
    });
    return {
      app,
      pool: database.pool,
      redis,
      async close() {
        await app.close();
        await transport.stop();
        await database.close();
        redis?.disconnect();
      },
    };
  }

  const a = await one();
  const b = await one();
  const login = await a.app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN });
  if (login.statusCode !== 200) throw new Error(`admin sign-in failed: ${login.statusCode} ${login.body}`);
  const staff = { authorization: `Bearer ${(login.json() as { access: string }).access}` };
  return {
    a,
    b,
    staff,
    url,
    async close() {
      await a.close();
      await b.close();
      const c = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
export type TwoApps = Awaited<ReturnType<typeof createTwoApps>>;
type App = TwoApps['a'];

/** A shopper's change on `app` (a quote of an empty cart): 503 while maintenance mode is on. */
export async function quoteStatus(app: App): Promise<number> {
  return (await app.app.inject({ method: 'POST', url: '/api/checkout/quote', payload: {} })).statusCode;
}

/** Turns maintenance mode on or off through `app`'s admin Settings. */
export async function setMaintenance(app: App, staff: Record<string, string>, on: boolean) {
  const current = await app.app.inject({ method: 'GET', url: '/api/admin/settings', headers: staff });
  const res = await app.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: staff,
    payload: { ...(current.json() as object), maintenance_mode: on },
  });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
}

/** Polls `check` every few ms until true or the deadline `boundMs` away; resolves to whether it became true. */
export async function becomes(check: () => Promise<boolean>, boundMs: number): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 5));
  }
  return false;
}
