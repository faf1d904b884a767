import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connect, poolSettings } from './db/client.ts';
import { type EmbeddedPostgres, exitForSupervisor, startEmbeddedPostgres } from './db/embedded.ts';
import { applyMigrations } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/index.ts';
import { startInvalidation } from './lib/invalidation.ts';
import { createLogger } from './lib/logger.ts';
import { connectRedis } from './lib/redis.ts';
import { persistentSecret } from './lib/secrets.ts';
import { startSummary } from './lib/start-summary.ts';

/** After the grace period (SHUTDOWN_GRACE_MS): time left for the pool and the database to stop. */
const STOP_MARGIN_MS = 15_000;

/**
 * Starts the shop: database, migrations, seed, HTTP. Stops in reverse order on SIGTERM/SIGINT.
 * `web`: the built web app (`npm start`) or Vite on its sources (`npm run dev`).
 */
export function runShop(web: 'build' | 'dev') {
  main(web).catch((err) => {
    if (err instanceof ConfigError) {
      console.error(err.message);
    } else {
      console.error('The shop could not start:', err);
    }
    process.exit(1);
  });
}

async function main(web: 'build' | 'dev') {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);

  let embedded: EmbeddedPostgres | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(
      config.dataDir,
      { info: (m) => log.info(m), warn: (m) => log.warn(m) },
      // Issue 13 point 3: a postmaster that dies is restarted; if it cannot be, exit for a supervisor.
      { supervise: { onGiveUp: (err) => exitForSupervisor(log, err) } },
    );
    url = embedded.url;
  }
  // Issue 13 point 4: requests wait a bounded time for the database; migrations and the first seed
  // (which may wait for another process's migration lock) run on a connection of their own, unbounded.
  const setup = connect(url, log, { max: 2 });
  const database = connect(url, log, poolSettings(config));
  const summary: Parameters<typeof startSummary>[0] = {
    publicUrl: config.publicUrl,
    publicUrlSet: config.PUBLIC_URL !== undefined,
    dataDir: config.dataDir,
    databaseDir: embedded?.dataDir,
    cardProvider: config.cardProvider,
  };
  try {
    await applyMigrations(setup.pool);
    const { seeded, firstAdmin } = await seedIfEmpty(setup.db, {
      mode: config.SEED,
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      log: { info: (m) => log.info(m), warn: (m) => log.warn(m) },
    });
    if (seeded) log.info(`seeded an empty database (SEED=${config.SEED})`);
    summary.firstAdmin = firstAdmin;
  } catch (err) {
    // Leave no database running behind a failed start.
    await database.close().catch(() => {});
    await embedded?.stop();
    throw err;
  } finally {
    await setup.close().catch(() => {});
  }

  const redis = connectRedis(config, log);

  const app = await buildApp({
    config,
    database,
    jwtSecret: config.JWT_SECRET ?? persistentSecret(config.dataDir, 'jwt-secret'),
    redis,
    logger: log,
    web: web === 'dev' ? 'dev' : true,
  });
  // Issue 13 point 1: charges a crash left without an outcome are settled with the gateway before serving.
  await app.services.orders
    .reconcileUnsettledCharges()
    .then((n) => n > 0 && log.info(`settled ${n} card payment(s) left unsettled by a crash`))
    .catch((err: Error) => log.warn({ err: err.message }, 'settling unsettled charges failed'));
  // Issue 13 point 10: other processes' changes empty this one's caches (LISTEN/NOTIFY, or Redis pub/sub).
  const invalidation = await startInvalidation(app.invalidation, {
    databaseUrl: url,
    pool: database.pool,
    redis,
    prefix: config.REDIS_PREFIX,
    log,
  });
  // Issue 13: mail, the unpaid-order sweeps, reminders and retention are durable jobs (ADR 021), started
  // before serving so readiness covers them; the runner stops (running jobs finish) in app.close(),
  // before the pool closes.
  if (config.JOBS === 'on') {
    await app.jobs.start();
    app.services.health.watchJobs(app.jobs.state);
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  // Issue 11 point 3: one short summary for a person (the admin's generated password boxed, first start
  // only); issue 10 point 11: links are never built from a request's Host, so a missing PUBLIC_URL shows.
  // After the log lines written so far, so the summary is the last thing on the screen.
  await new Promise<void>((resolve) => log.flush(() => resolve()));
  process.stdout.write(startSummary(summary));

  // Issue 13 point 5: stop in reverse order of start. HTTP first: the listener closes at once and the
  // requests in flight finish (plugins/drain.ts); then what they used — the pool, Redis, the database.
  // A client still holding a connection after the grace period is cut off; a stop that still hangs
  // STOP_MARGIN_MS later exits 1 for the supervisor to see.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping`);
    const grace = config.SHUTDOWN_GRACE_MS;
    setTimeout(() => app.server.closeAllConnections(), grace).unref();
    setTimeout(() => process.exit(1), grace + STOP_MARGIN_MS).unref();
    try {
      await app.close();
      await invalidation.stop();
      await database.close();
      redis?.disconnect();
      await embedded?.stop();
    } catch (err) {
      log.error({ err }, 'the shop did not stop cleanly');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
