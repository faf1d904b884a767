import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, ROOT } from './web-build.ts';

/**
 * The shop as `npm start` runs it — a real process on the embedded database — through a clean stop,
 * a restart on the same data, and a SIGKILL followed by a start that must recover by itself.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lifecycle-'));
let port = 0;
let server: { child: ChildProcess; output: () => string } | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function start() {
  let out = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      TEST_DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) {
        // The summary is written once the log is flushed, just after the shop starts answering.
        while (!out.includes('The shop is running.') && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 50));
        server = { child, output: () => out };
        return server;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not get ready:\n${out}`);
}

function exited(child: ChildProcess) {
  return new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

function postmasterPid(): number | undefined {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const api = (p: string, init?: RequestInit) =>
  fetch(`http://127.0.0.1:${port}/api/${p}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  });

const customer = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  password: 'Analytical1',
};

beforeAll(async () => {
  ensureWebBuild();
  port = await freePort();
}, 300_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  const pid = postmasterPid();
  if (pid && alive(pid)) process.kill(pid, 'SIGQUIT');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the shop process on the embedded database', () => {
  it('first start: seeds the demo catalogue and prints the admin password once', async () => {
    const s = await start();
    // The sign-in sits in the summary's box, not in a log line; no warnings but the
    // one that mail is not sent (no SMTP_URL here).
    expect(s.output()).toMatch(/│ E-mail +admin@shop\.local +│/);
    expect(s.output()).toMatch(/│ Password +\S{12,} +│/);
    const warnings = s
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && JSON.parse(line).level >= 40)
      .map((line) => JSON.parse(line).msg);
    expect(warnings).toEqual([expect.stringMatching(/^SMTP_URL is not set/)]);
    const list = await (await api('products?limit=1')).json();
    expect(list.total).toBeGreaterThanOrEqual(900);
    expect((await api('auth/register', { method: 'POST', body: JSON.stringify(customer) })).status).toBe(201);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('</html>');
  }, 120_000);

  it('SIGTERM stops HTTP and then the database, cleanly — even with a client holding a response open', async () => {
    const s = server!;
    // A client that never reads its response must not hold the shutdown past the grace period.
    const stalled = await fetch(`http://127.0.0.1:${port}/products`);
    expect(stalled.status).toBe(200);
    const pg = postmasterPid();
    expect(pg && alive(pg)).toBe(true);
    s.child.kill('SIGTERM');
    expect(await exited(s.child)).toBe(0);
    expect(alive(pg!)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 60_000);

  it('a second start reuses the data without seeding again', async () => {
    const s = await start();
    expect(s.output()).toContain('The shop is running.');
    expect(s.output()).not.toMatch(/Password/);
    const login = await api('auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    expect(login.status).toBe(200);
    const list = await (await api('products?limit=1')).json();
    expect(list.total).toBeGreaterThanOrEqual(900);
  }, 120_000);

  it('after SIGKILL the next start recovers the orphaned database and loses nothing', async () => {
    const s = server!;
    // A write acknowledged just before the kill must survive it.
    const late = { ...customer, username: 'grace', email: 'grace@example.com' };
    expect((await api('auth/register', { method: 'POST', body: JSON.stringify(late) })).status).toBe(201);
    const orphan = postmasterPid()!;
    s.child.kill('SIGKILL');
    await exited(s.child);
    expect(alive(orphan)).toBe(true); // the postmaster outlives Node, re-parented

    const again = await start();
    expect(again.output()).toMatch(/left running by an earlier process/);
    expect(alive(orphan)).toBe(false);
    for (const who of [customer, late]) {
      const login = await api('auth/login', {
        method: 'POST',
        body: JSON.stringify({ email: who.email, password: who.password }),
      });
      expect(login.status).toBe(200);
    }
  }, 120_000);

  it('a stale postmaster.pid whose process is gone does not block a start', async () => {
    const s = server!;
    s.child.kill('SIGTERM');
    await exited(s.child);
    // What a power loss leaves: a pid file naming a process that no longer exists.
    fs.writeFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), `999999\n${path.join(dataDir, 'pg')}\n`);
    const again = await start();
    expect(again.output()).toMatch(/removing stale postmaster.pid/);
    expect((await api('products?limit=1')).status).toBe(200);
  }, 120_000);
});
