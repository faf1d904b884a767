// The catalogue's queries without the answer cache (LISTING_CACHE_MS=0: every request runs its
// statement), at the demo seed's size and at 100,000 products generated here (bench/catalog-data.ts), each
// listing beside its memory twin answering the same bytes. Besides req/s and latency, which depend on how
// busy the machine is, the CPU the shop and PostgreSQL spent per request (from /proc) and the statements
// per request (PostgreSQL's transaction counter: each listing statement is its own transaction). Loopback
// only, bounded in time (BENCH_DURATION per run), stops what it starts.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openCatalogDatabase } from './catalog-data.ts';
import { freePort, startShop, startTwin, stopShop } from './shop.ts';

/** A listing scenario: its name and its path, or one path per request number (distinct queries). */
export type ListingScenario = [name: string, path: string | ((i: number) => string)];

/** The listings measured: the default page, category + sort, a price filter, a deep page, search. */
export function listingScenarios(products: number): ListingScenario[] {
  // A page four fifths of the way through the whole catalogue, in the default order.
  const deep = Math.max(1, Math.floor((products * 0.8) / 20));
  return [
    ['listing, default', '/api/products?limit=20'],
    ['listing, category + sort price-low', '/api/products?category=electronics&sort=price-low&limit=20'],
    ['listing, price filter', '/api/products?min_price=20&max_price=200&limit=20'],
    [`listing, deep page ${deep}`, `/api/products?limit=20&page=${deep}`],
    // Every request a new filter: the total is counted every time (no count of the same filters to reuse).
    ['listing, distinct price filters', (i) => `/api/products?min_price=${i % 4999}.${i % 97}&limit=20`],
    ['search "wireless"', '/api/products?q=wireless&limit=20'],
  ];
}

export interface CatalogRow {
  products: number;
  scenario: string;
  target: 'db' | 'memory';
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Per request: the shop's (or the twin's) CPU; the database's and statements for db runs only. */
  appCpuMs?: number;
  dbCpuMs?: number;
  statements?: number;
}

/** CPU ms (user + system) of `pid` and, with `children`, of its direct children too (the postmaster's backends). */
export function cpuMs(pid: number, children = false): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) === pid || (children && Number(fields[1]) === pid)) {
        total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ
      }
    } catch {} // a process that ended meanwhile
  }
  return total;
}

function run(
  base: string,
  scenario: ListingScenario,
  connections: number,
  durationS: number,
): Promise<autocannon.Result> {
  const [, path] = scenario;
  let n = 0;
  const requests: autocannon.Request[] =
    typeof path === 'string'
      ? [{ method: 'GET', path }]
      : [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path(n++) }) }];
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration: durationS, requests, timeout: 10 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const rowOf = (products: number, scenario: string, target: CatalogRow['target'], r: autocannon.Result): CatalogRow => ({
  products,
  scenario,
  target,
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts,
  non2xx: r.non2xx,
});

