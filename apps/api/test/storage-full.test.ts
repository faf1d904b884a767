import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * A full disk refuses the writes of a request: the shopper gets 503 with a code of its own (like a database
 * that is down, not an internal error), nothing is stored, and the log says "disk full" once for the
 * episode, not once per request. The database's refusal is made by a trigger raising disk_full (53100).
 */
let t: TestApp;
const lines: { msg?: string; level: number }[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp({ logger: pino({ level: 'info' }, sink) });
  await t.pool.query(`
    create function refuse_for_want_of_space() returns trigger language plpgsql as $$
    begin
      raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
    end $$;
    create trigger disk_is_full before insert on contact_messages
      for each row execute function refuse_for_want_of_space();
  `);
});
afterAll(() => t.close());

describe('a full disk', () => {
  it('answers 503 STORAGE_FULL to every refused write and logs "disk full" once', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: `full${i}@example.com`, inquiry_type: 'general', subject: 'Hi', message: 'Hello' },
      });
      expect([res.statusCode, res.json().code, res.headers['retry-after']]).toEqual([
        503,
        'STORAGE_FULL',
        expect.stringMatching(/^\d+$/),
      ]);
    }
    const { rows } = await t.pool.query('select count(*)::int as n from contact_messages');
    expect(rows[0].n).toBe(0);
    expect(lines.filter((l) => l.msg?.startsWith('disk full'))).toHaveLength(1);
    expect(lines.filter((l) => l.msg === 'unhandled error')).toHaveLength(0);
    // The database still answers: reads are served, the gate stays open.
    expect((await t.app.inject('/api/products?limit=1')).statusCode).toBe(200);
  });
});
