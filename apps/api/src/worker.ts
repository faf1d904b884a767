import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connect, poolSettings } from './db/client.ts';
import { applyMigrations } from './db/migrate.ts';
import { startInvalidation } from './lib/invalidation.ts';
import { createLogger, logStrayRejections } from './lib/logger.ts';
import { connectRedis } from './lib/redis.ts';
import { persistentSecret } from './lib/secrets.ts';

/**
 * `npm run worker` (ADR 021): the job runner alone — mail, the sweeps, reminders, retention —
 * on the shop's DATABASE_URL, with the same settings and no HTTP. SIGTERM/SIGINT let running jobs finish.
 */
export function runWorker() {
  main().catch((err) => {
    console.error(err instanceof ConfigError ? err.message : `The worker could not start: ${err}`);
    process.exit(1);
  });
}

async function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  logStrayRejections(log);
  if (!config.DATABASE_URL) {
    // The embedded database belongs to the `npm start` process that runs it; that one runs jobs itself.
    throw new ConfigError('npm run worker needs DATABASE_URL: the database the shop processes share.');
  }
  // As server.ts: migrations on a connection of their own (unbounded), jobs on the bounded pool.
  const setup = connect(config.DATABASE_URL, log, { max: 1 });
  try {
    await applyMigrations(setup.pool);
  } finally {
    await setup.close().catch(() => {});
  }
  const database = connect(config.DATABASE_URL, log, poolSettings(config));
  const redis = connectRedis(config, log);
  const app = await buildApp({
    config,
    database,
    jwtSecret: config.JWT_SECRET ?? persistentSecret(config.dataDir, 'jwt-secret'),
    redis,
    logger: log,
  });
  await app.ready();
  // Jobs change stock and orders (the sweeps): the server processes' caches must hear of it.
  const invalidation = await startInvalidation(app.invalidation, {
    databaseUrl: config.DATABASE_URL,
    pool: database.pool,
    redis,
    prefix: config.REDIS_PREFIX,
    log,
  });
  await app.jobs.start();
  log.info('worker: running jobs');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping the worker`);
    await app.close();
    await invalidation.stop();
    await database.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
