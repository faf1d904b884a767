import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  emailChangeTokens,
  errorReports,
  idempotencyKeys,
  invoices,
  mailOutbox,
  passwordResetTokens,
  refreshFamilies,
  refreshTokens,
  scheduledRuns,
} from '../src/db/schema.ts';
import { crontab } from '../src/jobs/index.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { freshOrder, PAY_LATER } from './orders-fixtures.ts';

/**
 * The scheduled jobs the crontab runs (retention, pay-later reminders), run here as the
 * runner runs them — a job of their task, picked up by `drain()` — with the run logged.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(t.clock.now().getTime() - days * DAY);
const hash = () => randomBytes(16).toString('hex');

/** Runs one job of a scheduled task now, as the crontab would add it. */
async function runScheduled(task: string) {
  await t.pool.query(`select graphile_worker.add_job($1, json_build_object('_cron', json_build_object('ts', now())))`, [
    task,
  ]);
  await t.drain();
}

describe('the retention purge', () => {
  it('removes what is past its time and keeps the rest (defaults: outbox 90 d, reports 30 d, tokens 30 d)', async () => {
    const user = await createUser(t);
    const tag = hash().slice(0, 8);
    await t.db.insert(idempotencyKeys).values([
      { scope: `old-${tag}`, key: 'k', requestHash: 'h', statusCode: 201, createdAt: ago(2) },
      { scope: `new-${tag}`, key: 'k', requestHash: 'h', statusCode: 201, createdAt: ago(0.5) },
    ]);
    const [expired, revokedLongAgo, revokedToday] = await t.db
      .insert(refreshFamilies)
      .values([
        { userId: user.id, createdAt: ago(70), expiresAt: ago(40) },
        { userId: user.id, createdAt: ago(50), expiresAt: ago(-10), revokedAt: ago(31) },
        { userId: user.id, createdAt: ago(5), expiresAt: ago(-25), revokedAt: ago(1) },
      ])
      .returning();
    await t.db.insert(refreshTokens).values({ familyId: expired!.id, tokenHash: hash() });
    await t.db.insert(passwordResetTokens).values([
      { userId: user.id, tokenHash: `old-${tag}`, createdAt: ago(40), expiresAt: ago(39.9), usedAt: ago(39.95) },
      { userId: user.id, tokenHash: `new-${tag}`, createdAt: ago(0), expiresAt: ago(-0.04) },
    ]);
    await t.db.insert(emailChangeTokens).values([
      { userId: user.id, newEmail: 'a@example.com', tokenHash: `old-${tag}`, createdAt: ago(45), expiresAt: ago(44) },
      { userId: user.id, newEmail: 'b@example.com', tokenHash: `new-${tag}`, createdAt: ago(1), expiresAt: ago(0) },
    ]);
    await t.db.insert(mailOutbox).values([
      { to: `old-${tag}@example.com`, subject: 'Old', text: 'Old text', state: 'sent', createdAt: ago(91) },
      { to: `new-${tag}@example.com`, subject: 'New', text: 'New text', state: 'sent', createdAt: ago(89) },
    ]);
    await t.db.insert(errorReports).values([
      { errorId: `old-${tag}`, message: 'Old', path: '/', createdAt: ago(31) },
      { errorId: `new-${tag}`, message: 'New', path: '/', createdAt: ago(29) },
    ]);

    await runScheduled('retention');

    const scopes = (await t.db.select().from(idempotencyKeys)).map((k) => k.scope);
    expect(scopes).toContain(`new-${tag}`);
    expect(scopes).not.toContain(`old-${tag}`);
    const families = (await t.db.select().from(refreshFamilies).where(eq(refreshFamilies.userId, user.id))).map(
      (f) => f.id,
    );
    expect(families).toEqual([revokedToday!.id]);
    expect(families).not.toContain(revokedLongAgo!.id);
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, expired!.id))).toEqual([]);
    const resets = (await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).map(
      (r) => r.tokenHash,
    );
    expect(resets).toEqual([`new-${tag}`]);
    const changes = (await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, user.id))).map(
      (r) => r.tokenHash,
    );
    expect(changes).toEqual([`new-${tag}`]);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.to, `%-${tag}@example.com`));
    expect(mails.map((m) => [m.subject, m.text, m.state]).sort()).toEqual([
      ['New', 'New text', 'sent'],
      ['Old', '', 'sent'],
    ]);
    const reports = (await t.db.select().from(errorReports)).map((r) => r.errorId);
    expect(reports).toContain(`new-${tag}`);
    expect(reports).not.toContain(`old-${tag}`);

    const [run] = await t.db.select().from(scheduledRuns).where(eq(scheduledRuns.task, 'retention'));
    expect(JSON.parse(run!.outcome)).toMatchObject({ idempotencyKeys: 1, outboxBodies: 1, errorReports: 1 });
  });
});

describe('the pay-later reminder', () => {
  it('mails an invoice due within a day once, however often it runs; later invoices wait', async () => {
    const soon = await freshOrder(t, { payment: PAY_LATER });
    const later = await freshOrder(t, { payment: PAY_LATER });
    const now = t.clock.now().getTime();
    await t.db
      .update(invoices)
      .set({ dueAt: new Date(now + 12 * 60 * 60 * 1000) })
      .where(eq(invoices.orderId, soon.order.id));
    await t.db
      .update(invoices)
      .set({ dueAt: new Date(now + 3 * DAY) })
      .where(eq(invoices.orderId, later.order.id));

    await runScheduled('pay-later-reminders');
    await runScheduled('pay-later-reminders');

    const remindersTo = async (email: string) =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) =>
        m.subject.startsWith('Reminder:'),
      );
    const [reminder, ...more] = await remindersTo(soon.order.email);
    expect(more).toEqual([]);
    expect(reminder?.subject).toContain(soon.order.number);
    expect(reminder?.text).toContain('is due');
    expect(await remindersTo(later.order.email)).toEqual([]);
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, soon.order.id));
    expect(inv?.remindedAt).not.toBeNull();
  });
});

describe('the scheduled backup (BACKUP_EVERY)', () => {
  it('is in the crontab only when set, writes a backup per run and keeps the newest BACKUP_KEEP', async () => {
    expect(crontab(loadConfig({}))).not.toMatch(/ backup /);
    expect(crontab(loadConfig({ BACKUP_EVERY: 'daily' }))).toMatch(/^30 3 \* \* \* backup \?id=backup$/m);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-scheduled-backup-'));
    const b = await createTestApp({ env: { BACKUP_EVERY: 'hourly', BACKUP_DIR: dir, BACKUP_KEEP: '1' } });
    try {
      const run = async () => {
        await b.pool.query(
          `select graphile_worker.add_job('backup', json_build_object('_cron', json_build_object('ts', now())))`,
        );
        await b.drain();
      };
      await run();
      const [first] = fs.readdirSync(dir);
      expect(first).toMatch(/^shop-.+\.backup$/);
      await run();
      const kept = fs.readdirSync(dir);
      expect(kept).toHaveLength(1);
      expect(kept[0]).not.toBe(first);
      const runs = await b.db.select().from(scheduledRuns).where(eq(scheduledRuns.task, 'backup'));
      expect(runs).toHaveLength(2);
      expect(JSON.parse(runs[1]!.outcome as string)).toMatchObject({ removed: 1 });
    } finally {
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
