import { randomInt, randomUUID } from 'node:crypto';
import pg from 'pg';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { TEST_CARDS } from '../../src/modules/payments/index.ts';
import { ADDRESS, card } from '../orders-fixtures.ts';
import { alive, freePort, type ShopProcess, sleep, tempDir, waitFor, withDatabase } from './harness.ts';

/**
 * Checkout under faults: a restartable database server, a load of guest card
 * checkouts with the keys and bodies it sent, and the invariants every order must meet afterwards.
 */

/** A PostgreSQL server of the test's own that can be killed (SIGKILL) and started again on its data and port. */
export async function startRestartableDatabase() {
  const quiet = { info: () => {}, warn: () => {} };
  const dir = tempDir('pg');
  const port = await freePort();
  let server: EmbeddedPostgres = await startEmbeddedPostgres(dir, quiet, { port });
  const url = server.url;
  return {
    /** A new, empty database on this server; its URL (the same after a restart: same port and password). */
    async createDatabase(): Promise<string> {
      const name = `ops_crash_${Date.now().toString(36)}`;
      await withClient(withDatabase(url, 'postgres'), (c) => c.query(`create database ${name}`));
      return withDatabase(url, name);
    },
    /** SIGKILL of the postmaster, as a crash of the database server; waits until it is gone. */
    async kill() {
      const pid = server.pid;
      process.kill(pid, 'SIGKILL');
      await waitFor('the killed postmaster to be gone', () => !alive(pid), { timeoutMs: 15_000 });
    },
    /** Starts the server again on the same data and port (crash recovery runs; the old backends must go first). */
    async restart() {
      server = await waitFor(
        'the database server to start again',
        () => startEmbeddedPostgres(dir, quiet, { port }).catch(() => undefined),
        { timeoutMs: 60_000, everyMs: 500 },
      );
    },
    stop: () => server.stop(),
  };
}

export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One checkout the load sent: its key and body, and what came back (`undefined` while none came). */
export interface Sent {
  key: string;
  email: string;
  body: Record<string, unknown>;
  status?: number;
  error?: string;
}

/** A guest card checkout of one unit of `productId`; one in four with a card the gateway declines. */
export function checkoutBody(productId: string) {
  const email = `crash-${randomUUID()}@example.com`;
  const test = randomInt(4) === 0 ? TEST_CARDS.declined : TEST_CARDS.success;
  return {
    email,
    body: {
      email,
      items: [{ product_id: productId, quantity: 1 }],
      shipping_address: ADDRESS,
      shipping_method: 'standard',
      payment: card(test),
    },
  };
}

/** POST /api/orders with the key and body (a retry sends the same again). */
export async function sendCheckout(shop: ShopProcess, s: Pick<Sent, 'key' | 'body'>) {
  return shop.api('orders', { method: 'POST', headers: { 'idempotency-key': s.key }, body: JSON.stringify(s.body) });
}

/**
 * `workers` clients each sending one checkout after another to `shop` until `stop()`; every request is
 * kept in `sent`. `answered()` counts those that got an answer.
 */
