// A catalogue database for the query bench — the demo seed (1,056 products with their variants),
// grown to any size asked by one generate_series insert of variations of the seeded products. Generated
// here on each run, never shipped. The database lives on an embedded server in its own temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect } from '../apps/api/src/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { applyMigrations } from '../apps/api/src/db/migrate.ts';
import { seedIfEmpty } from '../apps/api/src/db/seed/index.ts';

const quiet = { info: () => {}, warn: () => {} };

export interface CatalogDatabase {
  embedded: EmbeddedPostgres;
  /** The migrated, seeded (and grown) database. */
  url: string;
  products: number;
  stop(): Promise<void>;
}

/**
 * Model words added to the generated names, none of them a word the bench searches for: a search matches
 * the same share of the large catalogue as of the seed ("wireless": 36 of the seed's 1,056 products, 3,420
 * of 100,000). A search's cost grows with its matches (ranking reads each one; docs/performance.md).
 */
const WORDS = ['Pro', 'Lite', 'Max', 'Mini', 'Plus', 'Air', 'Classic', 'Edition'];

/**
 * Rows `products` more than the seed's: copies of the seeded products (category, subcategory, brand, texts,
 * options, tags) under a new slug and name, with prices, stock, sales, ratings and dates spread by a hash of
 * the row number (reproducible), about 3% unpublished and 10% out of stock. No variants: listings read only
 * `products` (ADR 023).
 */
export const GROW_SQL = `
with src as (select row_number() over (order by slug) - 1 as i, p.* from products p),
     n as (select count(*)::int as c from products)
insert into products (slug, name, description, category_id, subcategory_id, brand_id, options,
                      regular_price_cents, sale_price_cents, percentage_discount, images, colors, available_sizes,
                      features, featured, available, published, rating_average, rating_count, rating_sum,
                      sold_count, date_added, modified_date)
select s.slug || '-g' || g,
       s.name || ' ' || (($2::text[])[1 + g % array_length($2::text[], 1)]) || ' ' || g,
       s.description, s.category_id, s.subcategory_id, s.brand_id, s.options,
       r.regular, r.regular * (100 - r.discount) / 100, r.discount, s.images, s.colors, s.available_sizes,
       s.features, s.featured,
       case when r.h % 10 = 0 then 0 else r.h % 400 end,
       r.h % 33 <> 0,
       round(((r.h >> 3) % 501) / 100.0, 2), (r.h >> 5) % 200, 0,
       (r.h >> 7) % 1000,
       timestamptz '2026-01-01' - make_interval(mins => ((r.h >> 9) % 525600)::int),
       timestamptz '2026-01-01'
from n, generate_series(1, greatest(0, $1::int - (select c from n))) g
join src s on s.i = g % (select c from n)
cross join lateral (select abs(hashint4(g))::bigint as h) hh
cross join lateral (select 100 + hh.h % 200000 as regular, (hh.h >> 11) % 5 * 10 as discount, hh.h as h) r
`;

/** An embedded server with one database migrated, seeded with the demo and grown to `products` rows. */
export async function openCatalogDatabase(products: number): Promise<CatalogDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-catalog-'));
  const embedded = await startEmbeddedPostgres(dataDir, quiet);
  const stop = async () => {
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const admin = new pg.Client({ connectionString: embedded.url });
    await admin.connect();
    await admin.query('create database bench_catalog');
    await admin.end();
    const u = new URL(embedded.url);
    u.pathname = '/bench_catalog';
    const url = u.toString();
    const database = connect(url, quiet);
    try {
      await applyMigrations(database.pool);
      await seedIfEmpty(database.db, { mode: 'demo', adminPassword: 'Bench-Catalog-Passw0rd', log: quiet });
      await database.pool.query(GROW_SQL, [products, WORDS]);
      await database.pool.query('vacuum analyze');
      const { rows } = await database.pool.query<{ n: number }>('select count(*)::int as n from products');
      return { embedded, url, products: rows[0]?.n ?? 0, stop };
    } finally {
      await database.close();
    }
  } catch (err) {
    await stop();
    throw err;
  }
}