/** Measures every listing scenario at each catalogue size; the shop runs on the size's own database. */
export async function runCatalogBench(opts: {
  sizes: number[];
  connections: number;
  durationS: number;
  dataDir: string;
}): Promise<CatalogRow[]> {
  const rows: CatalogRow[] = [];
  for (const size of opts.sizes) {
    const catalog = await openCatalogDatabase(size);
    let shop: ChildProcess | undefined;
    let twin: ChildProcess | undefined;
    const counter = new pg.Client({ connectionString: catalog.url });
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      shop = await startShop(path.join(opts.dataDir, `catalog-${size}`), port, {
        DATABASE_URL: catalog.url,
        LISTING_CACHE_MS: '0',
        JOBS: 'off',
      });
      await counter.connect();
      const commits = async () =>
        Number(
          (
            await counter.query<{ n: string }>(
              'select xact_commit as n from pg_stat_database where datname = current_database()',
            )
          ).rows[0]?.n,
        );
      const scenarios = listingScenarios(catalog.products);
      // Fixtures: the real answers, so both sides serialise the same bytes.
      const listings: Record<string, unknown> = {};
      for (const [, p] of scenarios) {
        const url = typeof p === 'string' ? p : p(0);
        listings[url] = await (await fetch(`${base}${url}`)).json();
      }
      const list = listings['/api/products?limit=20'];
      const started = await startTwin({ list, search: list, listings });
      twin = started.child;
      const memoryBase = `http://127.0.0.1:${started.port}`;
      for (const scenario of scenarios) {
        const [name] = scenario;
        await run(base, scenario, opts.connections, Math.min(2, opts.durationS)); // warm-up, discarded
        const app0 = cpuMs(shop.pid!);
        const db0 = cpuMs(catalog.embedded.pid, true);
        const commits0 = await commits();
        const db = await run(base, scenario, opts.connections, opts.durationS);
        // Backends report their transactions to the statistics at most once a second.
        await new Promise((r) => setTimeout(r, 1_500));
        const requests = db.requests.total || 1;
        rows.push({
          ...rowOf(catalog.products, name, 'db', db),
          appCpuMs: (cpuMs(shop.pid!) - app0) / requests,
          dbCpuMs: (cpuMs(catalog.embedded.pid, true) - db0) / requests,
          // Less the counter's own two statements.
          statements: Math.max(0, (await commits()) - commits0 - 1) / requests,
        });
        const twin0 = cpuMs(started.child.pid!);
        const memory = await run(memoryBase, scenario, opts.connections, opts.durationS);
        rows.push({
          ...rowOf(catalog.products, name, 'memory', memory),
          appCpuMs: (cpuMs(started.child.pid!) - twin0) / (memory.requests.total || 1),
        });
      }
    } finally {
      twin?.kill('SIGTERM');
      await counter.end().catch(() => {});
      if (shop) await stopShop(shop);
      await catalog.stop();
    }
  }
  return rows;
}

/** The listing targets: req/s with the cache off, and p99 at 100,000 products. */
export const CATALOG_TARGET = { rps: 1_500, p99AtLargeMs: 50 };

export function printCatalog(rows: CatalogRow[], connections: number) {
  console.log(
    `\ncatalogue queries, listing cache off (LISTING_CACHE_MS=0), ${connections} connections ` +
      `(target >= ${CATALOG_TARGET.rps} req/s; p99 < ${CATALOG_TARGET.p99AtLargeMs} ms at 100,000 products):`,
  );
  const head = [
    'products',
    'scenario',
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'err',
    'non-2xx',
    'ratio',
    'app CPU ms/req',
    'db CPU ms/req',
    'statements/req',
  ];
  const lines = rows.map((r) => {
    const twin = rows.find((o) => o.products === r.products && o.scenario === r.scenario && o.target === 'memory');
    const db = r.target === 'db';
    return [
      String(r.products),
      r.scenario,
      r.target,
      String(r.rps),
      String(r.p50),
      String(r.p99),
      String(r.errors),
      String(r.non2xx),
      db && twin ? (r.rps / twin.rps).toFixed(2) : '',
      (r.appCpuMs ?? 0).toFixed(2),
      db ? (r.dbCpuMs ?? 0).toFixed(2) : '',
      db ? (r.statements ?? 0).toFixed(2) : '',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(fmt(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

// `node --import tsx bench/catalog.ts`: this part of `npm run bench` alone (BENCH_CATALOG_SIZES, BENCH_DURATION,
// BENCH_CONNECTIONS as there).
if (import.meta.url === `file://${process.argv[1]}`) {
  const os = await import('node:os');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-catalog-shops-'));
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  try {
    const sizes = (process.env.BENCH_CATALOG_SIZES ?? '2000,100000').split(',').map(Number);
    const rows = await runCatalogBench({
      sizes,
      connections,
      durationS: Number(process.env.BENCH_DURATION ?? 10),
      dataDir,
    });
    printCatalog(rows, connections);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
