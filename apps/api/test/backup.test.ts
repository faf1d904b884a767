import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { runScheduledBackup, STABLE_TEXT_SETTINGS, shopTables, tableFigures, writeBackup } from '../src/ops/backup.ts';
import { MAGIC, type Manifest } from '../src/ops/backup-format.ts';
import { restoreBackup, restoreMessage } from '../src/ops/restore.ts';
import { withDatabase } from './global-setup.ts';

/**
 * On the test run's PostgreSQL: a backup of the seeded shop restores into an empty
 * database with every table's rows and checksum equal; the restore refuses a non-empty target and a
 * foreign, damaged or newer file with a clear message, and changes nothing when it refuses.
 * (The round trip under a running checkout load, with the real commands, is apps/api/test/ops/backup.test.ts.)
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-test-'));
const made: string[] = [];
const pools: pg.Pool[] = [];

async function database(template?: string): Promise<{ url: string; pool: pg.Pool }> {
  const name = `shop_b_${inject('pgRun')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(inject('pgServerUrl'), 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  made.push(name);
  const url = withDatabase(inject('pgServerUrl'), name);
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pools.push(pool);
  return { url, pool };
}

/** Products whose stock or sales are not their variants' sums. */
const ROLLED_UP_WRONG = `select p.slug from products p
  left join (select product_id, sum(available)::int as available, sum(sold_count)::int as sold
             from product_variants group by product_id) v on v.product_id = p.id
  where p.available <> coalesce(v.available, 0) or p.sold_count <> coalesce(v.sold, 0)`;

async function figures(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    for (const s of STABLE_TEXT_SETTINGS) await client.query(s);
    const out: Record<string, { rows: number; checksum: string }> = {};
    for (const t of await shopTables(client)) out[t.name] = await tableFigures(client, t);
    return out;
  } finally {
    client.release(true);
  }
}

async function backupOf(pool: pg.Pool, file: string, files: { name: 'jwt-secret'; path: string }[] = []) {
  const client = await pool.connect();
  try {
    return await writeBackup({ client, files }, file);
  } finally {
    client.release(true);
  }
}

let source: { url: string; pool: pg.Pool };
let file: string;
let manifest: Awaited<ReturnType<typeof backupOf>>;

beforeAll(async () => {
  source = await database(inject('pgTemplate'));
  const secret = path.join(dir, 'jwt-secret');
  fs.writeFileSync(secret, 'the-secret-of-the-source-shop-0123456789');
  file = path.join(dir, 'shop.backup');
  manifest = await backupOf(source.pool, file, [{ name: 'jwt-secret', path: secret }]);
});

