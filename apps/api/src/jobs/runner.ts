import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Logger, type Runner, run, runMigrations, runOnce, type TaskList, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
}

export interface JobsOptions {
  pool: pg.Pool;
  log: Log;
  /** The handlers by task name; scheduled ones log their runs under this process's key. */
  tasks: (processKey: string) => TaskList;
  /** graphile-worker crontab lines (schedule.ts). */
  crontab: string;
  /** Jobs one process runs at once. */
  concurrency: number;
}

/** Every how often a running process looks for jobs held by processes that died (ADR 021). */
const RECOVER_EVERY_MS = 15_000;
/** The liveness connection of a process is named `${LIVE_PREFIX}${processKey}` (63 characters at most). */
const LIVE_PREFIX = 'shop-jobs:';

/** graphile-worker's log lines through ours. */
function workerLogger(log: Log): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const obj = { ...scope, ...meta };
    if (level === 'error') log.error(obj, message);
    else if (level === 'warning') log.warn(obj, message);
    else if (level === 'info') log.info(obj, message);
    else log.debug(obj, message);
  });
}

/** Whether the job queue answers (for /api/ready): its table can be read. Never throws. */
export async function queueReady(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('select 1 from graphile_worker._private_jobs limit 1');
    return true;
  } catch {
    return false;
  }
}

/** Jobs waiting to run (or be retried), and jobs that used up their attempts (for metrics). */
export async function queueStats(pool: pg.Pool): Promise<{ queued: number; failed: number }> {
  const { rows } = await pool.query<{ queued: number; failed: number }>(
    `select count(*) filter (where attempts < max_attempts)::int as queued,
            count(*) filter (where attempts >= max_attempts)::int as failed
       from graphile_worker._private_jobs`,
  );
  return rows[0] ?? { queued: 0, failed: 0 };
}

/** Installs (or brings up to date) graphile-worker's schema; safe when several processes start at once. */
export async function migrateQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: workerLogger({ info() {}, warn() {}, error() {}, debug() {} }) });
}

/**
 * The job runner of one process (ADR 021): graphile-worker on the shop's pool, its task list and crontab.
 * While it runs, the process keeps one connection named after its `processKey` open; every process
 * unlocks, at start and every RECOVER_EVERY_MS, the jobs whose worker belonged to a process whose
 * connection is gone (killed, crashed), instead of graphile-worker's four-hour lock expiry.
 */
