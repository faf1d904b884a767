import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ORDER_RATE_LIMITS } from '../../src/modules/orders/index.ts';
import { ADDRESS, card } from '../orders-fixtures.ts';
import {
  type Answer,
  type ClusterDatabase,
  type ClusterRedis,
  clusterDatabase,
  clusterRedis,
  nginxBinary,
  type ReverseProxy,
  sendUntilAnswered,
  startNginx,
  stopProxies,
} from './cluster-helpers.ts';
import { exited, type ShopProcess, startShop, stopEverything, tempDir, waitFor } from './harness.ts';

/**
 * Two shop processes on one database (and one Redis when CI has it)
 * behind a real nginx. Shoppers, each with an account and a cart, place card orders through the proxy
 * with an Idempotency-Key per order and retry as the web client does, while a shop is killed with
 * SIGKILL and started again (three times, the two in turn; the other serves meanwhile). Afterwards every
 * key has exactly one order and a final answer, and stock, orders, payments and the ledger agree.
 * Bounded: at most SHOPPERS × MAX_ORDERS_PER_SHOPPER orders, about a minute on a 2-core machine.
 */

const SHOPPERS = 16;
/** A bound on the load whatever happens: a shopper stops after this many orders. */
const MAX_ORDERS_PER_SHOPPER = 150;
const START_STOCK = 100_000;
/** SIGKILL and restart, the two shops in turn. */
const KILL_ROUNDS = 3;

interface Shopper {
  userId: string;
  authorization: string;
  /** The cart as this shopper built it: product id → quantity. */
  cart: Map<string, number>;
}

interface Placement {
  shopper: Shopper;
  key: string;
  /** The cart when the order was placed: what the order must hold. */
  lines: Map<string, number>;
  answer: Answer;
}

let db: ClusterDatabase | undefined;
let redis: ClusterRedis | undefined;
let proxy: ReverseProxy | undefined;
const sql = new Set<pg.Client>();

afterAll(async () => {
  for (const client of sql) await client.end().catch(() => {});
  await stopProxies();
  await stopEverything();
  await db?.drop();
  await redis?.cleanup();
});

/**
 * Whether the shop whose connections are named `appName` is inside a transaction that writes orders but
 * claims no Idempotency-Key: settling a charge (paid or declined), after the placing transaction committed
 * and before the outcome did. Only an observation, through pg_stat_activity and pg_locks; a SIGKILL then
 * leaves an order whose charge nobody settles, the case that must still end in a final answer.
 */
