import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startDatabaseServer, startShop, stopEverything, waitFor } from './harness.ts';

/**
 * Three shop processes on one database run each scheduled job once per tick —
 * the unpaid-order sweep, the pay-later reminders and the retention purge, here all every minute
 * (their schedules are settings). Runs are counted in the run log (`scheduled_runs`, one row per run
 * with the tick it served). Before the durable jobs every process ran the sweep from its own setInterval.
 */

afterAll(stopEverything);

const TASKS = ['sweep-unpaid-orders', 'pay-later-reminders', 'retention'];

describe('three processes, one database', () => {
  it('run each scheduled job once per tick', async () => {
    const server = await startDatabaseServer();
    const databaseUrl = await server.createDatabase();
    const everyMinute = '* * * * *';
    const env = {
      JWT_SECRET: 'ops-schedules-secret-0123456789abcdefgh',
      SEED: 'none',
      SCHEDULE_ORDER_SWEEP: everyMinute,
      SCHEDULE_PAY_LATER_REMINDERS: everyMinute,
      SCHEDULE_RETENTION: everyMinute,
    };
    // Started together on an empty database: migrations (the queue's included) are taken in turn.
    const shops = await Promise.all([0, 1, 2].map(() => startShop({ databaseUrl, env })));

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const runs = async () =>
        (
          await db.query<{ task: string; tick: string; n: number }>(
            `select task, (extract(epoch from tick) * 1000)::bigint::text as tick, count(*)::int as n
               from scheduled_runs group by task, tick order by tick, task`,
          )
        ).rows;
      // Two whole minutes after the three are up: each task has run for two ticks.
      await waitFor(
        'two ticks of every scheduled job',
        async () => {
          const seen = await runs();
          return TASKS.every((task) => seen.filter((r) => r.task === task).length >= 2);
        },
        { timeoutMs: 150_000, everyMs: 1_000 },
      );
      // Whatever ran while the last runs finished is counted too.
      const seen = await runs();
      expect(seen.filter((r) => r.n !== 1)).toEqual([]);
      for (const task of TASKS) expect(seen.filter((r) => r.task === task).length).toBeGreaterThanOrEqual(2);
      // Each tick is one minute after the one before it, with nothing skipped.
      for (const task of TASKS) {
        const ticks = seen.filter((r) => r.task === task).map((r) => Number(r.tick));
        for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBe(60_000);
      }
      // One process's workers took them all or several did; either way no tick ran twice.
      const { rows } = await db.query('select count(distinct process_key)::int as n from job_workers');
      expect(rows[0].n).toBe(3);
    } finally {
      await db.end();
    }
    for (const shop of shops) expect(await shop.stop('SIGTERM')).toBe(0);
  }, 240_000);
});
