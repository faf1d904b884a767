import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { commandPool } from '../src/ops/commands.ts';
import { withDatabase } from './global-setup.ts';

/**
 * `npm run restore` once ended with "Unhandled 'error' event" and a stack trace: an idle connection of its
 * pool was terminated while the database stopped, and nothing listened. The command's pool hears such a
 * loss, and the next statement gets a fresh connection.
 */
describe('the pool of a command (npm run restore)', () => {
  it('survives a connection terminated while idle and answers the next statement', async () => {
    const url = withDatabase(inject('pgServerUrl'), 'postgres');
    const pool = commandPool(url, 'shop command-pool test');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      // The pool drops the client once its error is heard (unheard, it would be an uncaught exception,
      // which fails this run). No listener of the test's own: the pool's must do it.
      for (let i = 0; i < 200 && pool.totalCount > 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(pool.totalCount).toBe(0);
      expect((await pool.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
