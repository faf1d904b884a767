// What one listing costs, independent of the machine's load — in-process requests (`inject`) on
// a catalogue database, with the listing answer cache off: statements sent per request, app CPU and the
// database's CPU per request. `node --import tsx bench/catalog-profile.ts [products] [requests]`.
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { connect } from '../apps/api/src/db/client.ts';
import { cpuMs, listingScenarios } from './catalog.ts';
import { openCatalogDatabase } from './catalog-data.ts';

export async function profileCatalog(products: number, requests: number) {
  const catalog = await openCatalogDatabase(products);
  const quiet = { warn: () => {} };
  const database = connect(catalog.url, quiet);
  let statements = 0;
  const query = database.pool.query.bind(database.pool);
  // biome-ignore lint/suspicious/noExplicitAny: counting calls only
  (database.pool as any).query = (...args: any[]) => {
    statements++;
    // biome-ignore lint/suspicious/noExplicitAny: see above
    return (query as any)(...args);
  };
  const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', LISTING_CACHE_MS: '0', JOBS: 'off' });
  const app = await buildApp({ config, database, jwtSecret: 'x'.repeat(40) });
  await app.ready();
  const rows: { name: string; statements: number; appMs: number; dbMs: number }[] = [];
  try {
    for (const [name, path] of listingScenarios(catalog.products)) {
      const paths = typeof path === 'function' ? Array.from({ length: requests }, (_, i) => path(i)) : [path];
      for (let i = 0; i < 50; i++) await app.inject(paths[i % paths.length]!); // warm-up
      const s0 = statements;
      const c0 = process.cpuUsage();
      const d0 = cpuMs(catalog.embedded.pid, true);
      for (let i = 0; i < requests; i++) {
        const res = await app.inject(paths[i % paths.length]!);
        if (res.statusCode !== 200) throw new Error(`${paths[i % paths.length]} → ${res.statusCode} ${res.body}`);
      }
      const c = process.cpuUsage(c0);
      rows.push({
        name,
        statements: (statements - s0) / requests,
        appMs: (c.user + c.system) / 1000 / requests,
        dbMs: (cpuMs(catalog.embedded.pid, true) - d0) / requests,
      });
    }
  } finally {
    await app.close();
    await database.close();
    await catalog.stop();
  }
  console.log(`\n${catalog.products} products, ${requests} in-process requests each, listing cache off:`);
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(44)} ${r.statements.toFixed(2)} statements, app ${r.appMs.toFixed(2)} ms + db ${r.dbMs.toFixed(2)} ms CPU per request`,
    );
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await profileCatalog(Number(process.argv[2] ?? 2000), Number(process.argv[3] ?? 500));
}
