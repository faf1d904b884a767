import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Every answer names its request (`X-Request-Id`) and every log line written
 * while the request is handled carries the same id — Fastify's own lines and a service's (the mailer).
 * An incoming id counts only from a proxy TRUST_PROXY names, and only when well formed.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const raw: string[] = [];
const lines: Record<string, unknown>[] = [];
let t: TestApp;

beforeAll(async () => {
  const logger = createLogger(
    'info',
    { write: (line: string) => raw.push(line) && lines.push(JSON.parse(line)) },
    false,
  );
  t = await createTestApp({
    logger,
    // A mail server that refuses: the mailer logs "mail not sent" in the middle of the request.
    env: { LOG_LEVEL: 'info', TRUST_PROXY: '10.0.0.1', SMTP_URL: 'smtp://127.0.0.1:1' },
  });
});
afterAll(() => t.close());

describe('X-Request-Id', () => {
  it('is on every answer, API, error and 404 alike, a new UUID each time', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/health' }),
      t.app.inject({ url: '/api/products/not-a-number' }),
      t.app.inject({ url: '/api/nothing-here' }),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{bad json',
        headers: { 'content-type': 'application/json' },
      }),
    ]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is on every log line of its request, the services’ lines included', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'traced@example.com' },
    });
    expect(res.statusCode).toBe(201);
    await t.drain();
    const id = res.headers['x-request-id'];
    const ofRequest = lines.filter((l) => l.reqId === id);
    const messages = ofRequest.map((l) => l.msg);
    expect(messages).toEqual(
      expect.arrayContaining(['mail queued', expect.stringMatching(/^POST \/api\/newsletter 201 \d+ ms$/)]),
    );
    // Written by the mailer through the app's logger, not the request's: the id comes from the context.
    const serviceLine = lines.find((l) => l.msg === 'mail queued' && l.to === 'traced@example.com');
    expect(serviceLine?.reqId).toBe(id);
    // One reqId key per line, never two.
    expect(raw.filter((l) => l.split('"reqId"').length > 2)).toEqual([]);
  });

  it('keeps a well-formed id from a trusted proxy and ignores one from anyone else', async () => {
    const sent = 'a5f0c2e1b3d44f6e8a9b0c1d2e3f4a5b';
    const viaProxy = await t.app.inject({
      url: '/api/health',
      remoteAddress: '10.0.0.1',
      headers: { 'x-request-id': sent },
    });
    expect(viaProxy.headers['x-request-id']).toBe(sent);
    expect(lines.some((l) => l.reqId === sent && String(l.msg).startsWith('GET /api/health 200'))).toBe(true);

    const direct = await t.app.inject({
      url: '/api/health',
      remoteAddress: '10.0.0.2',
      headers: { 'x-request-id': sent },
    });
    expect(direct.headers['x-request-id']).toMatch(UUID);

    // A line break or an over-long id could forge or flood log lines: replaced even from the proxy.
    for (const bad of ['abc\ninjected', 'x'.repeat(200), 'short', '<script>alert(1)</script>']) {
      const res = await t.app.inject({
        url: '/api/health',
        remoteAddress: '10.0.0.1',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });
});
