import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './web-build.ts';

/**
 * `npm run dev` serves the storefront from the sources, and a change to a web source
 * file is served without a rebuild. HTTP level: a probe module of its own (gitignored) is fetched through
 * Vite, rewritten, and fetched again; the built app in apps/web/build is not touched.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dev-'));
const probe = path.join(ROOT, `apps/web/app/dev-probe-${process.pid}.ts`);
const builtEntry = path.join(ROOT, 'apps/web/build/server/index.js');
let child: ChildProcess | undefined;
let output = '';
let base = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child?.exitCode !== null) throw new Error(`npm run dev exited early:\n${output}`);
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen in ${ms / 1000} s:\n${output}`);
}

const text = async (p: string) => {
  const res = await fetch(`${base}${p}`);
  return res.ok ? res.text() : undefined;
};

/**
 * The folder's times before the probe: put back after, or the folder would look newer than the web build
 * and the next `npm start` of the run (the operations tests') would build it again.
 */
const appDir = fs.statSync(path.dirname(probe));

beforeAll(async () => {
  fs.writeFileSync(probe, "export const PROBE = 'first version';\n");
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn('npm', ['run', 'dev'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED: 'none',
      TEST_DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  await until('/api/ready', async () => ((await fetch(`${base}/api/ready`)).ok ? true : undefined), 120_000);
}, 150_000);

afterAll(async () => {
  fs.rmSync(probe, { force: true });
  fs.utimesSync(path.dirname(probe), appDir.atime, appDir.mtime);
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('npm run dev', () => {
  it('renders the storefront from the sources, with Vite and its hot-reload runtime', async () => {
    const page = await until('the storefront', () => text('/'), 60_000);
    expect(page).toContain('</html>');
    expect(page).toContain('virtual:react-router/inject-hmr-runtime');
    expect(await text('/@vite/client')).toContain('vite');
  }, 90_000);

  it('serves a changed web source file at once, without a rebuild', async () => {
    const built = fs.existsSync(builtEntry) ? fs.statSync(builtEntry).mtimeMs : 0;
    const url = `/app/${path.basename(probe)}`;
    expect(await until('the probe module', () => text(url), 30_000)).toContain('first version');
    fs.writeFileSync(probe, "export const PROBE = 'second version';\n");
    await until(
      'the changed probe module',
      async () => ((await text(url))?.includes('second version') ? true : undefined),
      30_000,
    );
    expect(fs.existsSync(builtEntry) ? fs.statSync(builtEntry).mtimeMs : 0).toBe(built);
  }, 90_000);

  it('stops on SIGTERM, database included', async () => {
    const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));
    child?.kill('SIGTERM');
    // npm passes the signal on and answers 128 + 15 at once; the shop below it stops by itself.
    expect([0, 143], output).toContain(await exited);
    const pidFile = path.join(dataDir, 'pg/postmaster.pid');
    for (let i = 0; i < 150 && fs.existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100));
    expect(fs.existsSync(pidFile)).toBe(false);
    expect(output).toContain('SIGTERM: stopping');
  }, 30_000);
});
