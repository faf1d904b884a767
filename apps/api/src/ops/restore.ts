import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { applyMigrations, MIGRATIONS_DIR } from '../db/migrate.ts';
import { type Failure, fail, ok, type Result } from '../lib/result.ts';
import { appliedMigrations, SHOP_SCHEMA, STABLE_TEXT_SETTINGS, shopTables, tableFigures } from './backup.ts';
import {
  type BackupFileName,
  BackupFormatError,
  BackupReader,
  checkAgainstManifest,
  type Manifest,
  type SectionFacts,
  SectionTally,
  verifySections,
} from './backup-format.ts';

/**
 * `npm run restore FILE`. In order, and refusing before anything is written:
 * 1. the whole file is read and checked against its manifest (sizes, SHA-256, row counts);
 * 2. the target must be empty (no rows in any of the shop's tables) and the backup's migrations must be
 *    the shop's own or an older prefix of them — a backup from a newer shop is refused;
 * 3. the migrations the backup was made with are applied, every table is loaded with `COPY … FROM STDIN`
 *    in foreign-key order with its triggers off, sequences are set, and every table's row count and checksum
 *    is compared with the manifest — all in one transaction, so a mismatch leaves the target as empty as it was;
 * 4. migrations newer than the backup are applied (an old backup comes back on today's schema);
 * 5. the JWT secret the backup carries is written to DATA_DIR when it has none.
 */

export type RestoreFailure =
  | Failure<'no_file', { file: string }>
  | Failure<'not_a_backup', { file: string }>
  | Failure<'damaged', { file: string; detail: string }>
  | Failure<'unsupported_version', { file: string; detail: string }>
  | Failure<'target_not_empty', { detail: string }>
  | Failure<'newer_shop', { detail: string }>
  | Failure<'verification_failed', { detail: string }>;

/** What the command prints for each refusal: one sentence that says what to do. */
export const RESTORE_MESSAGES: {
  [R in RestoreFailure['reason']]: (f: Extract<RestoreFailure, { reason: R }>) => string;
} = {
  no_file: (f) => `${f.file} does not exist or cannot be read.`,
  not_a_backup: (f) => `${f.file} is not a shop backup (made by npm run backup). Nothing was changed.`,
  damaged: (f) => `${f.file} is damaged (${f.detail}): use another backup. Nothing was changed.`,
  unsupported_version: (f) =>
    `${f.file} was written by a newer version of the shop (${f.detail}): restore it with that version. Nothing was changed.`,
  target_not_empty: (f) =>
    `The target database is not empty (${f.detail}): restore into an empty DATA_DIR or an empty DATABASE_URL database. Nothing was changed.`,
  newer_shop: (f) =>
    `The backup was made by a newer version of the shop (${f.detail}): update the shop, then restore. Nothing was changed.`,
  verification_failed: (f) =>
    `The restored data did not match the backup's manifest (${f.detail}); the load was rolled back and the target is empty.`,
};

export function restoreMessage(f: RestoreFailure): string {
  return (RESTORE_MESSAGES[f.reason] as (f: RestoreFailure) => string)(f);
}

/** The file's bytes, gunzipped; zlib's complaints become BackupFormatError('damaged'). */
async function* gunzipped(file: string): AsyncGenerator<Buffer> {
  const gunzip = createGunzip();
  const done = pipeline(fs.createReadStream(file), gunzip);
  done.catch(() => {});
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
    await done;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code?.startsWith('Z_') || /unexpected end of file/.test(e.message)) {
      throw new BackupFormatError('damaged', `not a complete gzip stream: ${e.message}`);
    }
    throw err;
  } finally {
    gunzip.destroy();
  }
}

function formatFailure(file: string, err: unknown): RestoreFailure {
  if (!(err instanceof BackupFormatError)) throw err;
  if (err.reason === 'not_a_backup') return fail('not_a_backup', { file });
  return fail(err.reason, { file, detail: err.message });
}

/** Step 1: reads the whole file and checks it against its manifest. Writes nothing anywhere. */
export async function verifyBackupFile(file: string): Promise<Result<Manifest, RestoreFailure>> {
  try {
    if (!fs.statSync(file).isFile()) return fail('no_file', { file });
    fs.accessSync(file, fs.constants.R_OK);
  } catch {
    return fail('no_file', { file });
  }
  try {
    const reader = new BackupReader(gunzipped(file));
    await reader.start();
    return ok(await verifySections(reader));
  } catch (err) {
    return formatFailure(file, err);
  }
}

