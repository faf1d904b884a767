// `npm run bench`: the built server on the embedded database, each route beside its memory twin in the
// same run (docs/architecture.md §9). Traffic goes to 127.0.0.1 only; every run is bounded in time and stops itself.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { printCacheMemory, runCacheMemoryBench } from './cache-memory.ts';
import { cpuMs, printCatalog, runCatalogBench } from './catalog.ts';
import { type CartLine, printCheckout, runCheckout } from './checkout.ts';
import { printImport, runImportBench } from './import.ts';
import { printInvalidation, runInvalidationBench } from './invalidation.ts';
import { runWebBudgets } from './lighthouse.ts';
import { printProcessMemory, runProcessMemoryBench } from './process-memory.ts';
import { printSeed, runSeedBench } from './seed.ts';
import { BENCH_ADMIN, freePort, ROOT, startShop, startTwin, stopShop } from './shop.ts';
import { printValidation, runValidationBench } from './validation.ts';

// The server measured is the compiled one, as on a deployed tree: built now, so that sources changed since
// the last build are not measured through tsx (slower, and ~80 MiB more of it).
execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-api.mjs')], { cwd: ROOT, stdio: 'ignore' });

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Staff are a handful of people, not a crowd: the admin routes are measured at this many connections. */
const STAFF_CONNECTIONS = Number(process.env.BENCH_STAFF_CONNECTIONS ?? 5);
/**
 * `BENCH_ONLY=page` runs only the sections and routes whose name contains one of the comma-separated
 * words (a quicker look at one thing); unset, everything runs.
 */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const wanted = (name: string) => ONLY.length === 0 || ONLY.some((word) => name.includes(word));

