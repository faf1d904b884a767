// Makes apps/api/test/fixtures/release-13.sql.gz: a database as the previous release (commit
// 70e585e) leaves it, for the test of migration 0001 (apps/api/test/migration-0001.test.ts, ADR 023).
//
// Run it with the previous release checked out beside this one, against a PostgreSQL with pg_dump:
//   git worktree add /tmp/release13 70e585e   (and its node_modules: npm ci there, or hard links)
//   node scripts/make-release-fixture.mjs --release /tmp/release13 [--server postgres://postgres@127.0.0.1:5432/postgres]
//
// It creates a temporary database on that server, applies the release's migrations and demo seed, then
// drives the release's own API to leave what the migration has to carry over: carts with several lines
// of one product in different colours and sizes, a line whose colour the admin removed afterwards (it
// and a line of the same size must become one variant's line), a line made before the product had
// colours, orders (their lines, stock movements), a stock adjustment, back-in-stock subscriptions and a
// review. The database is dumped as plain SQL (INSERT statements, so the test loads it with one query
// and no psql), gzipped, and dropped.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function argument(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const release = path.resolve(argument('release', process.cwd()));
const server = argument('server', 'postgres://postgres@127.0.0.1:5432/postgres');
const out = path.resolve(argument('out', path.join(root, 'apps/api/test/fixtures/release-13.sql.gz')));
/** The demo orders count back from this instant, so the fixture's history does not depend on the day. */
const SEED_NOW = new Date('2026-11-01T00:00:00.000Z');

const withDatabase = (url, database) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

// The release's sources, through its own tsx and node_modules.
const requireRelease = createRequire(path.join(release, 'package.json'));
// (tsx's ES module entry: require.resolve would name its CommonJS one.)
const tsxApi = path.join(path.dirname(requireRelease.resolve('tsx/package.json')), 'dist/esm/api/index.mjs');
const { register } = await import(pathToFileURL(tsxApi).href);
register();
const api = (file) => import(pathToFileURL(path.join(release, 'apps/api/src', file)).href);
const pg = (await import(pathToFileURL(requireRelease.resolve('pg')).href)).default;
const { connect } = await api('db/client.ts');
const { applyMigrations } = await api('db/migrate.ts');
const { seedIfEmpty } = await api('db/seed/index.ts');
const { buildApp } = await api('app.ts');
const { loadConfig } = await api('config.ts');
const { hashPassword } = await api('lib/passwords.ts');

