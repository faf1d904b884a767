import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../smtp-sink.ts';
import { startDatabaseServer, startShop, stopEverything, waitFor } from './harness.ts';

/**
 * ADR 021: With real processes: a shop killed (SIGKILL) in the middle of sending a mail — the
 * SMTP server holds the DATA phase, so the message is not delivered — sends it exactly once after a
 * restart, without waiting for graphile-worker's four-hour lock expiry.
 */

const JWT_SECRET = 'ops-mail-jobs-secret-0123456789abcdef';
let sink: SmtpSink | undefined;
afterAll(async () => {
  await stopEverything();
  await sink?.close();
});

describe('a shop killed mid-send', () => {
  it('delivers the mail exactly once after a restart', async () => {
    const server = await startDatabaseServer();
    const databaseUrl = await server.createDatabase();
    sink = await startSmtpSink(0, { hold: true });
    // The same JWT_SECRET after the restart: the mail's sealed text is opened with a key derived from it.
    const env = { SMTP_URL: sink.url, JWT_SECRET, SEED: 'none' };

    const first = await startShop({ databaseUrl, env });
    const email = `killed-mid-send-${Date.now()}@example.com`;
    expect((await first.api('newsletter', { method: 'POST', body: JSON.stringify({ email }) })).status).toBe(201);
    const s = sink;
    await waitFor('the shop to be in the DATA phase of the mail', () => s.held() > 0, { timeoutMs: 30_000 });
    expect(s.delivered()).toBe(0);

    await first.stop('SIGKILL');
    s.accept();
    const second = await startShop({ databaseUrl, env });
    await waitFor('the mail to be delivered after the restart', () => s.delivered() > 0, { timeoutMs: 60_000 });

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('select state, attempts from mail_outbox where "to" = $1', [email]);
      expect(rows).toEqual([{ state: 'sent', attempts: 1 }]);
      // Nothing is left that could send it again: its job is done and no worker holds anything.
      const jobs = await db.query(
        "select count(*)::int as n from graphile_worker._private_jobs where key like 'send-mail:%'",
      );
      expect(jobs.rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
    expect(s.held()).toBe(1);
    expect((await s.mailsTo(email)).length).toBe(1);
    expect(s.delivered()).toBe(1);
    expect(await second.stop('SIGTERM')).toBe(0);
  });
});
