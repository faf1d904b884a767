import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createJobs } from '../src/jobs/runner.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * The job runner's liveness connection (ADR 021) goes back to the pool when the runner stops. The
 * database may end that pooled connection later (a shutdown, an idle timeout): its error must not make
 * the runner release it a second time, which pg answers with an exception that ends the process
 * (seen as "npm start did not stop cleanly" when SIGTERM stopped the embedded database).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

/** Runs one statement about the connections named `name` from a connection of its own (the pool may hand out the very one). */
async function aside<R extends pg.QueryResultRow>(sql: string, name: string): Promise<R[]> {
  const admin = new pg.Client(t.pool.options);
  await admin.connect();
  try {
    return (await admin.query<R>(sql, [name])).rows;
  } finally {
    await admin.end();
  }
}
const terminate = async (name: string) =>
  (
    await aside<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
      name,
    )
  ).map((r) => r.ended);
const connectionsNamed = async (name: string) =>
  (await aside('select 1 from pg_stat_activity where application_name = $1', name)).length;

it('a liveness connection ended by the database after the runner stopped is left to the pool', async () => {
  const jobs = createJobs({ pool: t.pool, log: quiet, tasks: () => ({}), crontab: '', concurrency: 1 });
  await jobs.start();
  expect(jobs.state()).toBe('running');
  await jobs.stop();
  expect(jobs.state()).toBe('stopped');

  const name = `shop-jobs:${jobs.processKey}`;
  expect(await terminate(name)).toEqual([true]);
  // The pool notices the end and drops the connection; nothing throws on the way.
  await expect.poll(() => connectionsNamed(name), { timeout: 5_000 }).toBe(0);
  await new Promise((resolve) => setImmediate(resolve));
  expect((await t.pool.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
});

it('a liveness connection lost while running is dropped and taken again', async () => {
  const jobs = createJobs({ pool: t.pool, log: quiet, tasks: () => ({}), crontab: '', concurrency: 1 });
  await jobs.start();
  const name = `shop-jobs:${jobs.processKey}`;
  expect(await terminate(name)).toEqual([true]);
  await expect.poll(() => jobs.state(), { timeout: 5_000 }).toBe('stopped');
  await expect.poll(() => jobs.state(), { timeout: 10_000 }).toBe('running');
  await jobs.stop();
});
