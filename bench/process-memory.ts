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

/** One reading of the shop's memory: what the OS sees, and (from the probe) what the process sees. */
export interface Reading {
  rssMib: number;
  hwmMib: number;
  /** VmRSS split: anonymous memory (heaps, malloc) and file-backed pages (code, mapped files). */
  anonMib: number;
  fileMib: number;
  threads: number;
  /** process.memoryUsage() in the shop, in MiB (bench/memory-probe.mjs); undefined when unread. */
  heapUsedMib?: number;
  heapTotalMib?: number;
  externalMib?: number;
  arrayBuffersMib?: number;
}

export interface ProcessMemoryFigures {
  requests: number;
  failed: number;
  seconds: number;
  before: Reading;
  afterLoad: Reading;
  afterIdle: Reading;
}

const MIB = 1024 * 1024;

/** VmRSS and VmHWM of a process (Linux), in MiB. */
export function residentMib(pid: number): { rssMib: number; hwmMib: number } {
  const { rssMib, hwmMib } = statusReading(pid);
  return { rssMib, hwmMib };
}

function statusReading(pid: number): Omit<Reading, 'heapUsedMib' | 'heapTotalMib' | 'externalMib' | 'arrayBuffersMib'> {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  return {
    rssMib: field('VmRSS') / 1024,
    hwmMib: field('VmHWM') / 1024,
    anonMib: field('RssAnon') / 1024,
    fileMib: field('RssFile') / 1024,
    threads: field('Threads'),
  };
}

/** The OS's reading of the shop, with the probe's last report of its heap when there is one. */
function reading(pid: number, probeDir: string): Reading {
  const os = statusReading(pid);
  try {
    const usage = JSON.parse(fs.readFileSync(path.join(probeDir, `${pid}.json`), 'utf8')) as NodeJS.MemoryUsage;
    return {
      ...os,
      heapUsedMib: usage.heapUsed / MIB,
      heapTotalMib: usage.heapTotal / MIB,
      externalMib: usage.external / MIB,
      arrayBuffersMib: usage.arrayBuffers / MIB,
    };
  } catch {
    return os;
  }
}

/** Waits past the probe's next report (it writes every second), so a reading sees the same moment. */
const probeTick = () => new Promise((r) => setTimeout(r, 1_200));

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
  const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-probe-'));
  const probe = path.join(import.meta.dirname, 'memory-probe.mjs');
  let shop: ChildProcess | undefined;
  try {
    shop = await startShop(dataDir, port, {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${probe}`.trim(),
      BENCH_MEMORY_PROBE_DIR: probeDir,
    });
    const pid = shop.pid!;
    await probeTick();
    const before = reading(pid, probeDir);
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
    await probeTick();
    const afterLoad = reading(pid, probeDir);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const afterIdle = reading(pid, probeDir);
    return { requests: REQUESTS, failed, seconds, before, afterLoad, afterIdle };
  } finally {
    if (shop) await stopShop(shop);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(probeDir, { recursive: true, force: true });
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
  for (const [when, r] of [
    ['at rest', f.before],
    ['after the load', f.afterLoad],
    ['after idle', f.afterIdle],
  ] as const) {
    const heap =
      r.heapUsedMib === undefined
        ? ''
        : `; V8 heap ${m(r.heapUsedMib)}/${m(r.heapTotalMib!)} MiB, external ${m(r.externalMib!)} (array buffers ${m(r.arrayBuffersMib!)})`;
    console.log(
      `  ${when}: RSS ${m(r.rssMib)} MiB = anon ${m(r.anonMib)} + file ${m(r.fileMib)}, ${r.threads} threads${heap}`,
    );
  }
  return ok;
}
