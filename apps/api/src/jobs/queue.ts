import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/** The jobs the shop runs (ADR 021); each has its handler in tasks.ts. */
export type TaskName =
  | 'send-mail'
  | 'notify-back-in-stock'
  | 'sweep-unpaid-orders'
  | 'retention'
  | 'pay-later-reminders'
  | 'backup'
  /** A stored webhook event of the payment provider, handled by retrieving its object. */
  | 'payment-event'
  /** A refund the provider did not answer, asked again with the same idempotency key. */
  | 'payment-refund';

export interface EnqueueOptions {
  /** One job per key: adding a job under a waiting job's key replaces it (graphile-worker job keys). */
  jobKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds a job with SQL (`graphile_worker.add_job`) on `ex`, so inside a transaction it commits or rolls
 * back with the change that caused it: a rolled-back order never mails, a committed one always will.
 */
export async function enqueue(
  ex: Db | Tx,
  task: TaskName,
  payload: Record<string, unknown>,
  opts: EnqueueOptions = {},
): Promise<void> {
  const named: SQL[] = [];
  if (opts.runAt) named.push(sql`run_at => ${opts.runAt.toISOString()}::timestamptz`);
  if (opts.maxAttempts !== undefined) named.push(sql`max_attempts => ${opts.maxAttempts}::int`);
  if (opts.jobKey) named.push(sql`job_key => ${opts.jobKey}::text`);
  const args = [sql`${task}::text`, sql`${JSON.stringify(payload)}::json`, ...named];
  await ex.execute(sql`select graphile_worker.add_job(${sql.join(args, sql`, `)})`);
}
