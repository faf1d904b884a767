import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Config } from '../config.ts';
import { unboundClient } from '../db/client.ts';
import { BACKUP_FILES, type BackupFileName, BackupWriter, FORMAT_VERSION, type Manifest } from './backup-format.ts';
import { backupName, backupsToPrune, loadOrder } from './backup-rules.ts';

export { backupSchedule } from './backup-rules.ts';

/**
 * `npm run backup` and the scheduled backup, in Node because the embedded
 * database ships no pg_dump. One REPEATABLE READ READ ONLY transaction is one snapshot of the whole
 * shop, taken while it serves: every table is read with `COPY … TO STDOUT` in that snapshot, so an order
 * in the backup has its lines, its payment and the stock movement that paid for it, and an order placed
 * a moment later has none of them. Writers are never blocked (MVCC); the file is written beside its
 * final name and renamed when complete, so a crash never leaves half a backup under a backup's name.
 */

/** The schema the shop's migrations create its tables in; queue libraries keep their own (not backed up). */
export const SHOP_SCHEMA = 'public';

/** Session settings that make row text (checksums, COPY output) the same on every server and client. */
export const STABLE_TEXT_SETTINGS = [
  "set time zone 'UTC'",
  "set datestyle = 'ISO, YMD'",
  "set intervalstyle = 'postgres'",
  'set extra_float_digits = 3',
  "set bytea_output = 'hex'",
  "set client_encoding = 'UTF8'",
];

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface TableShape {
  name: string;
  /** Stored columns in table order; generated columns are computed again on load. */
  columns: string[];
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (name: string) => `${q(SHOP_SCHEMA)}.${q(name)}`;

/**
 * Tables of running processes' own state, not the shop's data: which job workers live (jobs/runner.ts).
 * A backup leaves them out — a restored shop has none of the old processes — and a restore target may
 * hold rows of them (a shop that started on it and stopped).
 */
export const RUNTIME_TABLES = ['job_workers'];

/** The shop's tables with their stored columns, in load order (foreign keys first); not RUNTIME_TABLES. */
export async function shopTables(db: Queryable): Promise<TableShape[]> {
  const tables = await db.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = $1 and c.relkind in ('r', 'p') and c.relname <> all($2::text[])
      group by c.relname`,
    [SHOP_SCHEMA, RUNTIME_TABLES],
  );
  const refs = await db.query<{ from: string; to: string }>(
    `select src.relname as from, dst.relname as to
       from pg_constraint k
       join pg_class src on src.oid = k.conrelid
       join pg_class dst on dst.oid = k.confrelid
       join pg_namespace n on n.oid = src.relnamespace
      where k.contype = 'f' and n.nspname = $1`,
    [SHOP_SCHEMA],
  );
  const byName = new Map(tables.rows.map((t) => [t.name, t.columns]));
  return loadOrder([...byName.keys()], refs.rows).map((name) => ({ name, columns: byName.get(name) ?? [] }));
}

export async function shopSequences(db: Queryable): Promise<Manifest['sequences']> {
  const names = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind = 'S' order by c.relname`,
    [SHOP_SCHEMA],
  );
  const out: Manifest['sequences'] = [];
  for (const { name } of names.rows) {
    const { rows } = await db.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${qualified(name)}`,
    );
    out.push({ name, last_value: rows[0]?.last_value ?? '1', is_called: rows[0]?.is_called ?? false });
  }
  return out;
}

/** drizzle's applied migrations, oldest first (empty when the database has none). */
export async function appliedMigrations(db: Queryable): Promise<Manifest['migrations']> {
  const exists = await db.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists.rows[0]?.t) return [];
  const { rows } = await db.query<{ hash: string; created_at: string }>(
    'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id',
  );
  return rows.map((r) => ({ hash: r.hash, created_at: Number(r.created_at) }));
}

/**
 * A table's row count and a checksum of its contents that does not depend on the rows' physical order:
 * each row's text is hashed (md5), the hashes are added up as two 64-bit halves in exact numeric sums (a
 * multiset hash: no sort, constant memory however large the table), and the md5 of those sums is the figure.
 * The same query on the restored table must give the same figure (with STABLE_TEXT_SETTINGS on both sides).
 */
export async function tableFigures(db: Queryable, table: TableShape): Promise<{ rows: number; checksum: string }> {
  const row = `row(${table.columns.map(q).join(', ')})::text`;
  const half = (from: number) => `coalesce(sum(('x' || substr(h, ${from}, 16))::bit(64)::bigint::numeric), 0)::text`;
  const { rows } = await db.query<{ rows: string; checksum: string }>(
    `select count(*)::text as rows, md5(count(*)::text || ':' || ${half(1)} || ':' || ${half(17)}) as checksum
       from (select md5(${row}) as h from ${qualified(table.name)}) s`,
  );
  return { rows: Number(rows[0]?.rows ?? 0), checksum: rows[0]?.checksum ?? '' };
}

export interface BackupSource {
  /** A connection to the shop's database; the backup holds it for one transaction. */
  client: pg.ClientBase;
  /** DATA_DIR files to carry (the generated JWT secret): see `backupFilesOf`. */
  files: { name: BackupFileName; path: string }[];
}

/**
 * The DATA_DIR files a backup carries: the generated JWT secret when JWT_SECRET is not set, so tokens
 * issued before the backup (access tokens, staff previews) stay valid on the restored shop. That makes
 * the backup as secret as the secret itself; it already holds customers' data and password hashes.
 */
export function backupFilesOf(config: Pick<Config, 'JWT_SECRET' | 'dataDir'>): BackupSource['files'] {
  if (config.JWT_SECRET) return [];
  return BACKUP_FILES.map((name) => ({ name, path: path.join(config.dataDir, name) })).filter((f) =>
    fs.existsSync(f.path),
  );
}

/** Writes a backup of the shop's database to `file` (made 0600), from one snapshot; returns its manifest. */
export async function writeBackup(source: BackupSource, file: string, now = () => new Date()): Promise<Manifest> {
  const { client } = source;
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  const out = fs.createWriteStream(partial, { mode: 0o600 });
  const gzip = createGzip({ level: 6 });
  const written = pipeline(gzip, out);
  // A failed write (disk full) rejects `written`; the loop below must not wait for a drain that never comes.
  const failed = written.then(
    () => new Promise<never>(() => {}),
    (err: Error) => Promise.reject(err),
  );
  try {
    for (const statement of STABLE_TEXT_SETTINGS) await client.query(statement);
    await client.query('begin isolation level repeatable read read only');
    const manifest = await Promise.race([failed, writeSections(source, new BackupWriter(gzip), now)]);
    await client.query('commit');
    gzip.end();
    await written;
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, file);
    return manifest;
  } catch (err) {
    // No rollback here: the connection may be stuck mid-COPY. The caller discards it (runScheduledBackup
    // releases it destroyed, the command ends it), which ends the read-only transaction with it.
    gzip.destroy();
    await written.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

async function writeSections(source: BackupSource, writer: BackupWriter, now: () => Date): Promise<Manifest> {
  const { client } = source;
  // The snapshot is taken by the first statement of the transaction: the migrations read here and every
  // table below are of the same instant.
  const migrations = await appliedMigrations(client);
  if (migrations.length === 0) throw new Error('This database has no shop in it (no migrations applied).');
  const created = now();
  const version = (await client.query<{ v: string }>('select current_setting($1) as v', ['server_version'])).rows[0];
  await writer.start();
  const tables: Manifest['tables'] = [];
  for (const table of await shopTables(client)) {
    const figures = await tableFigures(client, table);
    const copy = client.query(
      copyTo(`copy ${qualified(table.name)} (${table.columns.map(q).join(', ')}) to stdout`),
    ) as unknown as AsyncIterable<Buffer>;
    const facts = await writer.section({ type: 'table', name: table.name }, copy);
    if (facts.lines !== figures.rows) {
      throw new Error(`${table.name}: copied ${facts.lines} rows but counted ${figures.rows} in the same snapshot`);
    }
    tables.push({ ...table, ...figures, bytes: facts.bytes, sha256: facts.sha256 });
  }
  // Sequences are not transactional: read after the tables, each is at least past every value they hold.
  const sequences = await shopSequences(client);
  const files: Manifest['files'] = [];
  for (const f of source.files) {
    const facts = await writer.section({ type: 'file', name: f.name }, fs.readFileSync(f.path));
    files.push({ name: f.name, bytes: facts.bytes, sha256: facts.sha256 });
  }
  const manifest: Manifest = {
    format: 'shop-backup',
    version: FORMAT_VERSION,
    created_at: created.toISOString(),
    server_version: version?.v ?? 'unknown',
    migrations,
    tables,
    sequences,
    files,
  };
  await writer.section({ type: 'manifest' }, Buffer.from(JSON.stringify(manifest, null, 1)));
  return manifest;
}

export interface ScheduledBackupOptions {
  /** The shop's pool; the backup takes one connection for its transaction. */
  pool: pg.Pool;
  /** BACKUP_DIR */
  dir: string;
  /** BACKUP_KEEP: how many scheduled backups to keep (the newest). */
  keep: number;
  /** For the files a backup carries (backupFilesOf). */
  config: Pick<Config, 'JWT_SECRET' | 'dataDir'>;
  now?: () => Date;
}

/**
 * One scheduled backup (BACKUP_EVERY): writes `shop-<time>.backup` into `dir`, then removes all but the
 * newest `keep` backups named that way. For the job queue's periodic job; safe to run from any process,
 * since a backup only reads (two at once make two files, retention keeps the newest).
 */
export async function runScheduledBackup(
  opts: ScheduledBackupOptions,
): Promise<{ file: string; manifest: Manifest; removed: string[] }> {
  const now = opts.now ?? (() => new Date());
  const file = path.join(opts.dir, backupName(now()));
  const client = await opts.pool.connect();
  let manifest: Manifest;
  try {
    // A pooled connection carries the requests' statement limit (DB_STATEMENT_TIMEOUT_MS) and the driver's
    // wait for an answer a second above it; a snapshot of a large shop may take longer.
    await unboundClient(client);
    manifest = await writeBackup({ client, files: backupFilesOf(opts.config) }, file, now);
  } finally {
    // The session settings above are the backup's own: this connection leaves the pool.
    client.release(true);
  }
  const removed = backupsToPrune(fs.readdirSync(opts.dir), opts.keep);
  for (const name of removed) fs.rmSync(path.join(opts.dir, name), { force: true });
  return { file, manifest, removed };
}