afterAll(async () => {
  for (const p of pools) await p.end();
  const admin = new pg.Client({ connectionString: withDatabase(inject('pgServerUrl'), 'postgres') });
  await admin.connect();
  for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore of the shop’s database', () => {
  it('records every table in foreign-key order with the figures of the source', async () => {
    const names = manifest.tables.map((t) => t.name);
    expect(names.indexOf('orders')).toBeLessThan(names.indexOf('order_lines'));
    expect(names.indexOf('users')).toBeLessThan(names.indexOf('orders'));
    expect(names.indexOf('products')).toBeLessThan(names.indexOf('stock_movements'));
    expect(names.indexOf('products')).toBeLessThan(names.indexOf('product_variants'));
    expect(names.indexOf('product_variants')).toBeLessThan(names.indexOf('cart_items'));
    const want = await figures(source.pool);
    expect(Object.fromEntries(manifest.tables.map((t) => [t.name, { rows: t.rows, checksum: t.checksum }]))).toEqual(
      want,
    );
    expect(manifest.tables.find((t) => t.name === 'orders')?.rows).toBeGreaterThan(0);
    expect(manifest.tables.find((t) => t.name === 'product_variants')?.rows).toBeGreaterThan(
      manifest.tables.find((t) => t.name === 'products')?.rows ?? 0,
    );
    // The generated search column is computed again on load, not copied.
    expect(manifest.tables.find((t) => t.name === 'products')?.columns).not.toContain('search');
    expect(manifest.sequences.map((s) => s.name)).toContain('order_number_seq');
    expect(manifest.migrations.length).toBeGreaterThan(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('restores into an empty database: same rows and checksums, sequences past every value, the secret written', async () => {
    const target = await database();
    const dataDir = path.join(dir, 'restored-data');
    const restored = await restoreBackup(file, { pool: target.pool, dataDir });
    expect(restored.ok).toBe(true);
    if (!restored.ok) return;
    expect(restored.value).toMatchObject({ tables: manifest.tables.length, newerMigrations: 0, secret: 'written' });
    expect(await figures(target.pool)).toEqual(await figures(source.pool));
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe('the-secret-of-the-source-shop-0123456789');
    // Sequences continue where the source's were: the next order number is past every restored one.
    const seq = `select last_value::text as v, is_called from order_number_seq`;
    expect((await target.pool.query(seq)).rows).toEqual((await source.pool.query(seq)).rows);
    const next = await target.pool.query<{ n: string; max: string }>(
      `select nextval('order_number_seq')::text as n, (select max(substring(number from '\\d+$')::bigint)::text from orders) as max`,
    );
    expect(BigInt(next.rows[0]!.n)).toBeGreaterThan(BigInt(next.rows[0]!.max));
    // The variants' roll-up trigger (ADR 023) did not run on the load: every product's stock and sales are
    // its variants' sums, as in the source, not twice them. And it runs again once restored.
    expect((await target.pool.query(ROLLED_UP_WRONG)).rows).toEqual([]);
    const { rows: sample } = await target.pool.query<{ id: string; product_id: string }>(
      'select id, product_id from product_variants order by sku limit 1',
    );
    const stock = `select available from products where id = $1`;
    const was = (await target.pool.query(stock, [sample[0]?.product_id])).rows[0].available;
    await target.pool.query('update product_variants set available = available + 3 where id = $1', [sample[0]?.id]);
    expect((await target.pool.query(stock, [sample[0]?.product_id])).rows[0].available).toBe(was + 3);
    // The full-text search column was generated again from the loaded rows.
    const found = await target.pool.query(
      `select count(*)::int as n from products where search @@ to_tsquery('english', 'shoe | phone')`,
    );
    const before = await source.pool.query(
      `select count(*)::int as n from products where search @@ to_tsquery('english', 'shoe | phone')`,
    );
    expect(found.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses a target that is not empty, and changes nothing in it', async () => {
    const busy = await database(inject('pgTemplate'));
    const before = await figures(busy.pool);
    const refused = await restoreBackup(file, { pool: busy.pool });
    expect(refused).toMatchObject({ ok: false, reason: 'target_not_empty' });
    if (refused.ok) return;
    expect(restoreMessage(refused)).toMatch(
      /^The target database is not empty \(table \w+ has rows\): restore into an empty DATA_DIR or an empty DATABASE_URL database\. Nothing was changed\.$/,
    );
    expect(await figures(busy.pool)).toEqual(before);
  });

  it('refuses a foreign, damaged, cut-off or missing file before touching the target', async () => {
    const target = await database();
    const bytes = gunzipSync(fs.readFileSync(file));
    const write = (name: string, data: Buffer) => {
      const p = path.join(dir, name);
      fs.writeFileSync(p, data);
      return p;
    };
    const flipped = Buffer.from(bytes);
    const at = bytes.indexOf('\n', bytes.length / 2) - 1;
    flipped[at] = flipped[at] === 0x41 ? 0x42 : 0x41;
    const cases: [string, string, RegExp][] = [
      [write('notes.txt', Buffer.from('not a backup\n')), 'not_a_backup', /is not a shop backup/],
      [write('other.gz', gzipSync('hello world\n')), 'not_a_backup', /is not a shop backup/],
      [write('flipped.backup', gzipSync(flipped)), 'damaged', /is damaged \(.+ does not match its checksum\)/],
      [write('cut.backup', fs.readFileSync(file).subarray(0, 2000)), 'damaged', /is damaged/],
      [write('cut-inside.backup', gzipSync(bytes.subarray(0, bytes.length - 100))), 'damaged', /is damaged/],
      [write('newer.backup', gzipSync(Buffer.from(MAGIC.replace('1', '2')))), 'unsupported_version', /newer version/],
      [path.join(dir, 'missing.backup'), 'no_file', /does not exist/],
    ];
    for (const [name, reason, message] of cases) {
      const refused = await restoreBackup(name, { pool: target.pool, dataDir: path.join(dir, 'untouched') });
      expect(refused, name).toMatchObject({ ok: false, reason });
      if (!refused.ok) expect(restoreMessage(refused)).toMatch(message);
    }
    const tables = await target.pool.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    expect(tables.rows[0].n).toBe(0);
    expect(fs.existsSync(path.join(dir, 'untouched'))).toBe(false);
  });

  it('refuses a backup made by a newer shop (a migration this one does not have)', async () => {
    const target = await database();
    // The same backup, its manifest naming one more migration than this shop has.
    const newer = withManifest('newer-shop.backup', (m) => {
      m.migrations.push({ hash: 'f'.repeat(64), created_at: Date.now() });
    });
    const refused = await restoreBackup(newer, { pool: target.pool });
    expect(refused).toMatchObject({ ok: false, reason: 'newer_shop' });
    if (!refused.ok)
      expect(restoreMessage(refused)).toMatch(/made by a newer version of the shop .*Nothing was changed\.$/);
    const tables = await target.pool.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    expect(tables.rows[0].n).toBe(0);
  });

  it('rolls the whole load back when a table does not match its checksum, leaving the target empty', async () => {
    const target = await database();
    const wrong = withManifest('wrong-checksum.backup', (m) => {
      const orders = m.tables.find((t) => t.name === 'orders');
      if (orders) orders.checksum = '0'.repeat(32);
    });
    const failed = await restoreBackup(wrong, { pool: target.pool });
    expect(failed).toMatchObject({ ok: false, reason: 'verification_failed' });
    if (!failed.ok) expect(restoreMessage(failed)).toMatch(/^The restored data did not match .*orders: \d+ rows/);
    const rows = await figures(target.pool);
    expect(Object.values(rows).every((t) => t.rows === 0)).toBe(true);
    // Empty, it takes the good backup.
    expect(await restoreBackup(file, { pool: target.pool })).toMatchObject({ ok: true });
    expect(await figures(target.pool)).toEqual(await figures(source.pool));
  });

  it('a changed row changes its table’s checksum; the rows’ order does not', async () => {
    const copy = await database(inject('pgTemplate'));
    const before = await figures(copy.pool);
    await copy.pool.query(`update brands set name = name || '!' where id = (select min(id) from brands)`);
    expect((await figures(copy.pool)).brands).not.toEqual(before.brands);
    await copy.pool.query(`update brands set name = left(name, -1) where id = (select min(id) from brands)`);
    // Each update wrote a new version of the row (MVCC), which a scan may meet elsewhere: same rows, same checksum.
    expect((await figures(copy.pool)).brands).toEqual(before.brands);
  });

  it('restores a backup of an older shop and then applies the newer migrations', async () => {
    const newer = newerShopMigrations();
    const target = await database();
    const restored = await restoreBackup(file, { pool: target.pool, migrationsDir: newer });
    expect(restored).toMatchObject({ ok: true, value: { newerMigrations: 1 } });
    const notes = await target.pool.query<{ n: number; note: string }>(
      'select count(*)::int as n, min(backup_note) as note from brands',
    );
    expect(notes.rows[0]).toEqual({ n: manifest.tables.find((t) => t.name === 'brands')?.rows, note: 'added later' });
    // An empty database already on a schema newer than the backup's is refused: its tables differ.
    const ahead = await database();
    const client = await ahead.pool.connect();
    await migrate(drizzle(client), { migrationsFolder: newer });
    client.release();
    const refused = await restoreBackup(file, { pool: ahead.pool });
    expect(refused).toMatchObject({ ok: false, reason: 'target_not_empty' });
    if (!refused.ok) expect(restoreMessage(refused)).toContain('(its schema is newer than the backup’s)');
  });

  it('a scheduled backup writes shop-<time>.backup and keeps the newest BACKUP_KEEP, never a hand-named file', async () => {
    const backups = path.join(dir, 'scheduled');
    fs.mkdirSync(backups);
    fs.writeFileSync(path.join(backups, 'before-upgrade.backup'), 'kept');
    const config = { JWT_SECRET: 'x'.repeat(32), dataDir: path.join(dir, 'no-data-dir') };
    const written: string[] = [];
    for (const day of [1, 2, 3]) {
      const at = new Date(`2026-11-0${day}T03:00:00.000Z`);
      const run = await runScheduledBackup({ pool: source.pool, dir: backups, keep: 2, config, now: () => at });
      written.push(path.basename(run.file));
      // JWT_SECRET set: the secret is the setting's, not a file the backup carries.
      expect(run.manifest.files).toEqual([]);
    }
    expect(fs.readdirSync(backups).sort()).toEqual(['before-upgrade.backup', ...written.slice(1)].sort());
    expect(written[2]).toBe('shop-20261103T030000000Z.backup');
  });
});

/** The shop's migrations plus one more (a column on brands): a newer version of the shop. */
function newerShopMigrations(): string {
  const folder = path.join(dir, `migrations-${randomBytes(3).toString('hex')}`);
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
  const last = journal.entries.at(-1);
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_backup_test' });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  fs.writeFileSync(
    path.join(folder, '9999_backup_test.sql'),
    `ALTER TABLE "brands" ADD COLUMN "backup_note" text DEFAULT 'added later' NOT NULL;`,
  );
  return folder;
}

/** The body of a section: length-prefixed chunks up to a zero length. */
function readChunks(buf: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const n = buf.readUInt32BE(at);
    at += 4;
    if (n === 0) return Buffer.concat(parts);
    parts.push(buf.subarray(at, at + n));
    at += n;
  }
}

/** A copy of the backup under `name` whose manifest `edit` changed (the sections stay as they are). */
function withManifest(name: string, edit: (m: Manifest) => void): string {
  const text = gunzipSync(fs.readFileSync(file));
  const header = Buffer.from('{"type":"manifest"}\n');
  const at = text.lastIndexOf(header);
  const manifest = JSON.parse(readChunks(text.subarray(at + header.length)).toString()) as Manifest;
  edit(manifest);
  const json = Buffer.from(JSON.stringify(manifest));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(json.length);
  const out = path.join(dir, name);
  fs.writeFileSync(out, gzipSync(Buffer.concat([text.subarray(0, at), header, len, json, Buffer.alloc(4)])));
  return out;
}
