// What N distinct listing queries leave on the heap, against the cache's byte budget
// (CACHE_MAX_MB). Runs in a child of its own (`--expose-gc`, so the heap is measured after a full
// collection, and no other scenario's garbage in it): the app built in-process on an embedded database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { connect } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { applyMigrations } from '../apps/api/src/db/migrate.ts';
import { seedIfEmpty } from '../apps/api/src/db/seed/index.ts';

const QUERIES = Number(process.env.BENCH_CACHE_QUERIES ?? 2_000);
const ROOT = path.resolve(import.meta.dirname, '..');

export interface CacheMemoryFigures {
  queries: number;
  cacheMaxMb: number;
  heapGrowthMb: number;
  /** V8's heap as reserved (used or not), and the process's resident memory: what the OS sees. */
  heapTotalGrowthMb: number;
  rssGrowthMb: number;
  /** What the cache counted its answers as (estimateBytes), and how many it kept. */
  countedMb: number;
  entries: number;
}

/** Runs this file as a child with `--expose-gc` and returns its figures. */
export function runCacheMemoryBench(): Promise<CacheMemoryFigures> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(ROOT, 'bench/cache-memory.ts')], {
    cwd: ROOT,
    env: { ...process.env, BENCH_CACHE_CHILD: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1);
      if (code !== 0 || !last) reject(new Error(`cache memory bench exited ${code}: ${out}`));
      else resolve(JSON.parse(last) as CacheMemoryFigures);
    });
  });
}

/** Heap growth within twice the budget passes: the estimate errs high, V8 adds its own slack. */
export function printCacheMemory(f: CacheMemoryFigures): boolean {
  const ok = f.heapGrowthMb <= 2 * f.cacheMaxMb;
  console.log(
    `\nlisting cache memory: ${f.queries} distinct listing queries (limit=100) grew the heap in use by ${f.heapGrowthMb.toFixed(1)} MB ` +
      `(reserved heap ${f.heapTotalGrowthMb.toFixed(1)} MB, RSS ${f.rssGrowthMb.toFixed(1)} MB); the cache counted ${f.countedMb.toFixed(1)} MB in ${f.entries} answers ` +
      `(CACHE_MAX_MB=${f.cacheMaxMb}; budget: heap growth <= ${2 * f.cacheMaxMb} MB) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  return ok;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

function measure() {
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, heapTotal: m.heapTotal, rss: m.rss };
}

async function child() {
  const quiet = { info: () => {}, warn: () => {} };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-cache-'));
  const embedded = await startEmbeddedPostgres(dataDir, quiet);
  try {
    const database = connect(embedded.url, quiet);
    await applyMigrations(database.pool);
    await seedIfEmpty(database.db, { mode: 'demo', adminPassword: 'Bench-Cache-Passw0rd', log: quiet });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', CACHE_MAX_MB: process.env.CACHE_MAX_MB });
    const app = await buildApp({ config, database, jwtSecret: 'bench-secret-long-enough-for-hs256-0123456789' });
    await app.ready();
    // Warm: every code path and pool connection used once, then the baseline.
    for (let i = 0; i < 20; i++) await app.inject({ url: `/api/products?limit=100&page=${i + 1}` });
    await app.services.catalog.invalidate();
    const before = measure();
    for (let i = 0; i < QUERIES; i++) {
      // Distinct queries with full pages: a price floor that nearly every product is above.
      const res = await app.inject({ url: `/api/products?limit=100&min_price=${(i / 100).toFixed(2)}` });
      if (res.statusCode !== 200) throw new Error(`listing ${i}: ${res.statusCode}`);
    }
    const after = measure();
    const use = app.services.catalog.cacheUse();
    const figures: CacheMemoryFigures = {
      queries: QUERIES,
      cacheMaxMb: config.CACHE_MAX_MB,
      heapGrowthMb: mb(after.heap - before.heap),
      heapTotalGrowthMb: mb(after.heapTotal - before.heapTotal),
      rssGrowthMb: mb(after.rss - before.rss),
      countedMb: mb(use.bytes),
      entries: use.entries,
    };
    await app.close();
    await database.close();
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } finally {
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_CACHE_CHILD === '1') {
  child().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
