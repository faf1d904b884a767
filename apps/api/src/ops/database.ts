import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { type Failure, fail, ok, type Result } from '../lib/result.ts';

/**
 * The shop's database for `npm run backup` / `npm run restore`: DATABASE_URL when set;
 * otherwise the embedded PostgreSQL of DATA_DIR. When a shop (or a postmaster it left behind) is running on
 * that DATA_DIR, we connect to it — its port is in postmaster.pid, its password in DATA_DIR/pg-password —
 * and never start a second postmaster on the same cluster. Only when none runs do we start it ourselves,
 * and stop it when done.
 */
export interface OpenDatabase {
  url: string;
  /** `url`: DATABASE_URL; `running`: a shop's embedded postmaster; `started`: ours, stopped by close(). */
  how: 'url' | 'running' | 'started';
  close(): Promise<void>;
}

export type OpenFailure = Failure<'no_database', { dataDir: string }>;

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * `create`: whether an empty DATA_DIR gets a new cluster (restore) or is refused (backup: there is
 * nothing to back up, and making a database there would only hide a wrong DATA_DIR).
 */
export async function openShopDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'dataDir'>,
  log: Logger,
  opts: { create: boolean },
): Promise<Result<OpenDatabase, OpenFailure>> {
  if (config.DATABASE_URL) return ok({ url: config.DATABASE_URL, how: 'url', close: async () => {} });
  const running = runningEmbeddedUrl(config.dataDir);
  if (running) return ok({ url: running, how: 'running', close: async () => {} });
  if (!opts.create && !fs.existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) {
    return fail('no_database', { dataDir: config.dataDir });
  }
  const quiet = { info: () => {}, warn: (m: string) => log.warn(m) };
  const embedded = await startEmbeddedPostgres(config.dataDir, quiet);
  log.info(`started the embedded database of ${config.dataDir} for this command (no shop is running on it)`);
  return ok({ url: embedded.url, how: 'started', close: () => embedded.stop() });
}

/**
 * The URL of the postmaster serving DATA_DIR/pg, when one is alive. postmaster.pid's lines are PostgreSQL's
 * own format: the PID first, the port fourth.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const pgdata = path.join(dataDir, 'pg');
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  if (!isPostgres(pid)) return undefined;
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/shop`;
}

function isPostgres(pid: number): boolean {
  try {
    const argv0 = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return path.basename(argv0) === 'postgres';
  } catch {
    return false;
  }
}
