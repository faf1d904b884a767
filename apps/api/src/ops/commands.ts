import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config.ts';
import { connect } from '../db/client.ts';
import { box } from '../lib/start-summary.ts';
import { resetPasswordFromCommandLine } from './admin.ts';
import { backupFilesOf, writeBackup } from './backup.ts';
import { backupName } from './backup-rules.ts';
import { openShopDatabase } from './database.ts';
import { restoreBackup, restoreMessage, verifyBackupFile } from './restore.ts';

/**
 * The backup and restore commands, run by scripts/backup.mjs and scripts/restore.mjs. Each
 * returns the process's exit code: 0 done, 1 refused or failed (one clear line on stderr), 2 usage.
 */
const out = {
  info: (m: string) => console.log(m),
  warn: (m: string) => console.error(m),
};

function settings() {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return undefined;
    }
    throw err;
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `npm run backup [FILE]`: FILE, or BACKUP_DIR/shop-<time>.backup. Never overwrites a file. */
export async function backupCommand(args: string[]): Promise<number> {
  return reported('The backup failed', () => backup(args));
}

async function backup(args: string[]): Promise<number> {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error('usage: npm run backup [FILE]   (default: BACKUP_DIR/shop-<time>.backup)');
    return 2;
  }
  const config = settings();
  if (!config) return 1;
  const file = path.resolve(args[0] ?? path.join(config.backupDir, backupName(new Date())));
  if (fs.existsSync(file)) {
    console.error(`${file} already exists: name another file (a backup never overwrites one).`);
    return 1;
  }
  const opened = await openShopDatabase(config, out, { create: false });
  if (!opened.ok) {
    console.error(`There is no shop database in ${opened.dataDir} (set DATA_DIR, or DATABASE_URL).`);
    return 1;
  }
  const database = opened.value;
  const client = new pg.Client({ connectionString: database.url, application_name: 'shop backup' });
  // A connection lost between statements (the database stopping) fails the next statement, which is
  // reported; unheard, the event would end the process with a stack trace instead.
  client.on('error', () => {});
  try {
    await client.connect();
    const manifest = await writeBackup({ client, files: backupFilesOf(config) }, file);
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Backup written to ${file}: ${manifest.tables.length} tables, ${rows} rows, ${mb(fs.statSync(file).size)} (snapshot of ${manifest.created_at}).`,
    );
    return 0;
  } finally {
    await client.end().catch(() => {});
    await database.close();
  }
}

/** `npm run restore FILE`: into the empty database of DATA_DIR (embedded) or DATABASE_URL. */
export async function restoreCommand(args: string[]): Promise<number> {
  return reported('The restore failed', () => restore(args));
}

async function restore(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0]?.startsWith('-')) {
    console.error('usage: npm run restore FILE   (into an empty DATA_DIR, or an empty DATABASE_URL database)');
    return 2;
  }
  const config = settings();
  if (!config) return 1;
  const file = path.resolve(args[0] ?? '');
  // The file first: a bad one is refused before a database is made or touched.
  const verified = await verifyBackupFile(file);
  if (!verified.ok) {
    console.error(restoreMessage(verified));
    return 1;
  }
  const opened = await openShopDatabase(config, out, { create: true });
  if (!opened.ok) throw new Error('unreachable: restore creates its database');
  const database = opened.value;
  const pool = commandPool(database.url, 'shop restore');
  try {
    const restored = await restoreBackup(
      file,
      { pool, dataDir: config.dataDir, jwtSecretSet: config.JWT_SECRET !== undefined },
      verified.value,
    );
    if (!restored.ok) {
      console.error(restoreMessage(restored));
      return 1;
    }
    const r = restored.value;
    console.log(
      `Restored ${file} (snapshot of ${r.manifest.created_at}): ${r.tables} tables, ${r.rows} rows; counts and checksums match the backup.`,
    );
    if (r.newerMigrations > 0) console.log(`Applied ${r.newerMigrations} migration(s) newer than the backup.`);
    const secret = {
      written: `The backup's JWT secret was written to ${path.join(config.dataDir, 'jwt-secret')}: sessions carry over.`,
      same: 'DATA_DIR already holds the backup’s JWT secret.',
      kept_existing: `${path.join(config.dataDir, 'jwt-secret')} holds another JWT secret and was kept: access tokens from before the backup end early, refresh tokens still work.`,
      jwt_secret_setting: 'JWT_SECRET is set: the shop signs with it, not with the secret in the backup.',
      none: '',
    }[r.secret];
    if (secret) console.log(secret);
    return 0;
  } finally {
    await pool.end().catch(() => {});
    await database.close();
  }
}

/**
 * The pool of a command (`npm run restore`). A connection lost while idle in it, or between statements (a
 * database stopping, an administrator's terminate), fails the next statement, which is reported; unheard,
 * the pool's or the client's 'error' event would end the process with a stack trace instead.
 */
export function commandPool(url: string, name: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: name });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** An unexpected fault (the database went away, the disk is full) as one line, not a stack trace. */
async function reported(what: string, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (err) {
    console.error(`${what}: ${(err as Error).message}`);
    return 1;
  }
}

/** `npm run admin -- reset-password <email>`: 0 done, 1 failed, 2 usage or an unknown e-mail address. */
export async function adminCommand(args: string[]): Promise<number> {
  return reported('The command failed', () => admin(args));
}

async function admin(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if (command !== 'reset-password' || !email || rest.length > 0) {
    console.error('usage: npm run admin -- reset-password <email>');
    return 2;
  }
  const config = settings();
  if (!config) return 1;
  const opened = await openShopDatabase(config, out, { create: false });
  if (!opened.ok) {
    console.error(`There is no shop database in ${opened.dataDir} (set DATA_DIR, or DATABASE_URL).`);
    return 1;
  }
  const database = connect(opened.value.url, { warn: () => {} }, { max: 1 });
  try {
    const result = await resetPasswordFromCommandLine(database.db, email);
    if (!result.ok) {
      console.error(`No account has the e-mail address ${email}: nothing was changed.`);
      return 2;
    }
    console.log(
      [
        '',
        ...box([
          'New password — shown only this once: keep it safe.',
          `E-mail    ${result.email}`,
          `Password  ${result.password}`,
          'Every session of this account was signed out.',
        ]),
        '',
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
    await opened.value.close();
  }
}
