// The product import of `npm run bench` ("10,000 rows import in under a minute here"): a dry
// run and an apply of a 10,000-row CSV into the demo shop, timed as figures, never asserted in a test.
// In-process on its own embedded cluster: the app is built and called with inject(), as the tests do.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { connect } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { applyMigrations } from '../apps/api/src/db/migrate.ts';
import { users } from '../apps/api/src/db/schema.ts';
import { seedIfEmpty } from '../apps/api/src/db/seed/index.ts';
import { writeCsv } from '../apps/api/src/modules/admin-catalog-io/csv.ts';
import { headerOf } from '../apps/api/src/modules/admin-catalog-io/formats.ts';

export const IMPORT_ROWS = 10_000;
/** The issue's bar for the apply of IMPORT_ROWS rows. */
export const IMPORT_BUDGET_MS = 60_000;
const SIZES = ['S', 'M', 'L', 'XL'];
const CATEGORIES = [
  ['fashion', "men's clothing"],
  ['electronics', 'smartphones'],
  ['home', 'bedding'],
  ['sports', 'running'],
] as const;

export interface ImportFigures {
  rows: number;
  bytes: number;
  dryRunMs: number;
  applyMs: number;
  created: { products: number; variants: number };
  state: string;
}

/** IMPORT_ROWS rows of our CSV: products of four sizes each, new brands among them. */
export function benchCsv(rows = IMPORT_ROWS): string {
  const header = headerOf('shop');
  const body: string[][] = [];
  for (let p = 0; body.length < rows; p++) {
    const [category, subcategory] = CATEGORIES[p % CATEGORIES.length]!;
    SIZES.forEach((size, i) => {
      if (body.length >= rows) return;
      const row: Record<string, string> = {
        handle: `bench-import-${p}`,
        option1_value: size,
        sku: `BI-${p}-${size}`,
        price: `${19 + (p % 80)}.99`,
        compare_at_price: p % 3 === 0 ? `${39 + (p % 80)}.00` : '',
        stock: String((p * 7 + i) % 50),
        barcode: `0${400000000000 + p * 10 + i}`,
        weight_grams: '250',
      };
      if (i === 0) {
        Object.assign(row, {
          name: `Bench Import Tee ${p}`,
          description: `A plain tee, number ${p}, made for timing imports.`,
          category,
          subcategory,
          brand: `Bench Brand ${p % 25}`,
          published: String(p % 10 !== 0),
          features: 'Organic cotton\nMachine washable',
          option1_name: 'Size',
          meta_title: `Bench Import Tee ${p}`,
        });
      }
      body.push(header.map((h) => row[h] ?? ''));
    });
  }
  return writeCsv(header, body);
}

function multipart(csv: string) {
  const boundary = `----benchImport${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Builds the demo shop on a fresh embedded cluster, then times a dry run and an apply of the bench file. */
export async function runImportBench(): Promise<ImportFigures> {
  const quiet = { info: () => {}, warn: () => {} };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-import-'));
  const embedded = await startEmbeddedPostgres(dataDir, quiet);
  const database = connect(embedded.url, quiet);
  try {
    await applyMigrations(database.pool);
    await seedIfEmpty(database.db, { mode: 'demo', adminPassword: 'Bench-Import-Passw0rd', log: quiet });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS: 'off' });
    const app = await buildApp({ config, database, jwtSecret: randomBytes(32).toString('hex') });
    await app.ready();
    try {
      const [admin] = await database.db
        .insert(users)
        .values({
          email: 'bench-import@example.com',
          username: 'bench-import',
          firstName: 'Bench',
          lastName: 'Import',
          passwordHash: 'not-used',
          role: 'admin',
        })
        .returning();
      const { access } = await app.services.auth.startSession(admin!);
      const csv = benchCsv();
      const send = (mode: string) => {
        const { payload, headers } = multipart(csv);
        return app.inject({
          method: 'POST',
          url: `/api/admin/products/import?format=shop&mode=${mode}`,
          headers: { ...headers, authorization: `Bearer ${access}` },
          payload,
        });
      };
      let started = performance.now();
      const dry = await send('dry_run');
      const dryRunMs = performance.now() - started;
      if (dry.statusCode !== 200) throw new Error(`dry run answered ${dry.statusCode}: ${dry.body.slice(0, 500)}`);
      started = performance.now();
      const applied = await send('apply');
      if (applied.statusCode !== 202)
        throw new Error(`apply answered ${applied.statusCode}: ${applied.body.slice(0, 500)}`);
      await app.background.drain();
      const applyMs = performance.now() - started;
      const record = (
        await app.inject({
          url: `/api/admin/products/imports/${applied.json().id}`,
          headers: { authorization: `Bearer ${access}` },
        })
      ).json();
      return {
        rows: dry.json().rows,
        bytes: Buffer.byteLength(csv),
        dryRunMs,
        applyMs,
        created: { products: record.summary?.products.create ?? 0, variants: record.summary?.variants.create ?? 0 },
        state: record.state,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printImport(f: ImportFigures): boolean {
  const ok = f.state === 'done' && f.applyMs < IMPORT_BUDGET_MS;
  console.log(
    `\nproduct import, ${f.rows} rows (${(f.bytes / 1024 / 1024).toFixed(1)} MB): dry run ${f.dryRunMs.toFixed(0)} ms, ` +
      `apply ${f.applyMs.toFixed(0)} ms (${f.created.products} products, ${f.created.variants} variants created; ` +
      `budget < ${IMPORT_BUDGET_MS} ms) ${ok ? 'ok' : f.state === 'done' ? 'OVER BUDGET' : `FAILED (${f.state})`}`,
  );
  return ok;
}

// `node --import tsx bench/import.ts`: this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  runImportBench().then(
    (figures) => {
      if (!printImport(figures)) process.exitCode = 1;
    },
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
