import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connect, poolSettings } from './db/client.ts';
import { type EmbeddedPostgres, exitForSupervisor, startEmbeddedPostgres } from './db/embedded.ts';
import { applyMigrations } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/index.ts';
import { startInvalidation } from './lib/invalidation.ts';
import { createLogger, logStrayRejections } from './lib/logger.ts';
import { connectRedis } from './lib/redis.ts';
import { persistentSecret } from './lib/secrets.ts';
import { runShutdown, type ShutdownPhase } from './lib/shutdown.ts';
import { startSummary } from './lib/start-summary.ts';
import { payLaterOffered } from './modules/settings/index.ts';

/** After the last phase's bound: how long the watchdog waits before it stops the database and exits 1. */
const WATCHDOG_MARGIN_MS = 2_000;
/** The watchdog's wait for the database's fast shutdown before it asks for an immediate one. */
const WATCHDOG_DATABASE_MS = 5_000;

/**
 * The phases of a stop and the bound of each (lib/shutdown.ts). The database gets a little more than
 * db/embedded.ts's own wait for a fast shutdown before it asks for an immediate one.
 */
export function shutdownPhases(steps: {
  grace: number;
  http: () => Promise<unknown>;
  jobs: () => Promise<unknown>;
  background: () => Promise<unknown>;
  invalidation: () => Promise<unknown>;
  pool: () => Promise<unknown>;
  redis: () => unknown;
  database: () => Promise<unknown> | undefined;
}): ShutdownPhase[] {
  return [
    { name: 'http', timeoutMs: steps.grace + 2_000, run: steps.http },
    { name: 'jobs', timeoutMs: 5_000, run: steps.jobs },
    { name: 'background tasks', timeoutMs: 3_000, run: steps.background },
    { name: 'invalidation', timeoutMs: 2_000, run: steps.invalidation },
    { name: 'pool', timeoutMs: 3_000, run: steps.pool },
    { name: 'redis', timeoutMs: 1_000, run: steps.redis },
    { name: 'database', timeoutMs: 12_000, run: steps.database },
  ];
}

function totalBound(phases: ShutdownPhase[]): number {
  return phases.reduce((sum, p) => sum + p.timeoutMs, 0);
}

/**
 * The last resort of a stop: asks the embedded PostgreSQL for a fast shutdown (an immediate one if it
 * has not ended WATCHDOG_DATABASE_MS later), so no database is left running behind the process, then
 * exits 1.
 */
async function watchdogExit(log: ReturnType<typeof createLogger>, embedded: EmbeddedPostgres | undefined) {
  log.error('shutdown: the phases did not end in time; stopping the database and exiting 1');
  if (embedded) await stopDatabaseNow(embedded);
  log.flush(() => process.exit(1));
  setTimeout(() => process.exit(1), 1_000).unref();
}