/** The shop's own migrations (this version's), oldest first, with their journal tags. */
function codeMigrations(dir: string) {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: dir });
  return { journal, files };
}

/** Whether `prefix` is the start of `all` (same hashes in the same order). */
function isPrefix(prefix: { hash: string }[], all: { hash: string }[]): boolean {
  return prefix.length <= all.length && prefix.every((m, i) => m.hash === all[i]?.hash);
}

/**
 * Step 2: the target takes this backup — empty, and on no migration the backup does not have; the
 * backup's migrations are this shop's or an older prefix of them. Returns how many of the shop's
 * migrations the backup was made with.
 */
export async function checkTarget(
  db: pg.ClientBase,
  manifest: Manifest,
  migrations = MIGRATIONS_DIR,
): Promise<Result<number, RestoreFailure>> {
  const { files } = codeMigrations(migrations);
  const code = files.map((f) => ({ hash: f.hash }));
  if (!isPrefix(manifest.migrations, code)) {
    const unknown = manifest.migrations.find((m, i) => m.hash !== code[i]?.hash);
    return fail('newer_shop', {
      detail: `its migration ${unknown?.created_at ?? '?'} (${unknown?.hash.slice(0, 12) ?? '?'}…) is not one of this shop's ${code.length}`,
    });
  }
  const applied = await appliedMigrations(db);
  if (!isPrefix(applied, manifest.migrations)) {
    return fail('target_not_empty', { detail: 'its schema is newer than the backup’s' });
  }
  for (const table of await shopTables(db)) {
    const { rows } = await db.query(`select 1 from "${SHOP_SCHEMA}"."${table.name}" limit 1`);
    if (rows.length > 0) return fail('target_not_empty', { detail: `table ${table.name} has rows` });
  }
  return ok(manifest.migrations.length);
}