async function settlingCharge(client: pg.Client, appName: string): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity a
      where a.application_name = $1 and a.xact_start is not null
        and exists (select 1 from pg_locks l where l.pid = a.pid and l.relation = 'orders'::regclass
                     and l.mode = 'RowExclusiveLock')
        and not exists (select 1 from pg_locks l where l.pid = a.pid and l.relation = 'idempotency_keys'::regclass)`,
    [appName],
  );
  return (rows[0]?.n ?? 0) > 0;
}

async function connectSql(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  sql.add(client);
  return client;
}

describe('two shops behind nginx under a checkout load (the cluster test)', () => {
  it('a shop killed with SIGKILL and restarted mid-load loses and doubles no order; stock, payments and ledger agree', async () => {
    // Before anything starts: a machine without nginx fails the test here, in one sentence (not a skip).
    nginxBinary();
    db = await clusterDatabase();
    redis = clusterRedis();
    const env: Record<string, string> = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED: 'none',
      // Every shopper comes from this machine's one address: the per-address limits are for real crowds.
      // Scaled so that every order the load may place, each tried twice, fits in one window of the
      // per-address order limit however fast the machine: a 429 ends a shopper's load. At ×100 (1,000 a
      // minute, this machine places ~35 a second) every shopper once stopped before the restarted shop
      // had answered its five orders, and the test timed out waiting.
      RATE_LIMIT_SCALE: String(Math.ceil((2 * SHOPPERS * MAX_ORDERS_PER_SHOPPER) / ORDER_RATE_LIMITS.perAddress.max)),
      // nginx is the proxy: its X-Forwarded-For names the client.
      TRUST_PROXY: '127.0.0.1/32',
      LOG_LEVEL: 'warn',
      ...(redis ? { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix } : {}),
    };
    console.log(`cluster test on ${db.where}${redis ? ` and the machine's Redis (${redis.prefix})` : ', no Redis'}`);
    const dataDirs = [tempDir('cluster-a'), tempDir('cluster-b')];
    // Each shop's connections carry its name, so the test can see what a shop is doing in the database.
    const names = ['cluster-shop-a', 'cluster-shop-b'];
    const databaseUrls = names.map((name) => {
      const url = new URL(db?.url ?? '');
      url.searchParams.set('application_name', name);
      return url.toString();
    });
    const shops: ShopProcess[] = await Promise.all(
      dataDirs.map((dataDir, i) => startShop({ databaseUrl: databaseUrls[i], dataDir, env })),
    );
    proxy = await startNginx(shops.map((s) => s.port));
    const client = await connectSql(db.url);
    const via = (p: string) => `${proxy?.url}/api/${p}`;

    // What is on sale: products of the test's own, with stock to spare (a shortage is not this test's subject).
    await client.query(`insert into categories (id, name, icon) values ('electronics', 'Electronics', 'cpu')`);
    const productIds: string[] = [];
    for (const n of [1, 2, 3]) {
      // Its stock is its one variant's: the roll-up trigger gives the product the same figure.
      const { rows } = await client.query<{ id: string }>(
        `with p as (
           insert into products (slug, name, category_id, regular_price_cents, sale_price_cents, images)
           values ($1, $2, 'electronics', 2500, $3, '{https://img.example/p.jpg}') returning id)
         insert into product_variants (product_id, sku, available) select id, $1, $4 from p returning product_id as id`,
        [`cluster-product-${n}`, `Cluster product ${n}`, 1000 + n * 111, START_STOCK],
      );
      productIds.push(rows[0]?.id ?? '');
    }

    // Shoppers sign up and sign in through the proxy (no faults yet: any failure here is a failure).
    const password = 'Cluster-Shopper-Pw-2026';
    const shoppers: Shopper[] = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, i) => {
        const email = `shopper-${i}-${randomUUID().slice(0, 8)}@example.com`;
        const registered = await fetch(via('auth/register'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            first_name: 'Shop',
            last_name: `Per ${String.fromCharCode(65 + i)}`,
            username: `shopper-${i}`,
            email,
            password,
          }),
        });
        expect(registered.status, await registered.text()).toBe(201);
        const login = await fetch(via('auth/login'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        expect(login.status).toBe(200);
        const { access, user } = (await login.json()) as { access: string; user: { id: string } };
        return { userId: user.id, authorization: `Bearer ${access}`, cart: new Map<string, number>() };
      }),
    );

    // The load: every shopper adds to the cart and places an order, again and again, until told to stop.
    const placements: Placement[] = [];
    const cartFailures: string[] = [];
    let stop = false;
    /** The port of the shop restarted last, and how many orders it answered since. */
    let restartedPort: number | undefined;
    let answeredByRestarted = 0;
    const loads = shoppers.map(async (shopper, i) => {
      for (let n = 0; !stop && n < MAX_ORDERS_PER_SHOPPER; n++) {
        const productId = productIds[(i + n) % productIds.length] ?? '';
        const quantity = 1 + ((i + n) % 2);
        const added = await sendUntilAnswered(via('products/add-to-cart'), {
          method: 'POST',
          headers: { authorization: shopper.authorization, 'idempotency-key': randomUUID() },
          body: { product_id: productId, quantity },
        });
        if (added.status !== 200) {
          cartFailures.push(`shopper ${i}: add-to-cart answered ${added.status} ${JSON.stringify(added.body)}`);
          return;
        }
        shopper.cart.set(productId, (shopper.cart.get(productId) ?? 0) + quantity);
        const key = randomUUID();
        const lines = new Map(shopper.cart);
        const answer = await sendUntilAnswered(via('orders'), {
          method: 'POST',
          headers: { authorization: shopper.authorization, 'idempotency-key': key },
          body: { shipping_address: ADDRESS, shipping_method: 'standard', payment: card() },
        });
        placements.push({ shopper, key, lines, answer });
        if (restartedPort && answer.upstream?.endsWith(`:${restartedPort}`)) answeredByRestarted++;
        // A paid order empties the cart; a declined one leaves it as it was (ADR 003). Anything else ends
        // this shopper: it is reported below.
        if (answer.status === 201) shopper.cart.clear();
        else if (answer.status !== 402) return;
      }
    });

    // A wait below for the load's progress fails at once, with why, if every shopper has stopped.
    const everyShopperStopped = Promise.all(loads).then(() => {
      const ends = placements
        .filter((p) => p.answer.status !== 201 && p.answer.status !== 402)
        .map((p) => `${p.answer.status} ${JSON.stringify(p.answer.body)}`);
      throw new Error(`every shopper stopped: [${[...cartFailures, ...ends].join('; ')}]`);
    });
    everyShopperStopped.catch(() => {}); // read by the races below only
    const whileLoading = <T>(waiting: Promise<T>) => Promise.race([waiting, everyShopperStopped]);

    // A shop dies mid-load (SIGKILL: no drain, no cleanup) and is started again on its port and data, once
    // per round, the two shops in turn. Each round lands on whatever requests that shop holds at that
    // moment: cart adds, placing transactions, charges in flight; several rounds make it likely that some
    // order is caught between its commit and its charge's outcome.
    const kills: number[] = [];
    const moments: string[] = [];
    for (let round = 0; round < KILL_ROUNDS; round++) {
      const victim = round % shops.length;
      await whileLoading(
        waitFor('orders placed through the proxy', () => placements.length >= (kills.at(-1) ?? 0) + 20, {
          timeoutMs: 120_000,
        }),
      );
      // The moment: while the shop settles a charge, if it is seen doing so within a few seconds.
      const settling = await waitFor('a charge being settled', () => settlingCharge(client, names[victim] ?? ''), {
        timeoutMs: 10_000,
        everyMs: 2,
      }).catch(() => false);
      const killed = shops[victim] as ShopProcess;
      process.kill(killed.pid, 'SIGKILL');
      await exited(killed.child);
      kills.push(placements.length);
      moments.push(settling ? 'while settling a charge' : 'at a random moment');
      shops[victim] = await startShop({
        databaseUrl: databaseUrls[victim],
        dataDir: dataDirs[victim],
        port: killed.port,
        env,
      });
      answeredByRestarted = 0;
      restartedPort = killed.port;
      // The restarted shop takes its share again before the next round.
      await whileLoading(
        waitFor('orders answered by the restarted shop', () => answeredByRestarted >= 5, { timeoutMs: 120_000 }),
      );
    }
    // Then the load ends, and every shopper's last order settles.
    stop = true;
    await Promise.all(loads);

    // The kill hit requests in flight: some were answered 502 by nginx or got no answer, and were retried.
    const retried = placements.filter((p) => p.answer.attempts.some((a) => a === 'network' || a >= 500));
    const declined = placements.filter((p) => p.answer.status === 402).length;
    console.log(
      `${placements.length} orders by ${SHOPPERS} shoppers (${declined} declined), kills after ${kills.map((k, i) => `${k} (${moments[i]})`).join(', ')}; ` +
        `${retried.length} retried after a fault`,
    );
    expect(cartFailures).toEqual([]);

    // Every key got its final answer: 201 with the paid order, or a decline the provider reported.
    const unanswered = placements
      .filter((p) => p.answer.status !== 201 && p.answer.status !== 402)
      .map(
        (p) => `${p.key}: ${p.answer.status} after [${p.answer.attempts.join(', ')}] ${JSON.stringify(p.answer.body)}`,
      );
    expect(unanswered).toEqual([]);
    expect(retried.length).toBeGreaterThan(0);

    // Each key → exactly one order; no order without a key (none doubled, none lost).
    const keyRows = await client.query<{ key: string; status_code: number | null; order_id: string | null }>(
      `select key, status_code, response->>'order_id' as order_id from idempotency_keys where scope like 'order:%'`,
    );
    const orderOfKey = new Map(keyRows.rows.map((r) => [r.key, r]));
    expect(keyRows.rows.length).toBe(placements.length);
    for (const p of placements) {
      const row = orderOfKey.get(p.key);
      expect(row, `key ${p.key}`).toMatchObject({ status_code: 201 });
      if (p.answer.status === 201) expect((p.answer.body as { id: string }).id).toBe(row?.order_id);
    }
    const orderRows = await client.query<{
      id: string;
      user_id: string;
      status: string;
      total_cents: number;
      payments: number;
      payment_status: string | null;
      paid_cents: number | null;
      charges: number;
      charged_cents: string | null;
      refunded_cents: string | null;
    }>(
      `select o.id, o.user_id, o.status, o.total_cents,
              (select count(*)::int from payments p where p.order_id = o.id) as payments,
              (select p.status::text from payments p where p.order_id = o.id) as payment_status,
              (select p.amount_cents from payments p where p.order_id = o.id) as paid_cents,
              (select count(*)::int from transactions t where t.order_id = o.id and t.kind = 'charge') as charges,
              (select sum(t.amount_cents) from transactions t where t.order_id = o.id and t.kind = 'charge') as charged_cents,
              (select sum(t.amount_cents) from transactions t where t.order_id = o.id and t.kind = 'refund') as refunded_cents
         from orders o`,
    );
    const orders = new Map(orderRows.rows.map((o) => [o.id, o]));
    expect(orders.size).toBe(placements.length);
    expect(new Set(keyRows.rows.map((r) => r.order_id))).toEqual(new Set(orders.keys()));

    // Each order holds exactly the cart it was placed with, and its money is in the ledger once.
    const lineRows = await client.query<{ order_id: string; product_id: string; quantity: number }>(
      'select order_id, product_id, quantity from order_lines',
    );
    const linesOf = new Map<string, Map<string, number>>();
    for (const l of lineRows.rows) {
      const m = linesOf.get(l.order_id) ?? new Map<string, number>();
      m.set(l.product_id, (m.get(l.product_id) ?? 0) + l.quantity);
      linesOf.set(l.order_id, m);
    }
    for (const p of placements) {
      const orderId = orderOfKey.get(p.key)?.order_id ?? '';
      const order = orders.get(orderId);
      expect(order?.user_id, `order of key ${p.key}`).toBe(p.shopper.userId);
      expect(linesOf.get(orderId), `lines of order ${orderId}`).toEqual(p.lines);
      if (p.answer.status === 201) {
        // Paid: one succeeded payment of the total, one charge of it in the ledger, nothing given back.
        expect(order, `paid order ${orderId}`).toMatchObject({
          status: 'paid',
          payments: 1,
          payment_status: 'succeeded',
          paid_cents: order?.total_cents,
          charges: 1,
          charged_cents: String(order?.total_cents),
          refunded_cents: null,
        });
      } else {
        // Declined (a final 402, checked above): cancelled, no money kept (a charge taken is refunded in full).
        expect(order, `declined order ${orderId}`).toMatchObject({ status: 'cancelled', payments: 1 });
        expect(Number(order?.charged_cents ?? 0)).toBe(Number(order?.refunded_cents ?? 0));
      }
    }

    // Stock: what is left plus what was sold (lines of orders not cancelled) is what there was.
    const stock = await client.query<{ id: string; available: number; sold: string; moved: string }>(
      `select p.id, p.available,
              coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
                         where l.product_id = p.id and o.status <> 'cancelled'), 0) as sold,
              coalesce((select sum(m.delta) from stock_movements m where m.product_id = p.id), 0) as moved
         from products p`,
    );
    for (const p of stock.rows) {
      expect(p.available + Number(p.sold), `stock of ${p.id}`).toBe(START_STOCK);
      expect(Number(p.moved), `stock movements of ${p.id}`).toBe(p.available - START_STOCK);
    }

    // Every cart is what its shopper left in it: paid orders emptied theirs, nothing was added twice.
    const carts = await client.query<{ user_id: string; product_id: string; quantity: number }>(
      'select c.user_id, i.product_id, i.quantity from cart_items i join carts c on c.id = i.cart_id',
    );
    for (const shopper of shoppers) {
      const left = new Map(
        carts.rows.filter((r) => r.user_id === shopper.userId).map((r) => [r.product_id, r.quantity]),
      );
      expect(left, `cart of ${shopper.userId}`).toEqual(shopper.cart);
    }

    // Both processes serve through the proxy at the end.
    for (const shop of shops) expect((await shop.api('ready')).status).toBe(200);
  }, 300_000);
});
