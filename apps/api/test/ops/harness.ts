import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { ensureWebBuild, ROOT } from '../web-build.ts';

/**
 * Real processes for the operations tests: shops started as `npm start` starts them, and a
 * PostgreSQL server of their own that several shops share through DATABASE_URL. Everything started here
 * is remembered and ended by its PID in `stopEverything()` (call it in afterAll), temp folders included.
 */

const started = new Set<ChildProcess>();
const folders = new Set<string>();
const databases = new Set<EmbeddedPostgres>();

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A temp folder removed by `stopEverything()`. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-ops-${prefix}-`));
  folders.add(dir);
  return dir;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every `everyMs` until it returns a value other than undefined/false, or throws at the deadline. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 60_000, everyMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value as T;
    } catch (err) {
      last = err;
    }
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface ShopProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** A request to `/api/<p>` with a JSON content type. */
  api(p: string, init?: RequestInit): Promise<Response>;
  /** Sends `signal` and waits for the exit; resolves to the exit code (null when killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ShopOptions {
  /** DATA_DIR; a new temp folder when unset. */
  dataDir?: string;
  /** DATABASE_URL: the shop uses it instead of an embedded database. */
  databaseUrl?: string;
  port?: number;
  /** Further settings (SMTP_URL, REDIS_URL, JWT_SECRET…). */
  env?: Record<string, string>;
  /** Wait until `/api/ready` answers 200 (default true). */
  ready?: boolean;
  /** Entry script relative to the repository (default scripts/start.mjs, as `npm start`). */
  script?: string;
}

/** Starts a shop process as `npm start` does (scripts/start.mjs), on a free port unless one is given. */
export async function startShop(opts: ShopOptions = {}): Promise<ShopProcess> {
  ensureWebBuild();
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? tempDir('data');
  let out = '';
  const child = spawn(process.execPath, [path.join(ROOT, opts.script ?? 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      TEST_DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const shop: ShopProcess = {
    child,
    pid: child.pid ?? 0,
    port,
    url,
    output: () => out,
    api: (p, init) =>
      fetch(`${url}/api/${p}`, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } }),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited(child);
    },
  };
  if (opts.ready === false) return shop;
  try {
    await waitFor(
      `the shop on port ${port} to get ready`,
      async () => {
        if (child.exitCode !== null) throw new Error(`exited early (${child.exitCode})`);
        return (await fetch(`${url}/api/ready`)).ok;
      },
      { timeoutMs: 120_000 },
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${out}`);
  }
  return shop;
}

export interface DatabaseServer {
  /** The server's postmaster PID (for SIGSTOP/SIGKILL in fault tests). */
  pid: number;
  /** A new, empty database on this server; its URL. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/** A PostgreSQL server of the test's own (embedded binaries, temp folder) that shops reach by DATABASE_URL. */
export async function startDatabaseServer(): Promise<DatabaseServer> {
  const quiet = { info: () => {}, warn: () => {} };
  const embedded = await startEmbeddedPostgres(tempDir('pg'), quiet);
  databases.add(embedded);
  let n = 0;
  return {
    pid: embedded.pid,
    async createDatabase() {
      const name = `ops_${process.pid}_${Date.now().toString(36)}_${n++}`;
      const admin = new pg.Client({ connectionString: withDatabase(embedded.url, 'postgres') });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return withDatabase(embedded.url, name);
    },
    async stop() {
      databases.delete(embedded);
      await embedded.stop();
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Ends every process and database this harness started (by PID) and removes its temp folders. */
export async function stopEverything(): Promise<void> {
  await Promise.all(
    [...started].map(async (child) => {
      child.kill('SIGKILL');
      await exited(child);
    }),
  );
  for (const db of databases) {
    // A SIGSTOPped server must be continued before it can stop.
    try {
      process.kill(db.pid, 'SIGCONT');
    } catch {}
    await db.stop().catch(() => {});
  }
  databases.clear();
  for (const dir of folders) {
    // Clusters of embedded shops in this folder may live elsewhere as root (ADR 018): stop and remove them.
    const pidFile = path.join(dir, 'pg', 'postmaster.pid');
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (pid && alive(pid)) {
        try {
          process.kill(pid, 'SIGCONT');
          process.kill(pid, 'SIGQUIT');
        } catch {}
        await waitFor('the orphaned postmaster to stop', () => !alive(pid), { timeoutMs: 15_000 }).catch(() => {});
      }
    }
    const link = path.join(dir, 'pg');
    if (fs.existsSync(link) && fs.lstatSync(link).isSymbolicLink()) {
      fs.rmSync(path.dirname(fs.realpathSync(link)), { recursive: true, force: true });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  folders.clear();
}
