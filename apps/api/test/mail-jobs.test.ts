import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { createMailer, LINK_NOT_KEPT, SECRET_HIDDEN } from '../src/lib/mailer.ts';
import { sealingKey } from '../src/lib/seal.ts';
import { authHeaders, createProduct, freshIp } from './cart-fixtures.ts';
import { TEST_JWT_SECRET } from './constants.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { guestBody, placeOrder } from './orders-fixtures.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

/**
 * Mail is a durable job. The outbox row and its send-mail job commit with the change
 * that causes them; the worker sends with retries and backoff; staff see each mail's state and retry a
 * failed one.
 */

const quiet = { info() {}, warn() {} };
const sealKey = sealingKey(TEST_JWT_SECRET, 'mail outbox');

/** Polls until `check` holds (the runner works on its own time); fails after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 40_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rowOf = async (t: TestApp, id: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
const rowsTo = (t: TestApp, to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const jobsFor = async (t: TestApp, id: string) =>
  (
    await t.pool.query("select count(*)::int as n from graphile_worker._private_jobs where key = 'send-mail:' || $1", [
      id,
    ])
  ).rows[0].n as number;

describe('the mail outbox as a job queue', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink(0, { refuse: 2 });
    t = await createTestApp({ env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('a mail enqueued in a rolled-back transaction is never sent; one in a committed transaction is', async () => {
    const mailer = createMailer({
      db: t.db,
      clock: t.clock,
      smtpUrl: sink.url,
      fromAddress: 'shop@example.com',
      letterhead: async () => ({ name: 'Shop', logoUrl: null }),
      log: quiet,
      sealKey,
      maxAttempts: 8,
    });
    const to = `rolled-back-${Date.now()}@example.com`;
    await expect(
      t.db.transaction(async (tx) => {
        await mailer.send({ to, subject: 'Your order', text: 'Thank you' }, { tx });
        throw new Error('the order failed after its mail was queued');
      }),
    ).rejects.toThrow('the order failed');
    await t.drain();
    expect(await rowsTo(t, to)).toEqual([]);
    expect(await sink.mailsTo(to)).toEqual([]);

    // The same mail in a transaction that commits is recorded, queued and (after two refusals) sent.
    await t.db.transaction((tx) => mailer.send({ to, subject: 'Your order', text: 'Thank you' }, { tx }));
    const [row] = await rowsTo(t, to);
    expect(row).toMatchObject({ state: 'queued', attempts: 0, sentAt: null });
    expect(await jobsFor(t, row!.id)).toBe(1);
  });

  it('a send refused twice by the SMTP server is retried with backoff and delivered once', async () => {
    const to = `retried-${Date.now()}@example.com`;
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: to } });
    expect(res.statusCode).toBe(201);
    const [queued] = await rowsTo(t, to);
    expect(queued?.state).toBe('queued');

    await t.app.jobs.start();
    try {
      // graphile-worker's backoff waits e^1 then e^2 seconds between attempts: ~10 s in all.
      await until('both queued mails are sent', async () => {
        const { rows } = await t.pool.query("select count(*)::int as n from mail_outbox where state <> 'sent'");
        return rows[0].n === 0;
      });
    } finally {
      await t.app.jobs.stop();
    }
    const sent = await rowOf(t, queued!.id);
    expect(sink.refused()).toBe(2);
    // The earlier test's committed mail went first and took both refusals, or this one did: either
    // way every mail was delivered exactly once.
    expect((await sink.mailsTo(to)).length).toBe(1);
    expect(sent).toMatchObject({ state: 'sent', error: null, sealed: null });
    expect(sent!.attempts).toBeGreaterThanOrEqual(1);
    expect(sink.delivered()).toBe(2);
    // The link reached the reader; the outbox never held it in the clear.
    expect((await sink.mailsTo(to))[0]?.text).toContain('/newsletter/confirm?token=');
    expect(sent!.text).toContain(SECRET_HIDDEN);
  }, 60_000);

  it('a job for a mail already sent does nothing (at-least-once, idempotent)', async () => {
    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.state, 'sent')).limit(1);
    const before = sink.delivered();
    await t.pool.query(`select graphile_worker.add_job('send-mail', json_build_object('id', $1::text))`, [sent!.id]);
    await t.drain();
    expect(sink.delivered()).toBe(before);
  });
});

describe('a mail that keeps failing, and its retry by staff', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink(0, { refuse: 2 });
    t = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_MAX_ATTEMPTS: '2' } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const retry = (id: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/outbox/${id}/retry`, headers });
  /** Runs the mail's job now, whatever its backoff says. */
  async function attempt() {
    await t.pool.query('update graphile_worker._private_jobs set run_at = now()');
    await t.drain();
  }

  it('is failed with its reason after its last attempt; staff see state and attempts, and retry it once', async () => {
    const to = `failing-${Date.now()}@example.com`;
    const staff = await authHeaders(t, await createUser(t, { role: 'staff' }));
    const customer = await authHeaders(t, await createUser(t));
    const product = await createProduct(t, { available: 5 });
    const res = await placeOrder(
      t,
      { ...guestBody([{ product_id: product.id, quantity: 1 }]), email: to },
      {
        ip: freshIp(),
      },
    );
    expect(res.statusCode).toBe(201);

    await attempt();
    await attempt();
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/outbox?to=${to}`, headers: staff });
    const [failed] = list.json().items;
    expect(failed).toMatchObject({ state: 'failed', attempts: 2, sent_at: null });
    expect(failed.error).toContain('try again later');
    expect(sink.delivered()).toBe(0);

    expect((await retry(failed.id, {})).statusCode).toBe(401);
    expect((await retry(failed.id, customer)).statusCode).toBe(403);
    const again = await retry(failed.id, staff);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: failed.id, state: 'queued', attempts: 0, error: null });
    // A second retry of a mail no longer failed is refused in the shop's error format.
    const twice = await retry(failed.id, staff);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'CONFLICT', message: 'Only a failed mail can be retried' });
    expect((await retry('00000000-0000-4000-8000-000000000000', staff)).statusCode).toBe(404);
    expect((await retry('not-a-uuid', staff)).statusCode).toBe(400);

    await t.drain();
    expect(await sink.mailsTo(to)).toHaveLength(1);
    expect(await rowOf(t, failed.id)).toMatchObject({ state: 'sent', attempts: 1 });
    const audit = await t.pool.query(
      "select action, entity_id from audit_log where action = 'mail.retry' and entity_id = $1",
      [failed.id],
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('a failed mail with a link drops the sealed link and cannot be retried (ADR 009)', async () => {
    const mailer = createMailer({
      db: t.db,
      clock: t.clock,
      smtpUrl: 'smtp://127.0.0.1:1',
      fromAddress: 'shop@example.com',
      letterhead: async () => ({ name: 'Shop', logoUrl: null }),
      log: quiet,
      sealKey,
      maxAttempts: 1,
    });
    const to = `linked-${Date.now()}@example.com`;
    const link = 'https://shop.test/auth/reset-password/secret-token';
    await mailer.send({ to, subject: 'Reset', text: `Open ${link}`, secrets: [link] });
    const [queued] = await rowsTo(t, to);
    expect(queued!.sealed).not.toBeNull();
    expect(queued!.sealed).not.toContain('secret-token');
    await mailer.deliver(queued!.id);
    const failed = await rowOf(t, queued!.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, sealed: null });
    expect(failed!.error).not.toContain('secret-token');

    const admin = await authHeaders(t, await createUser(t, { role: 'admin' }));
    const res = await retry(queued!.id, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('link that was not kept');
    expect(LINK_NOT_KEPT).toContain('not kept');
  });
});

describe('a mail server that stops answering', () => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  let t: TestApp;
  beforeAll(async () => {
    // Accepts connections and never says a word: no greeting, no answer, no close.
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const { port } = silent.address() as net.AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await t.app.jobs.stop();
    await t.close();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it("does not hold the shopper's checkout answer: the order answers while the server is still silent", async () => {
    await t.app.jobs.start();
    // A mail to the silent server is already in flight, holding a worker, when the shopper checks out.
    await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: `first-${Date.now()}@example.com` },
    });
    await until('the worker talks to the silent server', async () => sockets.size > 0, 20_000);

    const product = await createProduct(t, { available: 5 });
    // Fault bound: the server stays silent for nodemailer's whole greeting timeout (10 s here, 30 s on
    // the code before the durable jobs, where the order answer waited for it). 8 s is generous for an order that
    // takes well under a second, and shorter than that timeout, so an answer held by SMTP cannot pass.
    const answer = await Promise.race([
      placeOrder(t, guestBody([{ product_id: product.id, quantity: 1 }]), { ip: freshIp() }),
      new Promise<'held'>((r) => setTimeout(() => r('held'), 8_000)),
    ]);
    expect(answer).not.toBe('held');
    if (answer === 'held') return;
    expect(answer.statusCode).toBe(201);
    const order = answer.json() as { email: string };
    const [mail] = await rowsTo(t, order.email);
    expect(mail).toMatchObject({ state: 'queued', sentAt: null });
    // The silent server got connections, and answered none of them.
    expect(sockets.size).toBeGreaterThan(0);
    expect([...sockets].every((s) => s.bytesWritten === 0)).toBe(true);
    const stillSilent = await t.db.execute(sql`select count(*)::int as n from mail_outbox where state = 'sent'`);
    expect(stillSilent.rows[0]).toEqual({ n: 0 });
  }, 60_000);
});
