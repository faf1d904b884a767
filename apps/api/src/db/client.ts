import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/**
 * A pool that outlives a database restart: idle clients that lose their connection emit `error` on
 * the pool (handled here, not crashing the process) and are replaced on the next checkout.
 */
export function connect(url: string, log: Logger, max = 20): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', (err) => log.warn({ err: err.message }, 'idle database connection lost'));
  pool.on('connect', (client) =>
    client.on('error', (err) => log.warn({ err: err.message }, 'database connection error')),
  );
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}
