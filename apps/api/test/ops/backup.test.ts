import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { STABLE_TEXT_SETTINGS, shopTables, tableFigures } from '../../src/ops/backup.ts';
import { runningEmbeddedUrl } from '../../src/ops/database.ts';
import { verifyBackupFile } from '../../src/ops/restore.ts';
import { ADDRESS, card } from '../orders-fixtures.ts';
import { ROOT } from '../web-build.ts';
import {
  exited,
  type ShopProcess,
  startDatabaseServer,
  startShop,
  stopEverything,
  tempDir,
  waitFor,
} from './harness.ts';

/**
 * `npm run backup` while shoppers place orders in a loop, `npm run restore` into a new
 * empty DATA_DIR (embedded) or an empty database (DATABASE_URL), a shop started on it. The restored
 * database equals the backup's manifest (row counts and per-table checksums), and the manifest is one
 * snapshot of the source: every order has its lines, stock and its movements agree with the source's,
 * every order answered before the backup began is in it. The restored shop serves and an old customer
 * signs in (and their token from before the backup still works: the backup carries the JWT secret).
 */

const scripts = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of scripts) child.kill('SIGKILL');
  await stopEverything();
});

/** The environment of a command: this test's settings only, none of the caller's database settings. */
function envFor(settings: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, JWT_SECRET: _secret, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'warn', ...settings };
}

/** `npm run <name> -- <args>` as an operator types it; its exit code and everything it printed. */
function npmRun(name: string, args: string[], settings: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', name, '--', ...args], {
      cwd: ROOT,
      env: envFor(settings),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    scripts.add(child);
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    void exited(child).then((code) => {
      scripts.delete(child);
      resolve({ code, output });
    });
  });
}

interface Placed {
  id: string;
  /** When the answer came, on this test's clock. */
  at: number;
}

/** Shoppers placing guest card orders in a loop until `stop()`; each order with its own Idempotency-Key. */
function checkoutLoad(shop: ShopProcess, productIds: string[], shoppers: number) {
  const placed: Placed[] = [];
  const unexpected: string[] = [];
  let running = true;
  const loops = Array.from({ length: shoppers }, async (_, n) => {
    let i = n;
    while (running) {
      try {
        const product = productIds[i++ % productIds.length];
        const res = await shop.api('orders', {
          method: 'POST',
          headers: { 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            email: `shopper-${randomUUID().slice(0, 8)}@example.com`,
            items: [{ product_id: product, quantity: 1 }],
            shipping_address: ADDRESS,
            shipping_method: 'standard',
            payment: card(),
          }),
        });
        const body = (await res.json()) as { id?: string; message?: string };
        if (res.status === 201 && body.id) placed.push({ id: body.id, at: Date.now() });
        // Out of stock (409) is an honest answer under load; anything else is not.
        else if (res.status !== 409) unexpected.push(`${res.status} ${body.message}`);
      } catch (err) {
        // The shop went away (a failed test stops it): end this shopper, the test reports the rest.
        unexpected.push(`shopper ${n}: ${(err as Error).message}`);
        return;
      }
    }
  });
  return {
    placed,
    unexpected,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Row count and checksum of every table of the shop in the database at `url`. */
async function figuresOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const s of STABLE_TEXT_SETTINGS) await client.query(s);
    const out: Record<string, { rows: number; checksum: string }> = {};
    for (const t of await shopTables(client)) out[t.name] = await tableFigures(client, t);
    return out;
  } finally {
    await client.end();
  }
}

/**
 * Figures of a database a running shop uses, without the table its scheduler writes by itself once a
 * minute (scheduled_runs: a tick may land between two readings); every other table must hold still.
 */
