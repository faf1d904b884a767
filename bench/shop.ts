// The shop as the bench runs it: the built server on a fresh embedded database, on 127.0.0.1 only.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/api.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** The first admin of the bench's shop: a password made for this run, so the admin routes can be measured. */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: randomBytes(18).toString('base64url') };

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts `scripts/start.mjs` (which builds the web app when stale) and waits until it is ready. `env` adds
 * or overrides settings (the catalogue bench: its own DATABASE_URL, the listing cache off).
 */
export async function startShop(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  // As `npm start` runs it: the figures are the ones an owner's shop has.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SERVER_ENV,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The bench registers one shopper per connection from one address.
      RATE_LIMIT_SCALE: '100',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      // The checkout bench pays with the demo provider's card, whatever NODE_ENV the bench runs under.
      PAYMENTS: 'demo',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the shop exited during start');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the shop did not get ready in time');
}

/** Stops a shop started by `startShop` and waits for it to exit. */
export async function stopShop(shop: ChildProcess): Promise<void> {
  if (shop.exitCode !== null) return;
  const exited = new Promise((r) => shop.once('exit', r));
  shop.kill('SIGTERM');
  await exited;
}

/**
 * Starts the memory twin (bench/memory-twin.ts) answering from `fixtures`; resolves with its port. The
 * fixtures go through a temporary file (the catalogue bench's are larger than one argument may be).
 */
export function startTwin(fixtures: unknown): Promise<{ child: ChildProcess; port: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-twin-'));
  const file = path.join(dir, 'fixtures.json');
  fs.writeFileSync(file, JSON.stringify(fixtures));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/memory-twin.ts'), file], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (d) => resolve({ child, port: JSON.parse(String(d)).port }));
    child.once('exit', () => reject(new Error('memory twin exited')));
  });
}
