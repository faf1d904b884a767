// What one quote and one order cost, independent of the machine's load — in-process requests (`inject`)
// on the demo database: statements sent per request, app CPU and the database's CPU per request. The
// quote is the bench's (bench/run.ts: a guest, three in-stock lines to Berlin, express); the order a
// guest's card order (demo provider) to Texas, as bench/checkout.ts pays.
// `node --import tsx bench/checkout-profile.ts [requests] [quote|orders]`; add `--cpu-prof` to see where the
// app's time goes.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { connect } from '../apps/api/src/db/client.ts';
import { cpuMs } from './catalog.ts';
import { openCatalogDatabase } from './catalog-data.ts';

interface Scenario {
  name: string;
  /** The i-th request; `status` is the answer every request must get. */
  request: (i: number) => InjectOptions;
  status: number;
}

interface ProfileRow {
  name: string;
  statements: number;
  appMs: number;
  dbMs: number;
}

const BERLIN = {
  name: 'Bench Shopper',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
};
const TEXAS = {
  name: 'Bench Shopper',
  line1: '1 Loopback Road',
  city: 'Localhost',
  region: 'TX',
  postal_code: '12345',
  country: 'US',
};
const CARD = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099, name: 'Bench Shopper' };

/**
 * Variants in stock, as bench/run.ts picks them (a product with ≥ 300, its variant with ≥ 100), one per
 * product, given deep stock here so that no order of the run is refused for stock.
 */
async function stockedLines(query: (sql: string) => Promise<{ rows: { product_id: string; variant_id: string }[] }>) {
  const { rows } = await query(
    `update product_variants v set available = 1000000 from (
       select distinct on (p.id) p.id as product_id, v.id as variant_id from products p
       join product_variants v on v.product_id = p.id
       where p.published and p.available >= 300 and v.available >= 100 order by p.id, v.id limit 30
     ) s where v.id = s.variant_id returning s.product_id, s.variant_id`,
  );
  if (rows.length < 3) throw new Error('the demo seed has too few variants in stock');
  return rows;
}

function scenarios(lines: { product_id: string; variant_id: string }[]): Scenario[] {
  const quoteBody = {
    email: 'bench-quote@example.com',
    items: lines.slice(0, 3).map((l) => ({ ...l, quantity: 1 })),
    shipping_address: BERLIN,
    shipping_method: 'express',
  };
  return [
    {
      name: 'POST /api/checkout/quote (guest, by destination)',
      status: 200,
      request: () => ({
        method: 'POST',
        url: '/api/checkout/quote',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(quoteBody),
      }),
    },
    {
      name: 'POST /api/orders (guest card, to Texas)',
      status: 201,
      request: (i) => ({
        method: 'POST',
        url: '/api/orders',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        remoteAddress: `127.0.${(i >> 8) & 255}.${i & 255}`,
        payload: JSON.stringify({
          email: `bench-order-${i}@example.com`,
          items: [lines[i % lines.length], lines[(i + 7) % lines.length]].map((l) => ({ ...l, quantity: 1 })),
          shipping_address: TEXAS,
          shipping_method: 'standard',
          payment: { method: 'card', card: CARD },
        }),
      }),
    },
  ];
}

export async function profileCheckout(requests: number, only = '', concurrency = 1): Promise<ProfileRow[]> {
  const catalog = await openCatalogDatabase(0);
  const quiet = { warn: () => {} };
  const database = connect(catalog.url, quiet);
  // Every statement reaches the server through a pool client (`pool.query` borrows one): counted there.
  let statements = 0;
  let listing: string[] | undefined;
  database.pool.on('connect', (client) => {
    const clientQuery = client.query.bind(client);
    // biome-ignore lint/suspicious/noExplicitAny: counting calls only
    (client as any).query = (...args: any[]) => {
      statements++;
      const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
      listing?.push(String(text).replace(/\s+/g, ' ').slice(0, 110));
      // biome-ignore lint/suspicious/noExplicitAny: see above
      return (clientQuery as any)(...args);
    };
  });
  const config = loadConfig({
    DATA_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    JOBS: 'off',
    PAYMENTS: 'demo',
    RATE_LIMIT_SCALE: '10000',
  });
  const app = await buildApp({ config, database, jwtSecret: 'x'.repeat(40) });
  await app.ready();
  const lines = await stockedLines((sql) => database.pool.query(sql));
  const rows: ProfileRow[] = [];
  try {
    let n = 0;
    for (const s of scenarios(lines).filter((s) => s.name.includes(only))) {
      const send = async () => {
        const req = s.request(n++);
        const res = await app.inject(req);
        if (res.statusCode !== s.status) throw new Error(`${s.name} → ${res.statusCode} ${res.body}`);
      };
      for (let i = 0; i < 50; i++) await send(); // warm-up
      // The statements of one request, in order (SHOW_STATEMENTS=1).
      if (process.env.SHOW_STATEMENTS) {
        listing = [];
        await send();
        console.log(`${s.name}:\n${listing.map((t, i) => `  ${i + 1}. ${t}`).join('\n')}`);
        listing = undefined;
      }
      const s0 = statements;
      const c0 = process.cpuUsage();
      const d0 = cpuMs(catalog.embedded.pid, true);
      const t0 = process.hrtime.bigint() / 1000n;
      let left = requests;
      const worker = async () => {
        while (left-- > 0) await send();
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const c = process.cpuUsage(c0);
      // Under --cpu-prof: the measured stretch, on the profile's clock (µs), to read it alone.
      if (process.execArgv.some((a) => a.startsWith('--cpu-prof'))) {
        console.log(`profile window ${t0} ${process.hrtime.bigint() / 1000n} ${s.name}`);
      }
      rows.push({
        name: s.name,
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
  console.log(`\ndemo database, ${requests} in-process requests each, ${concurrency} at a time:`);
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(50)} ${r.statements.toFixed(2)} statements, app ${r.appMs.toFixed(2)} ms + db ${r.dbMs.toFixed(2)} ms CPU per request`,
    );
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await profileCheckout(Number(process.argv[2] ?? 1000), process.argv[3], Number(process.argv[4] ?? 1));
}
