import type { Task, TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { scheduledRuns } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { MailDelivery } from '../lib/mailer.ts';
import type { PaymentEventJob } from '../modules/payments/index.ts';
import { backupSchedule, runScheduledBackup } from '../ops/backup.ts';
import type { TaskName } from './queue.ts';
import { purgeExpired } from './retention.ts';

/** What the jobs call: the mailer's delivery and a few use cases of the domain services. */
export interface TaskDeps {
  db: Db;
  /** The pool `db` runs on: the scheduled backup takes one connection of it for its snapshot. */
  pool: pg.Pool;
  clock: Clock;
  config: Config;
  mail: MailDelivery;
  orders: {
    expireUnconfirmedPayments(): Promise<number>;
    expireUnpaidGuestOrders(): Promise<number>;
    remindDueInvoices(): Promise<number>;
    handlePaymentEvent(job: PaymentEventJob): Promise<void>;
    retryRefund(refundId: string): Promise<void>;
  };
  backInStock: { notifyBackInStock(productIds: readonly string[]): Promise<number> };
}

/** The scheduled tasks and their schedules (settings); each runs once per tick across all processes. */
export function crontab(config: Config): string {
  return [
    `${config.SCHEDULE_ORDER_SWEEP} sweep-unpaid-orders ?id=sweep-unpaid-orders`,
    `${config.SCHEDULE_RETENTION} retention ?id=retention`,
    `${config.SCHEDULE_PAY_LATER_REMINDERS} pay-later-reminders ?id=pay-later-reminders`,
    // BACKUP_EVERY (docs/backup.md): written by whichever process runs the tick, into its BACKUP_DIR.
    ...(backupSchedule(config.BACKUP_EVERY) ? [`${backupSchedule(config.BACKUP_EVERY)} backup ?id=backup`] : []),
  ].join('\n');
}

/**
 * A scheduled task that logs its run (`scheduled_runs`: the tick it served, the process, what it did).
 * The run and its log are not one transaction: a run retried after a crash may log twice, and does its
 * work idempotently (every sweep and purge is conditional).
 */
function scheduled(db: Db, processKey: string, name: TaskName, work: () => Promise<unknown>): Task {
  return async (payload) => {
    const cron = (payload as { _cron?: { ts?: string } } | null)?._cron;
    const outcome = await work();
    await db.insert(scheduledRuns).values({
      task: name,
      tick: cron?.ts ? new Date(cron.ts) : new Date(),
      processKey,
      outcome: JSON.stringify(outcome),
    });
  };
}

/** Every task the runner knows (ADR 021). */
export function taskList(deps: TaskDeps, processKey: string): TaskList {
  const { db, clock, config } = deps;
  const tasks: Record<TaskName, Task> = {
    'send-mail': async (payload) => {
      await deps.mail.deliver((payload as { id: string }).id);
    },
    // At least once (ADR 021): both handlers settle by conditional updates, so a second run changes nothing.
    'payment-event': async (payload) => {
      await deps.orders.handlePaymentEvent(payload as PaymentEventJob);
    },
    'payment-refund': async (payload) => {
      await deps.orders.retryRefund((payload as { refundId: string }).refundId);
    },
    'notify-back-in-stock': async (payload) => {
      await deps.backInStock.notifyBackInStock((payload as { productIds: string[] }).productIds);
    },
    'sweep-unpaid-orders': scheduled(db, processKey, 'sweep-unpaid-orders', async () => ({
      unconfirmedPayments: await deps.orders.expireUnconfirmedPayments(),
      unpaidGuestOrders: await deps.orders.expireUnpaidGuestOrders(),
    })),
    retention: scheduled(db, processKey, 'retention', () =>
      purgeExpired(db, clock.now(), {
        outbox: config.RETENTION_DAYS_OUTBOX,
        errorReports: config.RETENTION_DAYS_ERROR_REPORTS,
        tokens: config.RETENTION_DAYS_TOKENS,
      }),
    ),
    'pay-later-reminders': scheduled(db, processKey, 'pay-later-reminders', async () => ({
      reminded: await deps.orders.remindDueInvoices(),
    })),
    backup: scheduled(db, processKey, 'backup', async () => {
      const { file, removed } = await runScheduledBackup({
        pool: deps.pool,
        dir: config.backupDir,
        keep: config.BACKUP_KEEP,
        config,
      });
      return { file, removed: removed.length };
    }),
  };
  return tasks;
}