export function checkoutLoad(shop: ShopProcess, productId: string, sent: Sent[], workers = 24) {
  let stopped = false;
  const loops = Array.from({ length: workers }, async () => {
    while (!stopped) {
      const { email, body } = checkoutBody(productId);
      const s: Sent = { key: randomUUID(), email, body };
      sent.push(s);
      try {
        const res = await sendCheckout(shop, s);
        s.status = res.status;
        await res.arrayBuffer();
      } catch (err) {
        s.error = (err as Error).message;
        // The shop is gone: wait for the test to stop this load rather than spin.
        await sleep(50);
      }
    }
  });
  return {
    answered: () => sent.filter((s) => s.status !== undefined).length,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** A final outcome of a checkout: paid (201) or declined (402). Never 409 "still running", never 5xx. */
export const FINAL = [201, 402];

/** The orders (and payments) of the load's e-mails, as the database has them. */
export async function ordersOf(url: string, emails: string[]) {
  return withClient(url, async (c) => {
    const res = await c.query<{
      id: string;
      email: string;
      status: string;
      total_cents: number;
      payment_id: string;
      payment_status: string;
    }>(
      `select o.id, o.email, o.status, o.total_cents, p.id as payment_id, p.status as payment_status
       from orders o join payments p on p.order_id = o.id where o.email = any($1)`,
      [emails],
    );
    return res.rows;
  });
}

/**
 * Every order of the load is settled and consistent: no payment `processing`; paid orders have a
 * succeeded payment, one card charge of their total in the ledger and a succeeded charge at the
 * gateway; cancelled orders took no money (charges = refunds) and the gateway declined or never took
 * their charge; the product's stock plus the units of its orders not cancelled is its starting stock,
 * and so is its starting stock plus its stock movements.
 */
export async function checkInvariants(url: string, productId: string, startStock: number, emails: string[]) {
  const problems: string[] = [];
  const orders = await ordersOf(url, emails);
  await withClient(url, async (c) => {
    for (const o of orders) {
      const ledger = await c.query<{ kind: string; amount_cents: number }>(
        'select kind, amount_cents from transactions where order_id = $1',
        [o.id],
      );
      const charged = ledger.rows.filter((r) => r.kind === 'charge').reduce((n, r) => n + r.amount_cents, 0);
      const refunded = ledger.rows.filter((r) => r.kind === 'refund').reduce((n, r) => n + r.amount_cents, 0);
      const gateway = await c.query<{ status: string }>(
        'select status from test_gateway.charges where reference = $1',
        [o.payment_id],
      );
      const atGateway = gateway.rows[0]?.status ?? 'none';
      if (o.status === 'paid') {
        if (o.payment_status !== 'succeeded') problems.push(`${o.id}: paid, payment ${o.payment_status}`);
        if (charged !== o.total_cents || refunded !== 0) problems.push(`${o.id}: paid, ledger ${charged}/${refunded}`);
        if (atGateway !== 'succeeded') problems.push(`${o.id}: paid, gateway says ${atGateway}`);
      } else if (o.status === 'cancelled') {
        if (!['declined', 'cancelled'].includes(o.payment_status)) {
          problems.push(`${o.id}: cancelled, payment ${o.payment_status}`);
        }
        if (charged !== refunded) problems.push(`${o.id}: cancelled, ledger ${charged}/${refunded}`);
        if (atGateway === 'succeeded' && charged === 0) problems.push(`${o.id}: cancelled, charged at the gateway`);
      } else {
        problems.push(`${o.id}: left ${o.status} with its payment ${o.payment_status}`);
      }
    }
    const ids = orders.map((o) => o.id);
    const stock = await c.query<{ available: number; sold: number; moved: number }>(
      `select p.available,
         (select coalesce(sum(l.quantity), 0)::int from order_lines l join orders o on o.id = l.order_id
          where l.product_id = p.id and o.status <> 'cancelled' and o.id = any($2)) as sold,
         (select coalesce(sum(m.delta), 0)::int from stock_movements m
          where m.product_id = p.id and m.order_id = any($2)) as moved
       from products p where p.id = $1`,
      [productId, ids],
    );
    const s = stock.rows[0];
    if (!s) problems.push('product missing');
    else {
      if (s.available + s.sold !== startStock) problems.push(`stock ${s.available} + sold ${s.sold} ≠ ${startStock}`);
      if (startStock + s.moved !== s.available)
        problems.push(`stock ${startStock} + movements ${s.moved} ≠ ${s.available}`);
    }
  });
  return { orders, problems };
}

/**
 * A published product with one variant (no choice to make), given `stock` units on that variant — the
 * product's figure follows by the roll-up trigger. The load buys from it.
 */
export async function stockedProduct(url: string, stock: number): Promise<string> {
  return withClient(url, async (c) => {
    const res = await c.query<{ id: string }>(
      `update product_variants set available = $1
       where product_id = (
         select p.id from products p
         where p.published and (select count(*) from product_variants v where v.product_id = p.id) = 1
         order by p.id limit 1)
       returning product_id as id`,
      [stock],
    );
    const id = res.rows[0]?.id;
    if (!id) throw new Error('no product with one variant in the seed');
    return id;
  });
}
