import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * On a terminal each request is one compact line (method, URL, status, duration), so a few page views do
 * not scroll the start summary — and the admin's one-time password in it — off the screen.
 */
let written = '';
let t: TestApp;

beforeAll(async () => {
  // The readable (terminal) logger, written to a string instead of the screen.
  const screen = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  const logger = createLogger('info', screen, true);
  t = await createTestApp({ logger, env: { LOG_LEVEL: 'info' } });
});
afterAll(() => t.close());

describe('request logging on a terminal', () => {
  it('writes one line per request, holding method, URL, status and duration', async () => {
    written = '';
    await t.app.inject('/api/products?limit=2');
    await t.app.inject('/api/nothing-here');
    await t.app.inject('/api/auth/reset-password/secret-token-123?token=abc');
    const lines = written.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toHaveLength(3);
    const plain = lines.map((l) => stripVTControlCharacters(l));
    expect(plain[0]).toMatch(/GET \/api\/products\?limit=2 200 \d+ ms$/);
    expect(plain[1]).toMatch(/GET \/api\/nothing-here 404 \d+ ms$/);
    expect(plain[2]).not.toContain('secret-token-123');
  });
});
