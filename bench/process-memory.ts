// The shop process's resident memory under many distinct anonymous listing pages (docs/performance.md):
// each is a page-cache miss — a render, its brotli and gzip forms — and a listing-cache miss. The heap
// stays bounded by the caches; this figure is what the OS sees (VmRSS, and its peak VmHWM), with the
// caches at their defaults. Run alone: `BENCH_ONLY=process memory npm run bench`.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SORTS } from '@shop/contracts/categories';
import { freePort, startShop, stopShop } from './shop.ts';

const REQUESTS = Number(process.env.BENCH_RSS_REQUESTS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_RSS_CONCURRENCY ?? 20);
/** Idle time after the load before the last reading: what stays. */
const IDLE_MS = Number(process.env.BENCH_RSS_IDLE_MS ?? 30_000);
/** The budget the figure is printed against (MiB of VmHWM). */
export const RSS_BUDGET_MIB = 300;

export interface ProcessMemoryFigures {
  requests: number;
  failed: number;
  seconds: number;
  before: { rssMib: number; hwmMib: number };
  afterLoad: { rssMib: number; hwmMib: number };
  afterIdle: { rssMib: number; hwmMib: number };
}

/** VmRSS and VmHWM of a process (Linux), in MiB. */
export function residentMib(pid: number): { rssMib: number; hwmMib: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMib: kib('VmRSS') / 1024, hwmMib: kib('VmHWM') / 1024 };
}

/** The i-th distinct anonymous listing URL: storefront pages and their API, every sort, many price floors. */
export function listingUrl(i: number): string {
  const sort = SORTS[i % SORTS.length];
  const page = 1 + (Math.floor(i / SORTS.length) % 5);
  const minPrice = (Math.floor(i / (SORTS.length * 5)) / 10).toFixed(2);
  const query = `sort=${sort}&page=${page}&min_price=${minPrice}`;
  return i % 4 === 3 ? `/api/products?${query}&limit=48` : `/products?${query}`;
}

export async function runProcessMemoryBench(): Promise<ProcessMemoryFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-rss-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let shop: ChildProcess | undefined;
  try {
    shop = await startShop(dataDir, port);
    const pid = shop.pid!;
    const before = residentMib(pid);
    const started = Date.now();
    let next = 0;
    let failed = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        const url = listingUrl(next++);
        try {
          const res = await fetch(base + url, { headers: { 'accept-encoding': 'br, gzip' } });
          await res.arrayBuffer();
          if (res.status !== 200) failed += 1;
        } catch {
          failed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (Date.now() - started) / 1000;
    const afterLoad = residentMib(pid);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const afterIdle = residentMib(pid);
    return { requests: REQUESTS, failed, seconds, before, afterLoad, afterIdle };
  } finally {
    if (shop) await stopShop(shop);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A figure against the budget (VmHWM ≤ 300 MiB), not a test's assertion. */
export function printProcessMemory(f: ProcessMemoryFigures): boolean {
  const ok = f.afterIdle.hwmMib <= RSS_BUDGET_MIB && f.failed === 0;
  const m = (v: number) => v.toFixed(0);
  console.log(
    `\nprocess memory: ${f.requests} distinct anonymous listing pages (${CONCURRENCY} at a time, ${f.seconds.toFixed(1)} s, ${f.failed} failed), caches at their defaults: ` +
      `app RSS ${m(f.before.rssMib)} → ${m(f.afterLoad.rssMib)} MiB after the load, ${m(f.afterIdle.rssMib)} MiB after ${IDLE_MS / 1000} s idle; ` +
      `RSS peak (VmHWM) ${m(f.afterIdle.hwmMib)} MiB (budget <= ${RSS_BUDGET_MIB} MiB) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  return ok;
}
