// How long a change made through one process takes to reach another on the same
// database (the rule: 100 ms). Two built shops on one embedded PostgreSQL server (DATABASE_URL); a price is
// changed through A's admin API again and again, and B's listing is polled until it shows it. Two figures:
// B's own latency from A's publish to B's receipt (B's debug log), and A's answer to B's listing showing it.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { freePort, ROOT } from './shop.ts';

const CHANGES = Number(process.env.BENCH_INVALIDATION_CHANGES ?? 50);
export const INVALIDATION_BUDGET_MS = 100;

export interface InvalidationFigures {
  changes: number;
  receipt: { p50: number; p95: number; max: number };
  visible: { p50: number; p95: number; max: number };
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? Number.NaN };
}

async function startShop(env: Record<string, string>) {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`a shop exited during start:\n${out}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return { child, base, output: () => out };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('a shop did not get ready in time');
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export async function runInvalidationBench(): Promise<InvalidationFigures> {
  const quiet = { info: () => {}, warn: () => {} };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-inval-'));
  const embedded = await startEmbeddedPostgres(dataDir, quiet);
  const shops: ChildProcess[] = [];
  try {
    const admin = new pg.Client({ connectionString: embedded.url });
    await admin.connect();
    await admin.query('create database bench_invalidation');
    await admin.end();
    const url = new URL(embedded.url);
    url.pathname = '/bench_invalidation';
    const staff = { email: 'bench-inval@example.com', password: randomBytes(18).toString('base64url') };
    const common = {
      DATABASE_URL: url.toString(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_SCALE: '100',
    };
    const a = await startShop({
      ...common,
      DATA_DIR: path.join(dataDir, 'a'),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: staff.email,
      ADMIN_PASSWORD: staff.password,
    });
    shops.push(a.child);
    const b = await startShop({ ...common, DATA_DIR: path.join(dataDir, 'b'), LOG_LEVEL: 'debug' });
    shops.push(b.child);

    const headers = { 'content-type': 'application/json' };
    const login = await fetch(`${a.base}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify(staff) });
    const { access } = (await login.json()) as { access: string };
    const auth = { ...headers, authorization: `Bearer ${access}` };
    type Item = { id: string; sale_price: number; regular_price: number };
    const top = async () =>
      ((await (await fetch(`${b.base}/api/products?sort=price-high&limit=1`)).json()) as { items: Item[] }).items[0]!;
    const product = await top();

    const visible: number[] = [];
    for (let i = 1; i <= CHANGES; i++) {
      const price = product.regular_price + i;
      await top(); // B has the old answer cached
      const res = await fetch(`${a.base}/api/admin/products/${product.id}`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ regular_price: price, sale_price: price }),
      });
      if (!res.ok) throw new Error(`price change: ${res.status} ${await res.text()}`);
      const answered = performance.now();
      while ((await top()).sale_price !== price) {
        if (performance.now() - answered > 10_000) throw new Error('B never showed the change');
      }
      visible.push(performance.now() - answered);
    }
    const receipt = b
      .output()
      .split('\n')
      .filter((line) => line.includes('"invalidation received"'))
      .map((line) => (JSON.parse(line) as { latencyMs: number }).latencyMs);
    if (receipt.length < CHANGES) throw new Error(`B logged ${receipt.length} of ${CHANGES} invalidations`);
    return { changes: CHANGES, receipt: percentiles(receipt), visible: percentiles(visible) };
  } finally {
    for (const child of shops) await stop(child);
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printInvalidation(f: InvalidationFigures): boolean {
  const ok = f.receipt.p95 <= INVALIDATION_BUDGET_MS && f.visible.p95 <= INVALIDATION_BUDGET_MS;
  const fmt = (p: InvalidationFigures['receipt']) =>
    `p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms, max ${p.max.toFixed(1)} ms`;
  console.log(
    `\ninvalidation across two processes (LISTEN/NOTIFY), ${f.changes} price changes through A:\n` +
      `  A's publish to B's receipt: ${fmt(f.receipt)}\n` +
      `  A's answer to B's listing showing it: ${fmt(f.visible)}\n` +
      `  (budget: p95 <= ${INVALIDATION_BUDGET_MS} ms) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  return ok;
}
