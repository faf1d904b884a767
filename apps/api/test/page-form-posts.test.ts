import { Writable } from 'node:stream';
import { CONTACT_MSG } from '@shop/contracts/contact';
import { NEWSLETTER_MSG } from '@shop/contracts/newsletter';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages, newsletterSubscribers } from '../src/db/schema.ts';
import { currentSettings } from './admin-store-fixtures.ts';
import { authHeaders, freshIp } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * Form posts to pages: the footer's newsletter form and the contact form work without JavaScript, and a
 * post to a page that takes none (a scanner's, or a form before its script ran) is a quiet, plain 405 —
 * one structured line of the shop's log per cause and minute, no route of the app named to the visitor.
 */
const ORIGIN = 'http://shop.test';
let t: TestApp;
/** Every line the app's logger wrote, parsed, but the request log's (plugins/request-log.ts). */
const lines: Record<string, unknown>[] = [];
const isRequestLog = (msg: string) => msg === 'incoming request' || /^[A-Z]+ \S+ \d{3} \d+ ms$/.test(msg);

beforeAll(async () => {
  ensureWebBuild();
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          if (!isRequestLog(String(parsed.msg))) lines.push(parsed);
        }
        done();
      },
    }),
  );
  t = await createTestApp({ web: true, env: { PUBLIC_URL: ORIGIN }, logger });
}, 300_000);
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

const contactRows = (subject: string) =>
  t.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));

describe('a form post to a page that takes none', () => {
  it('answers the error page with 405 and Allow, naming no route and writing nothing to the console', async () => {
    const consoleError = vi.spyOn(console, 'error');
    for (const url of ['/', '/products', '/help']) {
      const res = await post(url, { email: 'scanner@example.com' });
      expect([url, res.statusCode]).toEqual([url, 405]);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Unexpected Error');
      // Route ids are in every page's hydration data; the router's own 405 text and stacks must not be.
      expect(res.body).not.toMatch(/You made a POST request|did not provide an `action`|at [\w.]+ \(/);
    }
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('writes one log line per cause and minute however many posts come, then says how many it left out', async () => {
    const consoleError = vi.spyOn(console, 'error');
    t.clock.advance(120_000); // a fresh window for this cause
    const before = lines.length;
    for (let i = 0; i < 100; i += 1) {
      const res = await post(i % 2 ? '/' : `/no-such-page-${i}`, { email: 'scanner@example.com' });
      expect(res.statusCode).toBe(405);
    }
    const written = lines.slice(before);
    expect(written.length).toBeLessThanOrEqual(2);
    expect(written.filter((l) => l.msg === 'page answered 405 Method Not Allowed')).toHaveLength(1);
    // A visitor's mistake is not the shop's error.
    expect(written.every((l) => (l.level as number) < 50)).toBe(true);
    expect(consoleError).not.toHaveBeenCalled();

    t.clock.advance(60_000);
    await post('/', { email: 'scanner@example.com' });
    const next = lines.slice(before + written.length);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ status: 405, method: 'POST', suppressed: 99 });
  });
});

describe('the contact form without JavaScript', () => {
  it('stores the message as POST /api/contact does and shows the same answer', async () => {
    const res = await post('/contact', {
      email: 'no-js@example.com',
      subject: 'Posted without JavaScript',
      message: 'Does the form work without scripts?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(CONTACT_MSG.sent);
    const [row] = await contactRows('Posted without JavaScript');
    expect(row).toMatchObject({ email: 'no-js@example.com', inquiryType: 'general', userId: null });
  });

  it("refuses what the API refuses, with the API's message, keeping what was typed, storing nothing", async () => {
    const res = await post('/contact', { email: 'not-an-address', subject: 'Bad address', message: 'Hello' });
    expect(res.statusCode).toBe(400);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      payload: { email: 'not-an-address', inquiry_type: 'general', subject: 'Bad address', message: 'Hello' },
    });
    expect(api.statusCode).toBe(400);
    expect(res.body).toContain(api.json().message);
    expect(res.body).toContain('value="Bad address"');
    expect(await contactRows('Bad address')).toHaveLength(0);
  });

  it('is limited per address as POST /api/contact is', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/contact',
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        payload: new URLSearchParams({ email: 'flood@example.com', subject: `Flood ${i}`, message: 'x' }).toString(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await contactRows('Flood 10')).toHaveLength(0);
  });

  it('runs no action in maintenance mode, as the API takes no shopper changes then', async () => {
    const admin = await authHeaders(t, await createUser(t, { role: 'admin', email: 'form-posts-admin@example.com' }));
    const putSettings = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin, payload: body });
    const original = await currentSettings(t);
    expect((await putSettings({ ...original, maintenance_mode: true })).statusCode).toBe(200);
    try {
      const res = await post('/contact', { email: 'm@example.com', subject: 'During maintenance', message: 'x' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('Under Maintenance');
      expect(await contactRows('During maintenance')).toHaveLength(0);
    } finally {
      await putSettings(original);
    }
  });

  it('acts on no post from another origin', async () => {
    const res = await post(
      '/contact',
      { email: 'csrf@example.com', subject: 'Cross-site post', message: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await contactRows('Cross-site post')).toHaveLength(0);
  });
});

describe('the newsletter form without JavaScript', () => {
  it('subscribes as POST /api/newsletter does and shows the same answer', async () => {
    const res = await post('/newsletter', { email: 'no-js-news@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(NEWSLETTER_MSG.subscribed);
    const rows = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'no-js-news@example.com'));
    expect(rows).toHaveLength(1);
  });

  it("refuses a bad address with the API's message", async () => {
    const res = await post('/newsletter', { email: 'nope' });
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      remoteAddress: freshIp(),
      payload: { email: 'nope' },
    });
    expect([res.statusCode, api.statusCode]).toEqual([400, 400]);
    expect(res.body).toContain(api.json().message);
  });
});