/** Applies the first `count` of the migrations in `dir` (a copy of the folder with a shortened journal). */
async function migrateTo(client: pg.PoolClient, dir: string, count: number): Promise<void> {
  const { journal } = codeMigrations(dir);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-restore-migrations-'));
  try {
    fs.mkdirSync(path.join(folder, 'meta'));
    const entries = journal.entries.slice(0, count);
    for (const e of entries) fs.copyFileSync(path.join(dir, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export interface RestoreTarget {
  /** A pool on the (empty) target database. */
  pool: pg.Pool;
  /** Where the backup's JWT secret goes (DATA_DIR); undefined: not written. */
  dataDir?: string;
  /** JWT_SECRET is set: the shop signs with it, the backup's secret is not written. */
  jwtSecretSet?: boolean;
  /** The shop's migrations folder; tests give another to play a newer shop. */
  migrationsDir?: string;
}

export interface RestoreSummary {
  manifest: Manifest;
  tables: number;
  rows: number;
  /** Migrations applied after the load because the backup was older than this shop. */
  newerMigrations: number;
  /** What happened to the JWT secret the backup carried. */
  secret: 'written' | 'same' | 'kept_existing' | 'jwt_secret_setting' | 'none';
}

/**
 * Restores `file` into `target`. Every refusal happens before the target is written; a failed load
 * rolls back, leaving the migrated but empty schema, which a second restore accepts.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  /** The manifest of verifyBackupFile(file), when the caller checked the file already. */
  verified?: Manifest,
): Promise<Result<RestoreSummary, RestoreFailure>> {
  let manifest = verified;
  if (!manifest) {
    const checked = await verifyBackupFile(file);
    if (!checked.ok) return checked;
    manifest = checked.value;
  }

  const migrations = target.migrationsDir ?? MIGRATIONS_DIR;
  const client = await target.pool.connect();
  let files: Map<BackupFileName, Buffer>;
  try {
    const accepted = await checkTarget(client, manifest, migrations);
    if (!accepted.ok) return accepted;
    await migrateTo(client, migrations, accepted.value);
    for (const statement of STABLE_TEXT_SETTINGS) await client.query(statement);
    await client.query('begin');
    try {
      const loaded = await loadTables(client, file, manifest);
      if (!loaded.ok) {
        await client.query('rollback');
        return loaded;
      }
      files = loaded.value;
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
  } finally {
    client.release(true);
  }

  const before = (await appliedMigrations(target.pool)).length;
  if (migrations === MIGRATIONS_DIR) await applyMigrations(target.pool);
  else await withClient(target.pool, (c) => migrateTo(c, migrations, Number.POSITIVE_INFINITY));
  const after = (await appliedMigrations(target.pool)).length;

  return ok({
    manifest,
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
    newerMigrations: after - before,
    secret: writeSecret(files.get('jwt-secret'), target),
  });
}

/** Step 3, inside the caller's transaction: COPY every table, set the sequences, compare with the manifest. */
async function loadTables(
  client: pg.ClientBase,
  file: string,
  manifest: Manifest,
): Promise<Result<Map<BackupFileName, Buffer>, RestoreFailure>> {
  const shapes = await shopTables(client);
  const wanted = manifest.tables.map((t) => `${t.name}(${t.columns.join(',')})`).sort();
  const found = shapes.map((t) => `${t.name}(${t.columns.join(',')})`).sort();
  if (wanted.join(' ') !== found.join(' ')) {
    const differs = wanted.find((w) => !found.includes(w)) ?? found.find((f) => !wanted.includes(f));
    return fail('verification_failed', {
      detail: `the schema after migrating differs from the backup's at ${differs}`,
    });
  }

  await setUserTriggers(client, shapes, 'disable');
  const reader = new BackupReader(gunzipped(file));
  const seen = new Map<string, SectionFacts>();
  const files = new Map<BackupFileName, Buffer>();
  try {
    await reader.start();
    for (;;) {
      const header = await reader.header();
      if (!header || header.type === 'manifest') break;
      if (header.type === 'file') {
        const { data, facts } = await reader.readBody(1 << 20);
        files.set(header.name, data);
        seen.set(`file:${header.name}`, facts);
        continue;
      }
      const table = manifest.tables.find((t) => t.name === header.name);
      if (!table) throw new BackupFormatError('damaged', `table:${header.name} is not in the manifest`);
      const copy = client.query(
        copyFrom(`copy "${SHOP_SCHEMA}"."${table.name}" (${table.columns.map((c) => `"${c}"`).join(', ')}) from stdin`),
      );
      const tally = new SectionTally();
      await pipeline(
        Readable.from(
          (async function* () {
            for await (const chunk of reader.body()) {
              tally.add(chunk);
              yield chunk;
            }
          })(),
        ),
        copy,
      );
      seen.set(`table:${table.name}`, tally.facts());
    }
    checkAgainstManifest(manifest, seen);
  } catch (err) {
    if (err instanceof BackupFormatError) return fail('damaged', { file, detail: err.message });
    throw err;
  }

  for (const s of manifest.sequences) {
    await client.query('select setval($1::regclass, $2::bigint, $3)', [
      `"${SHOP_SCHEMA}"."${s.name}"`,
      s.last_value,
      s.is_called,
    ]);
  }
  for (const table of manifest.tables) {
    const got = await tableFigures(client, table);
    if (got.rows !== table.rows || got.checksum !== table.checksum) {
      return fail('verification_failed', {
        detail: `${table.name}: ${got.rows} rows (checksum ${got.checksum}), the backup has ${table.rows} (${table.checksum})`,
      });
    }
  }
  await setUserTriggers(client, shapes, 'enable');
  return ok(files);
}

/**
 * The rows come back as they were written, derived columns included: a table's own triggers must not run
 * again while they load — the variants' roll-up (ADR 023) would add every variant's stock to a product row
 * that has it already. Only the tables' user triggers: foreign keys are checked as ever (the load is in
 * their order). `ALTER TABLE` rather than `session_replication_role`, which needs a superuser; it is
 * transactional, so a load that rolls back leaves the triggers on.
 */
async function setUserTriggers(client: pg.ClientBase, tables: { name: string }[], state: 'enable' | 'disable') {
  for (const table of tables) {
    await client.query(`alter table "${SHOP_SCHEMA}"."${table.name}" ${state} trigger user`);
  }
}

/** Step 5: the JWT secret, written only where none exists (a different one in place is kept and said so). */
function writeSecret(secret: Buffer | undefined, target: RestoreTarget): RestoreSummary['secret'] {
  if (!secret) return 'none';
  if (target.jwtSecretSet) return 'jwt_secret_setting';
  if (!target.dataDir) return 'none';
  const file = path.join(target.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file).equals(secret) ? 'same' : 'kept_existing';
  fs.mkdirSync(target.dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return 'written';
}

async function withClient<T>(pool: pg.Pool, use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await use(client);
  } finally {
    client.release();
  }
}
