import { ERROR_REPORT_LIMITS } from '@shop/contracts/error-reports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReports } from '../src/db/schema.ts';
import { authHeaders, freshIp, rowCount, signedInUser } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
/** A fresh, well-formed error ID (the web app's format: ERR-{time}-{random}). */
const errorId = () => `ERR-LZ${(++n).toString(36).toUpperCase().padStart(4, '0')}-A1B2C3`;

function post(payload: unknown, opts: { headers?: Record<string, string>; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/error-reports',
    remoteAddress: opts.ip ?? freshIp(),
    headers: { 'content-type': 'application/json', ...opts.headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const report = (overrides: Record<string, unknown> = {}) => ({
  error_id: errorId(),
  message: 'Unexpected Server Error',
  code: 'ERR_UNKNOWN',
  status: 500,
  path: '/products/abc?x=1',
  details: { variant: 'server', online: true },
  ...overrides,
});

async function stored(id: string) {
  return t.db.select().from(errorReports).where(eq(errorReports.errorId, id));
}

describe('POST /api/error-reports', () => {
  it('stores the report with the time of the clock and the browser, and thanks the sender', async () => {
    const body = report();
    const res = await post(body, { headers: { 'user-agent': 'Mozilla/5.0 (Test)' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Thanks — the report was sent.' });

    const [row] = await stored(body.error_id);
    expect(row).toMatchObject({
      message: 'Unexpected Server Error',
      code: 'ERR_UNKNOWN',
      status: 500,
      path: '/products/abc?x=1',
      details: { variant: 'server', online: true },
      userId: null,
      userAgent: 'Mozilla/5.0 (Test)',
    });
    expect(row?.createdAt).toEqual(t.clock.now());
  });

  it('needs only the ID, the message and the path', async () => {
    const body = { error_id: errorId(), message: 'Failed to fetch', path: '/' };
    expect((await post(body)).statusCode).toBe(201);
    const [row] = await stored(body.error_id);
    expect(row).toMatchObject({ code: null, status: null, details: null });
  });

  it('links the report to the signed-in shopper', async () => {
    const user = await signedInUser(t);
    const body = report();
    expect((await post(body, { headers: user.headers })).statusCode).toBe(201);
    expect((await stored(body.error_id))[0]?.userId).toBe(user.id);
  });

  it('keeps one report per error ID: sending it again keeps the first and answers the same', async () => {
    const first = report({ message: 'first' });
    const before = await rowCount(t, errorReports);
    const a = await post(first);
    const b = await post({ ...first, message: 'second' });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(await rowCount(t, errorReports)).toBe(before + 1);
    expect((await stored(first.error_id))[0]?.message).toBe('first');
  });

  it.each([
    ['a malformed error ID', { error_id: 'not-an-id' }, 'error_id must look like ERR-XXXXXX-XXXXXX'],
    ['a missing error ID', { error_id: undefined }, 'error_id is required'],
    ['a blank message', { message: '   ' }, 'message is required'],
    [
      'a message over 1000 characters',
      { message: 'x'.repeat(ERROR_REPORT_LIMITS.message + 1) },
      'message must be at most 1000 characters',
    ],
    ['a path that is not a path', { path: 'https://evil.example/' }, 'path must start with /'],
    ['a missing path', { path: undefined }, 'path is required'],
    [
      'a path over 2048 characters',
      { path: `/${'p'.repeat(ERROR_REPORT_LIMITS.path)}` },
      'path must be at most 2048 characters',
    ],
    ['status 99', { status: 99 }, 'status must be an HTTP status code'],
    ['status 600', { status: 600 }, 'status must be an HTTP status code'],
    ['status 500.5', { status: 500.5 }, 'status must be an HTTP status code'],
    ['a code over 64 characters', { code: 'C'.repeat(65) }, 'code must be at most 64 characters'],
    ['details that are not an object', { details: ['a'] }, 'details must be an object'],
    [
      'details over 4096 bytes',
      { details: { blob: 'x'.repeat(ERROR_REPORT_LIMITS.detailsBytes) } },
      'details must be at most 4096 bytes as JSON',
    ],
  ])('refuses %s with 400 and a clear message, storing nothing', async (_name, overrides, message) => {
    const before = await rowCount(t, errorReports);
    const res = await post(report(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect(await rowCount(t, errorReports)).toBe(before);
  });

  it('refuses fields it does not know (strict body)', async () => {
    const res = await post(report({ stack: 'at secret (/srv/app.js:1:1)' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('refuses bodies larger than a report could be with 413 before reading them', async () => {
    const before = await rowCount(t, errorReports);
    const res = await post(report({ message: 'x'.repeat(ERROR_REPORT_LIMITS.bodyBytes) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    expect(await rowCount(t, errorReports)).toBe(before);
  });

  it('limits reports per IP address (10 a minute); other addresses are not affected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await post(report(), { ip })).statusCode).toBe(201);
    const limited = await post(report(), { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await post(report(), { ip: freshIp() })).statusCode).toBe(201);
  });
});

describe('reading the reports', () => {
  const list = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/admin/support/error-reports${query}`, headers });

  it('is for staff only, under /api/admin: the public route takes reports and lists none', async () => {
    expect((await list('')).statusCode).toBe(401);
    const customer = await signedInUser(t);
    const refused = await list('', customer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    const staff = await createUser(t, { role: 'staff' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/error-reports', headers: await authHeaders(t, staff) }))
        .statusCode,
    ).toBe(404);
  });

  it('lists the newest reports first, a page at a time, for staff', async () => {
    // Earlier tests stored reports at the clock's start; these two come after them.
    t.clock.advance(60_000);
    const older = report({ message: 'older' });
    await post(older);
    t.clock.advance(60_000);
    const newer = report({ message: 'newer', status: 503 });
    await post(newer);

    const staff = await createUser(t, { role: 'staff' });
    const res = await list('?limit=2', await authHeaders(t, staff));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, limit: 2, total: await rowCount(t, errorReports) });
    expect(body.items.map((r: { error_id: string }) => r.error_id)).toEqual([newer.error_id, older.error_id]);
    expect(body.items[0]).toMatchObject({
      message: 'newer',
      status: 503,
      code: 'ERR_UNKNOWN',
      path: '/products/abc?x=1',
      details: { variant: 'server', online: true },
      created_at: t.clock.now().toISOString(),
    });
  });
});