const name = `shop_release13_${process.pid}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`create database ${name}`);
const url = withDatabase(server, name);
const quiet = { info: () => {}, warn: () => {} };
const database = connect(url, quiet);
try {
  await applyMigrations(database.pool);
  await seedIfEmpty(database.db, { mode: 'demo', adminPassword: 'Fixture-admin-2026!', log: quiet, now: SEED_NOW });
  await exerciseRelease(database);
  await database.close();
  await dump(url, out);
  console.log(`${path.relative(root, out)}: ${fs.statSync(out).size} bytes`);
} finally {
  await database.close().catch(() => {});
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** One product of the demo matching `where`, the first by slug (the demo catalogue is deterministic). */
async function productWhere(pool, where, exclude = []) {
  const { rows } = await pool.query(
    `select id, slug, colors, available_sizes as sizes, available from products
     where published and ${where} and not (id = any($1::uuid[])) order by slug limit 1`,
    [exclude],
  );
  if (!rows[0]) throw new Error(`the demo has no product where ${where}`);
  return rows[0];
}

/** Carts, orders, stock and subscriptions made through the release's API, as its shoppers and admin did. */
async function exerciseRelease({ pool }) {
  const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '1000' });
  const app = await buildApp({ config, database, jwtSecret: randomBytes(32).toString('hex') });
  await app.ready();
  try {
    const a = await productWhere(
      pool,
      'cardinality(colors) >= 2 and cardinality(available_sizes) >= 3 and available >= 100',
    );
    const b = await productWhere(
      pool,
      'cardinality(colors) >= 3 and cardinality(available_sizes) >= 2 and available >= 100',
      [a.id],
    );
    const c = await productWhere(
      pool,
      'cardinality(colors) = 0 and cardinality(available_sizes) = 0 and available >= 100',
    );
    const d = await productWhere(
      pool,
      'cardinality(colors) = 0 and cardinality(available_sizes) = 0 and available >= 100',
      [c.id],
    );
    const soldOut = await productWhere(pool, 'available = 0 and cardinality(available_sizes) >= 2');

    const call = async (method, route, headers, payload) => {
      const res = await app.inject({ method, url: `/api${route}`, headers, payload, remoteAddress: '10.13.0.1' });
      if (res.statusCode >= 300) throw new Error(`${method} ${route}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const shopper = async (n) => {
      const { rows } = await pool.query(
        `insert into users (email, username, first_name, last_name, password_hash)
         values ($1, $2, 'Fixture', $3, $4) returning id, role`,
        [`fixture${n}@example.com`, `fixture${n}`, `Shopper ${n}`, await hashPassword('Fixture-2026!')],
      );
      const { access } = await app.services.auth.startSession(rows[0]);
      return { authorization: `Bearer ${access}` };
    };
    const add = (headers, product, quantity, color, size) =>
      call('POST', '/products/add-to-cart', headers, { product_id: product.id, quantity, color, size });
    const order = (headers, body = {}) =>
      call(
        'POST',
        '/orders',
        { ...headers, 'idempotency-key': randomUUID() },
        {
          shipping_address: {
            name: 'Ada Lovelace',
            line1: '12 Analytical Way',
            city: 'London',
            postal_code: 'N1 9GU',
            country: 'gb',
          },
          shipping_method: 'standard',
          payment: { method: 'pay_later' },
          ...body,
        },
      );
    const [adminUser] = (await pool.query(`select id, role from users where role = 'admin' limit 1`)).rows;
    const adminHeaders = { authorization: `Bearer ${(await app.services.auth.startSession(adminUser)).access}` };
    const [removed] = b.colors.slice(-1);

    // Shopper 1: one product in three colour/size lines, and a product without choices.
    const one = await shopper(1);
    await add(one, a, 2, a.colors[0], a.sizes[0]);
    await add(one, a, 1, a.colors[0], a.sizes[1]);
    await add(one, a, 3, a.colors[1], a.sizes[0]);
    await add(one, c, 1);
    // Shopper 2: B in the colour the admin removes below and, same size, in B's first colour: one
    // variant's line after the migration, 2 + 1. And D, before D had colours.
    const two = await shopper(2);
    await add(two, b, 2, removed, b.sizes[0]);
    await add(two, b, 1, b.colors[0], b.sizes[0]);
    await add(two, d, 1);
    // Shopper 3: only the removed colour.
    const three = await shopper(3);
    await add(three, b, 4, removed, b.sizes[1]);
    // Shopper 4: two orders (lines with and without choices, one in the colour removed below).
    const four = await shopper(4);
    await add(four, a, 1, a.colors[1], a.sizes[1]);
    await add(four, b, 1, removed, b.sizes[1]);
    await add(four, c, 2);
    // Paid by card: shopper 4 may then review C.
    await order(four, {
      payment: {
        method: 'card',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123', name: 'Ada Lovelace' },
      },
    });
    await add(four, d, 3);
    await add(four, a, 1, a.colors[0], a.sizes[0]);
    await order(four);
    // A guest order of the product without choices.
    await order({}, { email: 'guest@example.com', items: [{ product_id: c.id, quantity: 1 }] });
    // Shoppers 1 and 2 wait for the sold-out product; shopper 4 reviews C.
    await call('POST', `/products/${soldOut.id}/subscribe`, one);
    await call('POST', `/products/${soldOut.id}/subscribe`, two);
    await call('POST', `/products/${c.id}/reviews`, four, {
      rating: 4,
      title: 'Does the job',
      body: 'Bought two, both fine.',
    });

    // The admin counts C's stock, drops B's last colour and gives D colours: lines and lists now differ.
    await call('POST', `/admin/products/${c.id}/stock-adjustments`, adminHeaders, { delta: 7, reason: 'Stock count' });
    await call('PATCH', `/admin/products/${b.id}`, adminHeaders, { colors: b.colors.slice(0, -1) });
    await call('PATCH', `/admin/products/${d.id}`, adminHeaders, { colors: ['Black', 'White'] });
    console.log(
      `exercised: ${[a, b, c, d, soldOut].map((p) => p.slug).join(', ')} (removed ${removed} from ${b.slug})`,
    );
  } finally {
    await app.close();
  }
}

/** pg_dump as INSERT statements (100 rows each), no owners or grants, gzipped to `file`. */
async function dump(databaseUrl, file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const child = spawn(
    'pg_dump',
    ['--no-owner', '--no-privileges', '--no-comments', '--inserts', '--rows-per-insert=100', '--dbname', databaseUrl],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // pg_dump ≥ 15.14 fences the script with psql's \restrict and \unrestrict (a random key each run):
  // psql commands, not SQL, which the test's loader does not speak. Plain SQL without them.
  let rest = '';
  const withoutPsqlCommands = async function* (chunks) {
    for await (const chunk of chunks) {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      yield lines
        .filter((line) => !/^\\(un)?restrict /.test(line))
        .map((line) => `${line}\n`)
        .join('');
    }
    if (rest) yield rest;
  };
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await pipeline(child.stdout, withoutPsqlCommands, createGzip({ level: 9 }), fs.createWriteStream(file));
  const code = await exited;
  if (code !== 0) throw new Error(`pg_dump ended with ${code}`);
}
