import { openCatalogDatabase } from '/work/wt/queries/bench/catalog-data.ts';
const c = await openCatalogDatabase(Number(process.argv[2] ?? 100000));
console.log(JSON.stringify({ url: c.url, products: c.products, pid: c.embedded.pid }));
process.on('SIGTERM', async () => { await c.stop(); process.exit(0); });
setInterval(() => {}, 1 << 30);
