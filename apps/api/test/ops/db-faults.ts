import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { ADDRESS, PAY_LATER } from '../orders-fixtures.ts';
import { freePort, type ShopProcess, tempDir, withDatabase } from './harness.ts';

/**
 * Database faults for the operations tests: a database server that can be
 * stopped and started again at the same address, a whole cluster frozen with SIGSTOP, and a guest
 * checkout to send while they last. Folders come from the harness's tempDir (removed, and a postmaster
 * left in them stopped, by `stopEverything()`); call `stopDatabases()` in afterAll too.
 */

const quiet = { info: () => {}, warn: () => {} };
const running = new Set<EmbeddedPostgres>();

export interface RestartableDatabase {
  /** A database on this server, created at the start; its URL stays valid across stop/start. */
  url: string;
  readonly pid: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A PostgreSQL server of the test's own that can go down and come back on the same port. */
export async function restartableDatabase(): Promise<RestartableDatabase> {
  const dir = tempDir('pg-restartable');
  const port = await freePort();
  let server = await startEmbeddedPostgres(dir, quiet, { port });
  running.add(server);
  const name = `ops_down_${process.pid}`;
  const admin = new pg.Client({ connectionString: withDatabase(server.url, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(server.url, name),
    get pid() {
      return server.pid;
    },
    async stop() {
      running.delete(server);
      await server.stop();
    },
    async start() {
      server = await startEmbeddedPostgres(dir, quiet, { port });
      running.add(server);
    },
  };
}

export async function stopDatabases(): Promise<void> {
  for (const server of running) await server.stop().catch(() => {});
  running.clear();
}

/** The PIDs whose parent is `pid` (the postmaster's backends and helpers). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {}
  }
  return children;
}

/**
 * Freezes a whole PostgreSQL cluster — the postmaster and every process it started — as a stalled disk or
 * a paused VM would: connections open but nothing answers. Returns the thaw (SIGCONT to the same PIDs),
 * which `stopEverything()` also covers for the postmaster.
 */
export function freezeCluster(postmasterPid: number): { thaw(): void; frozen(): boolean } {
  const pids = [postmasterPid, ...childrenOf(postmasterPid)];
  // Children first, so the postmaster cannot start new ones while we go.
  for (const pid of pids.slice(1)) signal(pid, 'SIGSTOP');
  signal(postmasterPid, 'SIGSTOP');
  let frozen = true;
  return {
    thaw() {
      if (!frozen) return;
      frozen = false;
      signal(postmasterPid, 'SIGCONT');
      for (const pid of pids.slice(1)) signal(pid, 'SIGCONT');
    },
    frozen: () => frozen,
  };
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {}
}

/** The postmaster PID of an embedded shop's DATA_DIR, from its postmaster.pid. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

/** A product a guest can order without choosing anything: in stock, in a single variant. */
export async function orderableProduct(shop: ShopProcess): Promise<{ id: string; ids: string[] }> {
  const list = (await (await shop.api('products?limit=40')).json()) as {
    items: { id: string; in_stock: boolean; available: number; available_sizes: string[]; colors: string[] }[];
  };
  const fit = list.items.filter(
    (p) => p.in_stock && p.available > 5 && p.available_sizes.length === 0 && p.colors.length === 0,
  );
  for (const p of fit) {
    const { variants } = (await (await shop.api(`products/${p.id}/variants`)).json()) as { variants: unknown[] };
    if (variants.length === 1) return { id: p.id, ids: list.items.map((i) => i.id) };
  }
  throw new Error('no orderable product in the first page of the catalogue');
}

/** The first variant of a product that is in stock, as a shopper picks it on the product page. */
export async function inStockVariant(shop: ShopProcess, productId: string): Promise<string> {
  const { variants } = (await (await shop.api(`products/${productId}/variants`)).json()) as {
    variants: { id: string; available: number }[];
  };
  const variant = variants.find((v) => v.available > 0);
  if (!variant) throw new Error(`no variant of ${productId} in stock`);
  return variant.id;
}

/** A guest checkout (POST /api/orders, pay later) with a fresh Idempotency-Key. */
export function guestCheckout(shop: ShopProcess, productId: string): Promise<Response> {
  return shop.api('orders', {
    method: 'POST',
    headers: { 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      email: `guest-${randomUUID().slice(0, 8)}@example.com`,
      items: [{ product_id: productId, quantity: 1 }],
      shipping_address: ADDRESS,
      shipping_method: 'standard',
      payment: PAY_LATER,
    }),
  });
}

/** What a 503 for an unreachable database must carry: Retry-After and the shop's error body. */
export async function unavailableAnswer(res: Response) {
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    retryAfter: /^\d+$/.test(res.headers.get('retry-after') ?? ''),
    body: type.includes('json') ? ((await res.json()) as Record<string, unknown>) : await res.text(),
  };
}