function withoutTicks(figures: Record<string, { rows: number; checksum: string }>) {
  const { scheduled_runs: _tick, ...rest } = figures;
  return rest;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Per product, stock now minus every recorded movement: the stock before any order, the same in every
 * consistent state of the shop. A backup that read products and stock_movements at different instants
 * (an order committed between the two reads) shows a different figure.
 */
const STOCK_BASE = `select p.id::text as id, (p.available - coalesce(sum(m.delta), 0))::int as base
  from products p left join stock_movements m on m.product_id = p.id group by p.id order by p.id`;
const ORDERS_WITHOUT_LINES = `select count(*)::int as n from orders o
  where not exists (select 1 from order_lines l where l.order_id = o.id)`;
const ORDER_IDS = 'select id::text as id from orders';

interface Side {
  /** Settings of the shop and of its commands, apart from DATA_DIR. */
  settings: Record<string, string>;
  /** The database URL to read the shop's data directly (while a shop runs on it). */
  url(dataDir: string): string;
}

async function roundTrip(source: Side, target: Side) {
  // The source shop, a customer with an order, then shoppers in a loop.
  const sourceDir = tempDir('backup-src');
  const shop = await startShop({ dataDir: sourceDir, env: { RATE_LIMIT_SCALE: '1000', ...source.settings } });
  const sourceUrl = source.url(sourceDir);
  const customer = { email: `old-${randomUUID().slice(0, 8)}@example.com`, password: 'Backup-and-restore-2026!' };
  const registered = await shop.api('auth/register', {
    method: 'POST',
    body: JSON.stringify({
      first_name: 'Old',
      last_name: 'Customer',
      username: `old${randomUUID().slice(0, 8)}`,
      ...customer,
    }),
  });
  expect(registered.status).toBe(201);
  const login = (await (await shop.api('auth/login', { method: 'POST', body: JSON.stringify(customer) })).json()) as {
    access: string;
  };
  const listing = (await (await shop.api('products?limit=100')).json()) as {
    items: { id: string; available: number; colors: string[]; available_sizes: string[] }[];
  };
  // Products that need no colour or size choice (ADR 014), with stock to sell.
  const productIds = listing.items
    .filter((p) => p.available > 0 && p.colors.length === 0 && p.available_sizes.length === 0)
    .map((p) => p.id);
  expect(productIds.length).toBeGreaterThan(3);
  const added = await shop.api('products/add-to-cart', {
    method: 'POST',
    headers: { authorization: `Bearer ${login.access}` },
    body: JSON.stringify({ product_id: productIds[0], quantity: 1 }),
  });
  expect(added.status, await added.clone().text()).toBe(200);
  const ordered = await shop.api('orders', {
    method: 'POST',
    headers: { authorization: `Bearer ${login.access}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ shipping_address: ADDRESS, shipping_method: 'standard', payment: { method: 'pay_later' } }),
  });
  expect(ordered.status).toBe(201);

  const load = checkoutLoad(shop, productIds, 4);
  await waitFor('shoppers to place some orders', () => load.placed.length >= 10, { timeoutMs: 60_000 });
  const pidFile = path.join(sourceDir, 'pg', 'postmaster.pid');
  const embedded = !source.settings.DATABASE_URL;
  const postmaster = embedded ? fs.readFileSync(pidFile, 'utf8').split('\n')[0] : undefined;

  const file = path.join(tempDir('backup-file'), 'shop.backup');
  const backupStarted = Date.now();
  const countAtStart = load.placed.length;
  const backup = await npmRun('backup', [file], { DATA_DIR: sourceDir, ...source.settings });
  const backupEnded = Date.now();
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toMatch(/^Backup written to .+: \d+ tables, \d+ rows/m);
  // Orders kept being answered while the backup ran: it was taken under load.
  await waitFor('shoppers to place orders after the backup', () => load.placed.length >= countAtStart + 5);
  await load.stop();
  expect(load.unexpected).toEqual([]);
  const placedDuring = load.placed.filter((p) => p.at > backupStarted && p.at < backupEnded).length;
  // Shoppers were answered while the backup ran (it takes a second or more: the command's own start alone).
  expect(placedDuring).toBeGreaterThan(0);

  // The backup connected to the shop's running database: no second postmaster, the first still serves.
  expect(backup.output).not.toContain('started the embedded database');
  if (embedded) expect(fs.readFileSync(pidFile, 'utf8').split('\n')[0]).toBe(postmaster);
  expect((await shop.api('products?limit=1')).status).toBe(200);

  const checked = await verifyBackupFile(file);
  expect(checked.ok).toBe(true);
  if (!checked.ok) return;
  const manifest = checked.value;

  // Restore into a new, empty DATA_DIR (and database); the shop is then started there.
  const targetDir = tempDir('backup-dst');
  const restore = await npmRun('restore', [file], { DATA_DIR: targetDir, ...target.settings });
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toContain('counts and checksums match the backup');

  // Restored = the manifest: every table's row count and checksum, read before any shop runs on it.
  const restoredFigures = await withTargetDatabase(targetDir, target, figuresOf);
  expect(restoredFigures).toEqual(
    Object.fromEntries(manifest.tables.map((t) => [t.name, { rows: t.rows, checksum: t.checksum }])),
  );

  // The manifest is one snapshot of the source: orders have their lines, stock agrees with its movements
  // as in the source, and every order answered before the backup began is in it (and none that never was).
  const [restoredIds, restoredBase, missingLines] = await withTargetDatabase(targetDir, target, (url) =>
    Promise.all([
      query<{ id: string }>(url, ORDER_IDS),
      query(url, STOCK_BASE),
      query<{ n: number }>(url, ORDERS_WITHOUT_LINES),
    ]),
  );
  expect(missingLines[0]?.n).toBe(0);
  expect(restoredBase).toEqual(await query(sourceUrl, STOCK_BASE));
  const inBackup = new Set(restoredIds.map((r) => r.id));
  const sourceIds = new Set((await query<{ id: string }>(sourceUrl, ORDER_IDS)).map((r) => r.id));
  expect(load.placed.filter((p) => p.at < backupStarted && !inBackup.has(p.id))).toEqual([]);
  expect([...inBackup].filter((id) => !sourceIds.has(id))).toEqual([]);
  // Orders placed after the backup finished are not in it: it is a snapshot, not a copy of the end state.
  expect(load.placed.filter((p) => p.at > backupEnded + 1000 && inBackup.has(p.id))).toEqual([]);
  expect(inBackup.size).toBeLessThan(sourceIds.size);

  // The restored shop serves, the old customer signs in and sees their order, their old token still works.
  const restored = await startShop({ dataDir: targetDir, env: { RATE_LIMIT_SCALE: '1000', ...target.settings } });
  expect((await restored.api('products?limit=5')).status).toBe(200);
  const signIn = await restored.api('auth/login', { method: 'POST', body: JSON.stringify(customer) });
  expect(signIn.status).toBe(200);
  const { access } = (await signIn.json()) as { access: string };
  const orders = (await (await restored.api('orders', { headers: { authorization: `Bearer ${access}` } })).json()) as {
    items: unknown[];
  };
  expect(orders.items.length).toBe(1);
  const oldToken = await restored.api('auth/session', { headers: { authorization: `Bearer ${login.access}` } });
  expect(oldToken.status).toBe(200);

  await restored.stop();
  await shop.stop();
  const figures = {
    ordersInBackup: manifest.tables.find((t) => t.name === 'orders')?.rows,
    ordersPlacedByShoppers: load.placed.length,
    ordersPlacedDuringBackup: placedDuring,
    backupBytes: fs.statSync(file).size,
  };
  console.log(`backup round trip: ${JSON.stringify(figures)}`);
  return figures;
}

/** Runs `read` on the restored database: the target's own server (DATABASE_URL) or its DATA_DIR started for it. */
async function withTargetDatabase<T>(dataDir: string, side: Side, read: (url: string) => Promise<T>): Promise<T> {
  if (side.settings.DATABASE_URL) return read(side.settings.DATABASE_URL);
  const running = runningEmbeddedUrl(dataDir);
  if (running) return read(running);
  const embedded = await startEmbeddedPostgres(dataDir, { info: () => {}, warn: () => {} });
  try {
    return await read(embedded.url);
  } finally {
    await embedded.stop();
  }
}

describe('npm run backup / npm run restore under a checkout load', () => {
  it('embedded: backup of a running shop, restored into an empty DATA_DIR, is the same shop', async () => {
    const embedded: Side = {
      settings: {},
      url: (dataDir) => runningEmbeddedUrl(dataDir) ?? '',
    };
    const result = await roundTrip(embedded, embedded);
    expect(result?.ordersInBackup).toBeGreaterThan(10);
  });

  it('DATABASE_URL: backup of a running shop, restored into an empty database, is the same shop', async () => {
    const server = await startDatabaseServer();
    const from = await server.createDatabase();
    const to = await server.createDatabase();
    const result = await roundTrip(
      { settings: { DATABASE_URL: from }, url: () => from },
      { settings: { DATABASE_URL: to }, url: () => to },
    );
    expect(result?.ordersInBackup).toBeGreaterThan(10);
  });

  it('refuses a restore over a running shop and of a damaged file, and a backup of an empty DATA_DIR, changing nothing; backs up a stopped shop by starting and stopping its database', async () => {
    const dataDir = tempDir('backup-busy');
    const shop = await startShop({ dataDir });
    const url = runningEmbeddedUrl(dataDir) ?? '';
    const before = await figuresOf(url);
    const file = path.join(tempDir('backup-file'), 'shop.backup');
    expect((await npmRun('backup', [file], { DATA_DIR: dataDir })).code).toBe(0);
    const refused = await npmRun('restore', [file], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/The target database is not empty \(table \w+ has rows\).*Nothing was changed\./);
    const damaged = path.join(path.dirname(file), 'damaged.backup');
    fs.writeFileSync(damaged, fs.readFileSync(file).subarray(0, 5000));
    const emptyDir = tempDir('backup-never');
    const refusedFile = await npmRun('restore', [damaged], { DATA_DIR: emptyDir });
    expect(refusedFile.code).toBe(1);
    expect(refusedFile.output).toMatch(/damaged.backup is damaged \(.+\): use another backup\. Nothing was changed\./);
    // A bad file is refused before a database is made in DATA_DIR.
    expect(fs.readdirSync(emptyDir)).toEqual([]);
    expect(withoutTicks(await figuresOf(url))).toEqual(withoutTicks(before));
    // Nothing to back up in an empty DATA_DIR: said so, and no database is made there.
    const nothing = await npmRun('backup', [path.join(path.dirname(file), 'nothing.backup')], { DATA_DIR: emptyDir });
    expect(nothing.code).toBe(1);
    expect(nothing.output).toContain(`There is no shop database in ${emptyDir}`);
    expect(fs.readdirSync(emptyDir)).toEqual([]);
    await shop.stop();

    // With no shop running the backup starts the database itself, and stops it when done.
    const stopped = await npmRun('backup', [path.join(path.dirname(file), 'stopped.backup')], { DATA_DIR: dataDir });
    expect(stopped.code, stopped.output).toBe(0);
    expect(stopped.output).toContain('started the embedded database');
    expect(runningEmbeddedUrl(dataDir)).toBeUndefined();
    const again = await verifyBackupFile(path.join(path.dirname(file), 'stopped.backup'));
    expect(again.ok).toBe(true);
    if (again.ok) {
      const stoppedFigures = Object.fromEntries(
        again.value.tables.map((t) => [t.name, { rows: t.rows, checksum: t.checksum }]),
      );
      expect(withoutTicks(stoppedFigures)).toEqual(withoutTicks(before));
    }
  });
});
