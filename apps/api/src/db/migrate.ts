import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrateQueue } from '../jobs/runner.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 7_316_001;

/**
 * Applies the committed SQL migrations, then the job queue's own schema (ADR 021). An advisory lock
 * lets several processes start at once.
 */
export async function applyMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
    await migrateQueue(pool);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