export function createJobs({ pool, log, tasks: taskList, crontab, concurrency }: JobsOptions) {
  const processKey = randomUUID();
  const tasks = taskList(processKey);
  const logger = workerLogger(log);
  let runner: Runner | undefined;
  let liveness: pg.PoolClient | undefined;
  /** Gives the held liveness connection back (to be dropped when `broken`); a no-op when none is held. */
  let releaseLiveness: (broken?: boolean) => void = () => {};
  let recoverTimer: NodeJS.Timeout | undefined;
  let stopping = false;
  let stopInFlight: Promise<void> | undefined;

  /**
   * Holds the named connection; reopened after a database restart. Only the connection held now reacts
   * to its loss: once `stop` gave it back, the pool owns it, and an error it raises later (the database
   * ending it) must not release it a second time.
   */
  async function holdLiveness(): Promise<void> {
    if (stopping) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      await client.query(`set application_name = '${LIVE_PREFIX}${processKey}'`);
    } catch (err) {
      client?.release(true);
      log.warn({ err: (err as Error).message }, 'jobs: liveness connection failed; retrying');
      setTimeout(() => void holdLiveness(), 1_000).unref();
      return;
    }
    const held = client;
    if (stopping) {
      held.release();
      return;
    }
    const onLost = () => {
      if (liveness !== held) return;
      releaseLiveness(true);
      if (!stopping) setTimeout(() => void holdLiveness(), 1_000).unref();
    };
    held.on('error', onLost);
    liveness = held;
    releaseLiveness = (broken) => {
      held.off('error', onLost);
      liveness = undefined;
      releaseLiveness = () => {};
      held.release(broken);
    };
  }

  /** Unlocks the jobs and queues held by workers of processes that are gone; answers how many workers. */
  async function recoverDeadWorkers(): Promise<number> {
    const { rows } = await pool.query<{ worker_id: string }>(
      `select w.worker_id from job_workers w
        where w.process_key <> $1
          and not exists (select 1 from pg_stat_activity a where a.application_name = $2 || w.process_key)`,
      [processKey, LIVE_PREFIX],
    );
    if (rows.length === 0) return 0;
    const ids = rows.map((r) => r.worker_id);
    await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [ids]);
    await pool.query('delete from job_workers where worker_id = any($1::text[])', [ids]);
    log.info({ workers: ids.length }, 'jobs: unlocked the jobs of workers whose process is gone');
    return ids.length;
  }

  return {
    processKey,

    /** Starts the runner: workers pick jobs up at once (LISTEN/NOTIFY) and the crontab ticks. */
    async start(): Promise<void> {
      if (runner) return;
      stopping = false;
      await holdLiveness();
      const events: WorkerEvents = new EventEmitter();
      // Jobs are locked in the name of the pool (its local queue) or of a worker: both are recorded.
      const record = (id: string) => {
        pool
          .query('insert into job_workers (worker_id, process_key) values ($1, $2) on conflict do nothing', [
            id,
            processKey,
          ])
          .catch((err: Error) => log.warn({ err: err.message }, 'jobs: worker not recorded'));
      };
      events.on('pool:create', ({ workerPool }) => record(workerPool.id));
      events.on('worker:create', ({ worker }) => record(worker.workerId));
      await recoverDeadWorkers().catch((err: Error) => log.warn({ err: err.message }, 'jobs: recovery failed'));
      runner = await run({
        pgPool: pool,
        taskList: tasks,
        crontab,
        concurrency,
        noHandleSignals: true,
        logger,
        events,
        pollInterval: 1_000,
      });
      recoverTimer = setInterval(() => {
        recoverDeadWorkers().catch((err: Error) => log.warn({ err: err.message }, 'jobs: recovery failed'));
      }, RECOVER_EVERY_MS);
      recoverTimer.unref();
    },

    /** Stops taking jobs, lets the running ones finish, and lets go of this process's workers. */
    stop(): Promise<void> {
      // A second call while a stop is under way (the server's shutdown phase, then app.close()) waits for
      // the same stop instead of removing this process's workers under the runner still stopping.
      stopInFlight ??= (async () => {
        stopping = true;
        if (recoverTimer) clearInterval(recoverTimer);
        recoverTimer = undefined;
        const r = runner;
        runner = undefined;
        if (r) await r.stop().catch((err: Error) => log.warn({ err: err.message }, 'jobs: stop failed'));
        await pool
          .query('delete from job_workers where process_key = $1', [processKey])
          .catch((err: Error) => log.warn({ err: err.message }, 'jobs: workers not removed'));
        releaseLiveness();
      })().finally(() => {
        stopInFlight = undefined;
      });
      return stopInFlight;
    },

    /** Runs every job that is due now, then returns (tests, and a one-off run). */
    async drain(): Promise<void> {
      await runOnce({ pgPool: pool, taskList: tasks, noHandleSignals: true, logger });
    },

    /**
     * Whether this process's runner works now (for /api/ready): `running` while it is started and holds
     * its liveness connection (lost with the database, taken again when it is back), else `stopped`.
     */
    state: (): 'running' | 'stopped' => (runner && liveness ? 'running' : 'stopped'),

    /** Whether the queue answers (for /api/ready). */
    ready: (): Promise<boolean> => queueReady(pool),

    /** Jobs waiting to run, and jobs that used up their attempts (for metrics). */
    stats: (): Promise<{ queued: number; failed: number }> => queueStats(pool),

    recoverDeadWorkers,
  };
}
export type Jobs = ReturnType<typeof createJobs>;