interface Row {
  scenario: string;
  target: 'db' | 'memory';
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time of the shop's own process per answer (ms), where it was measured. */
  cpuMs?: number;
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

type Request = autocannon.Request;

type Scenario = { requests: Request[]; setupClient?: (client: autocannon.Client) => void; connections?: number };

/** CPU time (user + system, ms) the shop's process has used so far; undefined when not measured. */
const cpuTimeMs = (pid: number | undefined) => (pid === undefined ? undefined : cpuMs(pid));

function load(base: string, scenario: Scenario, name: string, target: Row['target'], pid?: number): Promise<Row> {
  return new Promise((resolve, reject) => {
    const { requests, setupClient, connections = CONNECTIONS } = scenario;
    const opts = { url: base, connections, duration: DURATION_S, requests, timeout: 10, setupClient };
    const cpuBefore = cpuTimeMs(pid);
    autocannon(opts, (err, result) => {
      if (err) return reject(err);
      const cpuAfter = cpuTimeMs(pid);
      const answers = result.requests.total;
      const cpuMs =
        cpuBefore !== undefined && cpuAfter !== undefined && answers > 0 ? (cpuAfter - cpuBefore) / answers : undefined;
      resolve({
        ...(cpuMs !== undefined ? { cpuMs } : {}),
        scenario: name,
        target,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
    });
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`bench: ${CONNECTIONS} connections, ${DURATION_S} s per run, on ${os.cpus().length} cores`);
  // Validation stays linear at every route's largest body (in-process, before the load).
  if (wanted('validation') && !printValidation(await runValidationBench())) process.exitCode = 1;
  // The seed's time is a figure here, never a test's assertion.
  if (wanted('seed') && !printSeed(await runSeedBench())) process.exitCode = 1;
  // The listing cache's memory after many distinct queries, against CACHE_MAX_MB.
  if (wanted('cache memory') && !printCacheMemory(await runCacheMemoryBench())) process.exitCode = 1;
  // The server process's resident memory (VmRSS, peak VmHWM) under 2,000 distinct listing pages, caches at
  // their defaults, against a 300 MiB budget (docs/performance.md).
  if (wanted('process memory') && !printProcessMemory(await runProcessMemoryBench())) process.exitCode = 1;
  // A change through one process reaching another on the same database.
  if (wanted('invalidation') && !printInvalidation(await runInvalidationBench())) process.exitCode = 1;
  // A dry run and an apply of a 10,000-row product import, timed (the issue asks < 1 minute).
  if (wanted('import') && !printImport(await runImportBench())) process.exitCode = 1;
  // The catalogue's queries with the listing cache off, at the demo's size and at 100,000 products.
  if (wanted('catalog')) {
    const catalogSizes = (process.env.BENCH_CATALOG_SIZES ?? '2000,100000').split(',').map(Number);
    const catalogRows = await runCatalogBench({
      sizes: catalogSizes,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      dataDir,
    });
    printCatalog(catalogRows, CONNECTIONS);
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results/catalog.json'), JSON.stringify(catalogRows, null, 2));
  }
  const shop = await startShop(dataDir, port);
  let twin: ChildProcess | undefined;
  try {
    // Fixtures: the real answers, so both sides serialise the same bytes.
    type Item = { id: string; name: string; available: number; colors: string[]; available_sizes: string[] };
    type List = { items: Item[] };
    const list = await json<List>(`${base}/api/products?limit=20`);
    const first = list.items[0]!;
    const product = await json(`${base}/api/products/${first.id}`);
    const search = await json(`${base}/api/products?q=wireless&limit=20`);
    // What a shopper sends for one product: the variant picked on its page, here one with deep
    // stock, so the per-line stock cap is never what the add-to-cart run measures.
    type Variants = { variants: { id: string; available: number }[] };
    const stocked: CartLine[] = [];
    for (let page = 1; page <= 5; page++) {
      const p = await json<List>(`${base}/api/products?in_stock=true&limit=100&page=${page}`);
      for (const i of p.items.filter((i) => i.available >= 300)) {
        const { variants } = await json<Variants>(`${base}/api/products/${i.id}/variants`);
        const deep = variants.find((v) => v.available >= 100);
        if (deep) stocked.push({ product_id: i.id, variant_id: deep.id });
      }
    }
    // One shopper per connection, as in a shop; each keeps a cart of ten lines, so what is measured is
    // the add, not an ever-growing cart.
    const tokens: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const user = {
        first_name: 'Bench',
        last_name: 'User',
        username: `bench${i}`,
        email: `bench${i}@example.com`,
        password: 'Bench-Passw0rd',
      };
      await json(`${base}/api/auth/register`, { method: 'POST', body: JSON.stringify(user) });
      const { access } = await json<{ access: string }>(`${base}/api/auth/login`, {
        method: 'POST',
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      tokens.push(access);
    }
    const cart = await json(`${base}/api/products/add-to-cart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[0]}` },
      body: JSON.stringify(stocked[0]),
    });

    // Staff: the dashboard and a quarter's daily sales over the seeded months of orders.
    const { access: adminToken } = await json<{ access: string }>(`${base}/api/auth/login`, {
      method: 'POST',
      body: JSON.stringify(BENCH_ADMIN),
    });
    const staffHeaders = { authorization: `Bearer ${adminToken}` };
    const today = new Date().toISOString().slice(0, 10);
    const quarterAgo = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const salesPath = `/api/admin/reports/sales?from=${quarterAgo}&to=${today}&group=day`;
    const dashboard = await json(`${base}/api/admin/dashboard`, { headers: staffHeaders });
    const sales = await json(`${base}${salesPath}`, { headers: staffHeaders });
    const orders = await json(`${base}/api/admin/orders?limit=20`, { headers: staffHeaders });
    const staffGet = (path: string): Scenario => ({
      requests: [{ method: 'GET', path, headers: staffHeaders }],
      connections: STAFF_CONNECTIONS,
    });

    // Pages as a shopper loads them — a category and a product page, from the page cache, and
    // the product page with a query string that changes every request, so every answer is a fresh render.
    const [category] = await json<{ id: string }[]>(`${base}/api/categories`);
    const categoryPath = `/products/category/${category?.id}`;
    const productPath = `/products/${first.id}`;
    const pages: Record<string, string> = {};
    for (const pagePath of ['/', categoryPath, productPath]) {
      const res = await fetch(`${base}${pagePath}`, { redirect: 'manual' });
      if (res.status !== 200) throw new Error(`GET ${pagePath} → ${res.status}`);
      pages[pagePath] = await res.text();
    }
    const browser = { 'accept-encoding': 'br, gzip' };
    /** A page whose query string changes every request: every answer is a fresh render (a miss). */
    const everyRenderRequest = (pagePath: string): Scenario => {
      let n = 0;
      const join = pagePath.includes('?') ? '&' : '?';
      return {
        requests: [
          {
            method: 'GET',
            path: pagePath,
            headers: browser,
            setupRequest: (request) => ({ ...request, path: `${pagePath}${join}v=${n++}` }),
          },
        ],
      };
    };

    // A guest's quote by destination: three lines to Berlin, priced with the EU zone's methods and
    // German VAT (docs/adr/048-shipping-zones.md, docs/adr/049-tax-by-destination.md).
    const quoteBody = JSON.stringify({
      email: 'bench-quote@example.com',
      items: stocked.slice(0, 3).map((l) => ({ ...l, quantity: 1 })),
      shipping_address: {
        name: 'Bench Shopper',
        line1: 'Unter den Linden 1',
        city: 'Berlin',
        postal_code: '10117',
        country: 'DE',
      },
      shipping_method: 'express',
    });
    const quote = await json(`${base}/api/checkout/quote`, { method: 'POST', body: quoteBody });

    const started = await startTwin({ list, product, search, cart, dashboard, sales, orders, pages, quote });
    twin = started.child;
    const memoryBase = `http://127.0.0.1:${started.port}`;

    let shoppers = 0;
    const scenarios: [string, Scenario][] = [
      ['GET /api/products?limit=20', { requests: [{ method: 'GET', path: '/api/products?limit=20' }] }],
      [`GET /api/products/{id}`, { requests: [{ method: 'GET', path: `/api/products/${first.id}` }] }],
      ['GET /api/products?q=wireless', { requests: [{ method: 'GET', path: '/api/products?q=wireless&limit=20' }] }],
      ['GET / (page)', { requests: [{ method: 'GET', path: '/', headers: browser }] }],
      ['GET /?v=N (page, every answer rendered)', everyRenderRequest('/')],
      ['GET /products/category/{id} (page)', { requests: [{ method: 'GET', path: categoryPath, headers: browser }] }],
      ['GET /products/category/{id}?v=N (page, every answer rendered)', everyRenderRequest(categoryPath)],
      ['GET /products/{id} (page)', { requests: [{ method: 'GET', path: productPath, headers: browser }] }],
      ['GET /products/{id}?v=N (page, every answer rendered)', everyRenderRequest(productPath)],
      [
        'POST /api/products/add-to-cart',
        {
          requests: [{ method: 'POST', path: '/api/products/add-to-cart' }],
          // Each connection is one shopper with its own token, cycling over ten products. Each add carries
          // a fresh Idempotency-Key, as the storefront's always does (ADR 004).
          setupClient: (client) => {
            const shopper = shoppers++ % tokens.length;
            let n = 0;
            const next = () => JSON.stringify(stocked[(shopper * 10 + (n++ % 10)) % stocked.length]);
            const headers = () => ({
              authorization: `Bearer ${tokens[shopper]}`,
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            });
            client.setHeadersAndBody(headers(), next());
            client.on('response', () => client.setHeadersAndBody(headers(), next()));
          },
        },
      ],
      [
        'POST /api/checkout/quote (guest, by destination)',
        {
          requests: [
            {
              method: 'POST',
              path: '/api/checkout/quote',
              headers: { 'content-type': 'application/json' },
              body: quoteBody,
            },
          ],
        },
      ],
      [`GET /api/admin/dashboard (${STAFF_CONNECTIONS} staff)`, staffGet('/api/admin/dashboard')],
      [`GET /api/admin/reports/sales, 90 days (${STAFF_CONNECTIONS} staff)`, staffGet(salesPath)],
      [`GET /api/admin/orders?limit=20 (${STAFF_CONNECTIONS} staff)`, staffGet('/api/admin/orders?limit=20')],
    ];

    const rows: Row[] = [];
    for (const [name, scenario] of scenarios.filter(([name]) => wanted(name))) {
      await load(base, scenario, name, 'db').catch(() => undefined); // warm-up, discarded
      rows.push(await load(base, scenario, name, 'db', shop.pid));
      rows.push(await load(memoryBase, scenario, name, 'memory'));
    }
    print(rows);
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results/latest.json'), JSON.stringify(rows, null, 2));

    // Checkout: concurrent shoppers placing orders, then the invariants.
    if (wanted('checkout')) {
      const checkout = await runCheckout({
        port,
        lines: stocked.slice(0, 30),
        shoppers: Number(process.env.BENCH_SHOPPERS ?? 20),
        maxOrders: Number(process.env.BENCH_CHECKOUT_ORDERS ?? 200),
        maxSeconds: Number(process.env.BENCH_CHECKOUT_SECONDS ?? 20),
      });
      printCheckout(checkout);
      fs.writeFileSync(path.join(ROOT, 'bench/results/checkout.json'), JSON.stringify(checkout, null, 2));
      if (checkout.errors > 0 || !checkout.stockInvariantHolds || !checkout.oneOrderPerKey) process.exitCode = 1;
    }
    twin.kill('SIGTERM');
    twin = undefined;

    // The storefront's budgets in the browser (docs/architecture.md §9): Lighthouse, initial JS, admin chunks.
    if (wanted('lighthouse') && !(await runWebBudgets(base))) process.exitCode = 1;
  } finally {
    twin?.kill('SIGTERM');
    await stopShop(shop);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(rows: Row[]) {
  const head = [
    'scenario',
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    'ratio to memory',
    'app CPU ms',
  ];
  const lines = rows.map((r) => {
    const twin = rows.find((o) => o.scenario === r.scenario && o.target === 'memory');
    const ratio = r.target === 'db' && twin ? (r.rps / twin.rps).toFixed(2) : '';
    return [
      r.scenario,
      r.target,
      String(r.rps),
      String(r.p50),
      String(r.p99),
      String(r.errors),
      String(r.non2xx),
      ratio,
      r.cpuMs !== undefined ? r.cpuMs.toFixed(2) : '',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(fmt(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
