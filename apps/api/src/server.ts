import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connect } from './db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded.ts';
import { applyMigrations } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/index.ts';
import { createLogger } from './lib/logger.ts';
import { persistentSecret } from './lib/secrets.ts';
import { startSummary } from './lib/start-summary.ts';

/** How long in-flight requests get to finish on SIGTERM/SIGINT. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * How often unconfirmed card payments (window: 30 minutes) and unpaid guest pay-later orders past
 * their hold (a store setting) are looked for.
 */
const PAYMENT_SWEEP_MS = 60_000;

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
    embedded = await startEmbeddedPostgres(config.dataDir, { info: (m) => log.info(m), warn: (m) => log.warn(m) });
    url = embedded.url;
  }
  const database = connect(url, log);
  const summary: Parameters<typeof startSummary>[0] = {
    publicUrl: config.publicUrl,
    publicUrlSet: config.PUBLIC_URL !== undefined,
    dataDir: config.dataDir,
    databaseDir: embedded?.dataDir,
  };
  try {
    await applyMigrations(database.pool);
    const { seeded, firstAdmin } = await seedIfEmpty(database.db, {
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
  }

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  redis?.on('error', (err) => log.warn({ err: err.message }, 'redis error'));

  const app = await buildApp({
    config,
    database,
    jwtSecret: config.JWT_SECRET ?? persistentSecret(config.dataDir, 'jwt-secret'),
    redis,
    logger: log,
    web: web === 'dev' ? 'dev' : true,
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  // Issue 11 point 3: one short summary for a person (the admin's generated password boxed, first start
  // only); issue 10 point 11: links are never built from a request's Host, so a missing PUBLIC_URL shows.
  // After the log lines written so far, so the summary is the last thing on the screen.
  await new Promise<void>((resolve) => log.flush(() => resolve()));
  process.stdout.write(startSummary(summary));

  // issue 4: card orders whose payment was not confirmed within 30 minutes are cancelled and restocked;
  // issue 10 point 3: so are guests' pay-later orders still unpaid when their hold ends.
  const sweep = setInterval(() => {
    app.services.orders
      .expireUnconfirmedPayments()
      .then((n) => n > 0 && log.info(`cancelled ${n} order(s) with an unconfirmed payment`))
      .catch((err: Error) => log.warn({ err: err.message }, 'unconfirmed-payment sweep failed'));
    app.services.orders
      .expireUnpaidGuestOrders()
      .then((n) => n > 0 && log.info(`cancelled ${n} unpaid guest pay-later order(s) past their hold`))
      .catch((err: Error) => log.warn({ err: err.message }, 'unpaid guest order sweep failed'));
  }, PAYMENT_SWEEP_MS);
  sweep.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping`);
    clearInterval(sweep);
    const force = setTimeout(() => process.exit(1), 2 * SHUTDOWN_GRACE_MS);
    force.unref();
    // Stop taking requests and finish the ones in flight; a client that holds its response open
    // longer than the grace period is cut off rather than holding the shutdown.
    const drain = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    drain.unref();
    await app.close();
    await database.close();
    redis?.disconnect();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
