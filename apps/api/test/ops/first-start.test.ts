import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../src/db/migrate.ts';
import * as schema from '../../src/db/schema.ts';
import { seedIfEmpty } from '../../src/db/seed/index.ts';
import {
  type DatabaseServer,
  exited,
  type ShopProcess,
  startDatabaseServer,
  startShop,
  stopEverything,
  waitFor,
} from './harness.ts';

/**
 * Migrations and the first seed are safe when several
 * processes start together on an empty database, and when one is killed half-way through its first start.
 * Every database here is compared with one that a single process migrated and seeded alone (what
 * server.ts does at start, without the serving): the same rows in every table the first start fills
 * (one demo catalogue, one first admin, one set of applied migrations), nothing doubled. Tables that a
 * first start leaves empty are not compared: running shops write their own state there (job workers,
 * scheduled runs, sessions), which says nothing about the seed.
 */

/** The advisory locks taken while migrating (db/migrate.ts) and while seeding (db/seed/index.ts). */
const MIGRATION_LOCK = 7_316_001;
const SEED_LOCK = 7_316_002;

const FIRST_ADMIN_BOX = 'First admin — shown only this once';

let server: DatabaseServer;
/** Row counts of every table after a single process's first start: `schema.table` → rows. */
let reference: Record<string, number>;
/** How many products the storefront lists on that database. */
let listed: number;
const clients = new Set<pg.Client>();

async function connectSql(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.add(client);
  return client;
}

/** Rows in every table of the shop's schema and of drizzle's migration journal. */
async function tableCounts(url: string): Promise<Record<string, number>> {
  const client = await connectSql(url);
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${name}`);
      counts[name] = rows[0]?.n ?? -1;
    }
    return counts;
  } finally {
    clients.delete(client);
    await client.end();
  }
}

/** The counts of the tables a first start fills; the same tables must exist everywhere. */
function expectSameSeed(counts: Record<string, number>) {
  expect(Object.keys(counts)).toEqual(Object.keys(reference));
  const filled = (c: Record<string, number>) =>
    Object.fromEntries(Object.entries(c).filter(([table]) => (reference[table] ?? 0) > 0));
  expect(filled(counts)).toEqual(filled(reference));
}

/** Migrates and seeds as server.ts does at start, in this process, alone. */
async function migrateAndSeedAlone(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  try {
    await applyMigrations(pool);
    const quiet = { info: () => {}, warn: () => {} };
    await seedIfEmpty(drizzle(pool, { schema, casing: 'snake_case' }), { mode: 'demo', log: quiet });
  } finally {
    await pool.end();
  }
}

async function admins(url: string): Promise<number> {
  const client = await connectSql(url);
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from users where role = 'admin'`);
    return rows[0]?.n ?? -1;
  } finally {
    clients.delete(client);
    await client.end();
  }
}

async function listedProducts(shop: ShopProcess): Promise<number> {
  const res = await shop.api('products?limit=1');
  expect(res.status).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/** Whether a session holds the advisory lock `key` (one bigint key: classid = high bits, objid = low bits). */
async function lockHeld(client: pg.Client, key: number): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_locks
      where locktype = 'advisory' and granted and classid = 0 and objid = $1 and objsubid = 1`,
    [key],
  );
  return (rows[0]?.n ?? 0) > 0;
}

beforeAll(async () => {
  server = await startDatabaseServer();
  const url = await server.createDatabase();
  await migrateAndSeedAlone(url);
  reference = await tableCounts(url);
  const alone = await startShop({ databaseUrl: url });
  listed = await listedProducts(alone);
  await alone.stop();
  // The reference itself is a seeded shop: a catalogue, one admin, migrations applied.
  expect(listed).toBeGreaterThan(0);
  expect(reference['public.users']).toBeGreaterThan(1);
  expect(reference['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
  expect(await admins(url)).toBe(1);
});

afterAll(async () => {
  for (const client of clients) await client.end().catch(() => {});
  await stopEverything();
});

describe('shops starting on one empty database', () => {
  it('three shops started at the same moment end with one migrated, seeded database, and all three serve it', async () => {
    const url = await server.createDatabase();
    const shops = await Promise.all([0, 1, 2].map(() => startShop({ databaseUrl: url })));

    expectSameSeed(await tableCounts(url));
    expect(await admins(url)).toBe(1);
    // One of them seeded and showed the first admin's generated password; the others found a shop.
    expect(shops.filter((s) => s.output().includes(FIRST_ADMIN_BOX))).toHaveLength(1);
    for (const shop of shops) expect(await listedProducts(shop)).toBe(listed);
  });

  it.each([
    ['migrating', MIGRATION_LOCK],
    ['seeding', SEED_LOCK],
  ])('a shop killed while %s on an empty database, started again, completes it', async (phase, lock) => {
    const url = await server.createDatabase();
    const watcher = await connectSql(url);
    const first = await startShop({ databaseUrl: url, ready: false });
    // The moment: the lock of that phase is held (polled; the phase lasts far longer than a poll).
    await waitFor('the first start to reach the phase', () => lockHeld(watcher, lock), {
      timeoutMs: 120_000,
      everyMs: 5,
    });
    first.child.kill('SIGKILL');
    await exited(first.child);

    // Nothing half-done stays behind: the phase's transaction is undone (or had just committed whole).
    const after = await tableCounts(url);
    const migrated = after['drizzle.__drizzle_migrations'] ?? 0;
    console.log(`killed while ${phase}: ${migrated} migration(s) recorded, ${after['public.users'] ?? 0} user(s)`);
    expect([0, reference['drizzle.__drizzle_migrations']]).toContain(migrated);
    if (migrated > 0) expect([0, reference['public.users']]).toContain(after['public.users']);

    const again = await startShop({ databaseUrl: url });
    expectSameSeed(await tableCounts(url));
    expect(await admins(url)).toBe(1);
    expect(await listedProducts(again)).toBe(listed);
  });
});