/** Fast shutdown of the embedded PostgreSQL; an immediate one if it has not ended WATCHDOG_DATABASE_MS later. */
async function stopDatabaseNow(embedded: EmbeddedPostgres) {
  const pid = embedded.pid;
  embedded.signal('SIGINT');
  const deadline = Date.now() + WATCHDOG_DATABASE_MS;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) embedded.signal('SIGQUIT');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

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
  logStrayRejections(log);

  let embedded: EmbeddedPostgres | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(
      config.dataDir,
      { info: (m) => log.info(m), warn: (m) => log.warn(m) },
      // A postmaster that dies is restarted; if it cannot be, exit for a supervisor.
      { supervise: { onGiveUp: (err) => exitForSupervisor(log, err) } },
    );
    url = embedded.url;
  }
  // Requests wait a bounded time for the database; migrations and the first seed
  // (which may wait for another process's migration lock) run on a connection of their own, unbounded.
  const setup = connect(url, log, { max: 2 });
  const database = connect(url, log, poolSettings(config));
  // The admin's exports, imports and reports: a small pool of their own with the longer statement bound.
  const adminDatabase = connect(url, log, {
    max: 4,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_ADMIN_STATEMENT_TIMEOUT_MS,
  });
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
    await adminDatabase.close().catch(() => {});
    await embedded?.stop();
    throw err;
  } finally {
    await setup.close().catch(() => {});
  }

  const redis = connectRedis(config, log);

  const app = await buildApp({
    config,
    database,
    adminDatabase,
    jwtSecret: config.JWT_SECRET ?? persistentSecret(config.dataDir, 'jwt-secret'),
    redis,
    logger: log,
    web: web === 'dev' ? 'dev' : true,
  });
  // Charges a crash left without an outcome are settled with the gateway before serving.
  await app.services.orders
    .reconcileUnsettledCharges()
    .then((n) => n > 0 && log.info(`settled ${n} card payment(s) left unsettled by a crash`))
    .catch((err: Error) => log.warn({ err: err.message }, 'settling unsettled charges failed'));
  // Other processes' changes empty this one's caches (LISTEN/NOTIFY, or Redis pub/sub).
  const invalidation = await startInvalidation(app.invalidation, {
    databaseUrl: url,
    pool: database.pool,
    redis,
    prefix: config.REDIS_PREFIX,
    log,
  });
  // Mail, the unpaid-order sweeps, reminders and retention are durable jobs (ADR 021), started
  // before serving so readiness covers them; the runner stops (running jobs finish) in app.close(),
  // before the pool closes.
  if (config.JOBS === 'on') {
    await app.jobs.start();
    app.services.health.watchJobs(app.jobs.state);
  }
  // The API reference (/api/docs) is built now, not by its first reader: it walks every route's schema,
  // seconds on a busy machine, while that reader's page waits.
  await app.ready();
  app.swagger();
  // Read before listening: once the shop answers /api/ready, the summary must follow at once.
  summary.payLater = payLaterOffered(await app.services.settings.get());
  await app.listen({ port: config.PORT, host: config.HOST });
  // One short summary for a person (the admin's generated password boxed, first start
  // only). Links are never built from a request's Host, so a missing PUBLIC_URL shows.
  // After the log lines written so far, so the summary is the last thing on the screen.
  await new Promise<void>((resolve) => log.flush(() => resolve()));
  process.stdout.write(startSummary(summary));

  // Stop in reverse order of start. HTTP first: the listener closes at once and the
  // requests in flight finish (plugins/drain.ts); a client still holding a connection after the grace
  // period is cut off. Then what they used, one phase at a time (lib/shutdown.ts): each is logged with its
  // duration and bounded, so one that hangs (a job that does not stop, a pool client never given back)
  // cannot keep the later phases — the embedded database above all — from running.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping`);
    const grace = config.SHUTDOWN_GRACE_MS;
    setTimeout(() => app.server.closeAllConnections(), grace).unref();
    const closing = app.close();
    closing.catch(() => {});
    const phases = shutdownPhases({
      grace,
      http: () => httpClosed,
      jobs: () => app.jobs.stop(),
      background: async () => {
        await app.background.drain();
        await closing;
      },
      invalidation: () => invalidation.stop(),
      pool: () => Promise.all([database.close(), adminDatabase.close()]),
      redis: () => redis?.disconnect(),
      database: () => embedded?.stop(),
    });
    // The watchdog: should the phases themselves not come to an end (a blocked event loop that recovers,
    // a bug), the database is still asked to stop before the process exits 1 for the supervisor to see.
    setTimeout(() => void watchdogExit(log, embedded), totalBound(phases) + WATCHDOG_MARGIN_MS).unref();
    const clean = await runShutdown(phases, log);
    // A database phase that timed out (a restart under way, a postmaster that ignores us) still ends here.
    if (embedded && alive(embedded.pid)) await stopDatabaseNow(embedded);
    await new Promise<void>((resolve) => log.flush(() => resolve()));
    process.exit(clean ? 0 : 1);
  };
  // Resolves when the HTTP server has closed: every connection, including those cut at the grace period.
  const httpClosed = new Promise<void>((resolve) => app.server.once('close', () => resolve()));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
