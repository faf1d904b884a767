import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkInvariants,
  checkoutLoad,
  FINAL,
  type Sent,
  sendCheckout,
  startRestartableDatabase,
  stockedProduct,
  withClient,
} from './checkout-load.ts';
import {
  type ShopProcess,
  sleep,
  startDatabaseServer,
  startShop,
  stopEverything,
  tempDir,
  waitFor,
} from './harness.ts';

/**
 * A crash between an order's commit and its charge's outcome (kill -9 of the shop, or
 * of the database) must not leave orders "awaiting payment" with the charge "processing" and their
 * Idempotency-Key answering 409: the charges are settled with the gateway at once (at start, when the
 * database is back, or on a retry of the key), and a retry answers the order's real outcome.
 *
 * "Mid-checkout" without a product knob: a load of concurrent checkouts, killed at a random moment once
 * checkouts flow, again until a kill has left at least one payment `processing` (what today's code
 * never recovers from); then every order of the load is checked, not only those.
 */
afterAll(stopEverything);

const STOCK = 1_000_000;
// Many orders from one address: the placement limits scaled as the e2e run scales them.
const ENV = { RATE_LIMIT_SCALE: '1000' };

async function processingPayments(url: string, emails: string[]): Promise<string[]> {
  return withClient(url, async (c) => {
    const res = await c.query<{ email: string }>(
      `select o.email from orders o join payments p on p.order_id = o.id
       where p.status = 'processing' and o.email = any($1)`,
      [emails],
    );
    return res.rows.map((r) => r.email);
  });
}

/** Sends every checkout of the load again with its key and body; answers the statuses by key. */
async function retryAll(shop: ShopProcess, sent: Sent[]) {
  const answers = new Map<string, number>();
  for (let i = 0; i < sent.length; i += 20) {
    await Promise.all(
      sent.slice(i, i + 20).map(async (s) => {
        const res = await sendCheckout(shop, s);
        answers.set(s.key, res.status);
        const body = (await res.json()) as { status?: string; code?: string };
        if (res.status === 201) expect(body.status).toBe('paid');
        if (res.status === 402) expect(body.code).toBe('PAYMENT_DECLINED');
      }),
    );
  }
  return answers;
}

/** Starts the load and waits until checkouts flow, then a moment more chosen at random. */
async function loadUntilFlowing(shop: ShopProcess, productId: string, sent: Sent[]) {
  const load = checkoutLoad(shop, productId, sent);
  const before = load.answered();
  await waitFor('checkouts to flow', () => load.answered() >= before + 20, { everyMs: 10, timeoutMs: 60_000 });
  // A random moment: the kill must land between some order's commit and its charge's outcome.
  await sleep(randomInt(150));
  return load;
}

describe('a crash mid-checkout', () => {
  it('kill -9 of the shop: at restart its unsettled charges are settled, and retries of their keys answer the real outcome', async () => {
    const db = await startDatabaseServer();
    const url = await db.createDatabase();
    const dataDir = tempDir('data');
    let shop = await startShop({ databaseUrl: url, dataDir, env: ENV });
    const productId = await stockedProduct(url, STOCK);
    const sent: Sent[] = [];

    let stuck: string[] = [];
    let kills = 0;
    for (; kills < 10 && stuck.length === 0; kills++) {
      const load = await loadUntilFlowing(shop, productId, sent);
      await shop.stop('SIGKILL');
      await load.stop();
      stuck = await processingPayments(
        url,
        sent.map((s) => s.email),
      );
      shop = await startShop({ databaseUrl: url, dataDir, env: ENV });
    }
    // The kills did catch checkouts between commit and outcome (else this test would show nothing).
    expect(stuck.length).toBeGreaterThan(0);
    console.info(`${kills} kill(s) over ${sent.length} checkouts left ${stuck.length} charge(s) processing`);

    // Settled at start, before the shop answered anything: nothing is left `processing`.
    expect(await processingPayments(url, stuck)).toEqual([]);
    const answers = await retryAll(shop, sent);
    expect([...answers.values()].filter((s) => !FINAL.includes(s))).toEqual([]);
    const { problems, orders } = await checkInvariants(
      url,
      productId,
      STOCK,
      sent.map((s) => s.email),
    );
    expect(problems).toEqual([]);
    // The stuck ones were answered with their outcome, paid or cancelled as the gateway said.
    for (const email of stuck) expect(['paid', 'cancelled']).toContain(orders.find((o) => o.email === email)?.status);
  });

  it('kill -9 of the database: when it is back the unsettled charges are settled, and retries answer the real outcome', async () => {
    const server = await startRestartableDatabase();
    const url = await server.createDatabase();
    const shop = await startShop({ databaseUrl: url, env: ENV });
    const productId = await stockedProduct(url, STOCK);
    const sent: Sent[] = [];

    let stuck: string[] = [];
    let kills = 0;
    for (; kills < 10 && stuck.length === 0; kills++) {
      const load = await loadUntilFlowing(shop, productId, sent);
      await server.kill();
      await load.stop();
      // The shop is held still while the database comes back, to see what the crash left behind
      // before the shop can settle it.
      process.kill(shop.pid, 'SIGSTOP');
      try {
        await server.restart();
        stuck = await processingPayments(
          url,
          sent.map((s) => s.email),
        );
      } finally {
        process.kill(shop.pid, 'SIGCONT');
      }
      await waitFor('the shop to answer again', async () => (await shop.api('ready')).ok, { timeoutMs: 60_000 });
    }
    expect(stuck.length).toBeGreaterThan(0);
    console.info(`${kills} kill(s) over ${sent.length} checkouts left ${stuck.length} charge(s) processing`);

    // Settled once the database is back, without a retry asking (the shop saw its checkouts fail).
    // A fault bound, generous: the shop looks again within seconds of the database coming back.
    await waitFor(
      'the unsettled charges to be settled',
      async () => (await processingPayments(url, stuck)).length === 0,
      {
        timeoutMs: 30_000,
        everyMs: 250,
      },
    );
    const answers = await retryAll(shop, sent);
    expect([...answers.values()].filter((s) => !FINAL.includes(s))).toEqual([]);
    const { problems } = await checkInvariants(
      url,
      productId,
      STOCK,
      sent.map((s) => s.email),
    );
    expect(problems).toEqual([]);
    await shop.stop('SIGKILL');
    await server.stop();
  });
});
