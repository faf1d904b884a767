import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { seedIfEmpty } from '../src/db/seed/index.ts';
import { TEST_ADMIN } from './constants.ts';

/**
 * One PostgreSQL per test run: the machine's (TEST_DATABASE_URL) or an embedded one in a temp dir.
 * A template database is migrated and seeded once; every test file clones it (docs/architecture.md §8).
 */
export default async function setup(project: TestProject) {
  const quiet = { info: () => {}, warn: () => {} };
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-pg-'));
    embedded = await startEmbeddedPostgres(dataDir, quiet);
    serverUrl = embedded.url;
  }
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const template = `shop_tpl_${run}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${template}`);

  const database = connect(withDatabase(serverUrl, template), quiet);
  await applyMigrations(database.pool);
  await seedIfEmpty(database.db, {
    mode: 'demo',
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    log: quiet,
  });
  await database.close();

  project.provide('pgServerUrl', serverUrl);
  project.provide('pgTemplate', template);
  project.provide('pgRun', run);

  return async () => {
    const dbs = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `%${run}%`,
    ]);
    for (const { datname } of dbs.rows) {
      await admin.query(`drop database if exists ${admin.escapeIdentifier(datname)} with (force)`);
    }
    await admin.end();
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    pgTemplate: string;
    pgRun: string;
  }
}
