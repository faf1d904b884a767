import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { manualClock } from '../src/lib/clock.ts';
import type { Mailer } from '../src/lib/mailer.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import type { PaymentProvider } from '../src/modules/payments/index.ts';
import { TEST_JWT_SECRET } from './constants.ts';
import { withDatabase } from './global-setup.ts';

/**
 * A fresh database cloned from the seeded template, and the app built on it (no port). Call
 * `close()` in afterAll; it drops the database. `mailer` replaces the outbox mailer.
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    web?: boolean;
    logger?: FastifyBaseLogger;
    mailer?: Mailer;
    /** A card provider of the test's own (a Stripe client with short timeouts); else the config's. */
    paymentProvider?: PaymentProvider | null;
  } = {},
) {
  const serverUrl = inject('pgServerUrl');
  const name = `shop_t_${inject('pgRun')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();

  const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...opts.env });
  const database = connect(withDatabase(serverUrl, name), { warn: () => {} });
  const clock = manualClock();
  const app = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    clock,
    web: opts.web,
    logger: opts.logger,
    mailer: opts.mailer,
    ...(opts.paymentProvider !== undefined ? { paymentProvider: opts.paymentProvider } : {}),
  });
  await app.ready();

  return {
    app,
    db: database.db,
    pool: database.pool,
    clock,
    /**
     * Waits for the work the app runs after answering (mail behind forms), then runs
     * every job due now (mail sending): the test app starts no runner of its own.
     */
    async drain() {
      await app.background.drain();
      await app.jobs.drain();
      // graphile-worker writes a job's success or failure without awaiting it before runOnce returns: wait
      // until no job is locked any more, so a second drain (a retry) finds the job due again.
      for (let i = 0; i < 250; i++) {
        const { rows } = await database.pool.query<{ locked: boolean }>(
          'select exists (select 1 from graphile_worker._private_jobs where locked_at is not null) as locked',
        );
        if (!rows[0]?.locked) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      await app.close();
      await database.close();
      const c = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let counter = 0;
/** A user inserted directly (password 'Passw0rd!'), for tests that are not about registration. */
export async function createUser(t: TestApp, overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = `${Date.now().toString(36)}${++counter}`;
  const password = 'Passw0rd!';
  const [user] = await t.db
    .insert(users)
    .values({
      email: `user${n}@example.com`,
      username: `user${n}`,
      firstName: 'Test',
      lastName: 'User',
      passwordHash: await hashPassword(password),
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { ...user, password };
}

let loginCounter = 0;
/**
 * Signs in through the API and returns the token set and a ready Authorization header. Each call comes
 * from its own address, so the per-address sign-in limit never interferes with what a test is about.
 */
export async function login(t: TestApp, email: string, password: string) {
  loginCounter += 1;
  const remoteAddress = `10.250.${(loginCounter >> 8) & 255}.${loginCounter & 255}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { access: string; refresh: string };
  return { ...body, headers: { authorization: `Bearer ${body.access}` } };
}
