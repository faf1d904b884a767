import { MSG } from '@shop/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, type TestApp } from './helpers.ts';

/**
 * docs/product.md §5 as the server sees it: every rule of the sign-in, sign-up and reset bodies answers 400
 * with the exact message of the table (the first failing rule wins), and bad input writes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/${url}`,
    payload: payload as object,
    headers,
    // A fresh client address per request keeps the per-IP limits out of these tests.
    remoteAddress: `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`,
  });

let n = 0;
function validAccount() {
  n += 1;
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    username: `grace${n}_${Date.now().toString(36)}`,
    email: `grace${n}.${Date.now().toString(36)}@example.com`,
    password: 'C0bol-rules',
  };
}

/** Row counts of every table an auth request could write to. */
async function writableCounts() {
  const { rows } = await t.pool.query<Record<string, number>>(`select
    (select count(*)::int from users) as users,
    (select count(*)::int from refresh_families) as families,
    (select count(*)::int from refresh_tokens) as tokens,
    (select count(*)::int from password_reset_tokens) as resets,
    (select count(*)::int from mail_outbox) as mails`);
  return rows[0];
}

async function expect400(url: string, body: unknown, message: string) {
  const res = await post(url, body);
  expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
  expect(res.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
}

const without = (o: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

const INVALID_EMAILS = [
  'not-an-email',
  'ada@example',
  '@example.com',
  'ada lovelace@example.com',
  ' ada@example.com',
  'ada@example.com ',
  'ada@exa mple.com',
];

describe('docs/product.md §5 e-mail rules', () => {
  it.each(['login', 'register', 'forgot-password'])('%s: Email is required / Email is invalid', async (url) => {
    const base: Record<string, unknown> =
      url === 'login'
        ? { email: 'x@example.com', password: 'whatever' }
        : url === 'register'
          ? validAccount()
          : { email: 'x@example.com' };
    await expect400(url, without(base, 'email'), MSG.emailRequired);
    await expect400(url, { ...base, email: '' }, MSG.emailRequired);
    for (const email of INVALID_EMAILS) await expect400(url, { ...base, email }, MSG.emailInvalid);
  });

  it('refuses a non-string e-mail with the required message rather than a type error', async () => {
    await expect400('login', { email: 42, password: 'x' }, MSG.emailRequired);
  });
});

describe('docs/product.md §5 sign-up password rules (register and reset)', () => {
  const cases: [string | undefined, string][] = [
    [undefined, MSG.passwordRequired],
    ['', MSG.passwordRequired],
    ['Aa1aaaa', MSG.passwordMin],
    ['alllowercase1', MSG.passwordComplexity],
    ['ALLUPPERCASE1', MSG.passwordComplexity],
    ['NoDigitsHere', MSG.passwordComplexity],
    ['12345678', MSG.passwordComplexity],
  ];

  it.each(cases)('register password %j → %s', async (password, message) => {
    const body = validAccount();
    await expect400('register', password === undefined ? without(body, 'password') : { ...body, password }, message);
  });

  it.each(cases)('reset-password password %j → %s', async (password, message) => {
    const body = { token: 'x'.repeat(43), password };
    await expect400('reset-password', password === undefined ? without(body, 'password') : body, message);
  });

  it('accepts exactly 8 characters with all three kinds', async () => {
    // Not 'Abcdefg1': that one is on the common-password list.
    expect((await post('register', { ...validAccount(), password: 'Kv7qTz2m' })).statusCode).toBe(201);
  });
});

describe('docs/product.md §5 names, checked after trimming', () => {
  it.each([
    ['first_name', MSG.firstNameRequired],
    ['last_name', MSG.lastNameRequired],
    ['username', MSG.usernameRequired],
  ])('%s: missing, empty and whitespace-only → %s', async (field, message) => {
    const body = validAccount();
    await expect400('register', without(body, field), message);
    await expect400('register', { ...body, [field]: '' }, message);
    await expect400('register', { ...body, [field]: '   ' }, message);
    await expect400('register', { ...body, [field]: '\t \n' }, message);
  });

  it('answers for the first field in form order when several are wrong', async () => {
    await expect400('register', { ...validAccount(), first_name: ' ', email: 'bad' }, MSG.firstNameRequired);
  });
});

describe('docs/product.md §5: sign-in validates only the e-mail', () => {
  it('treats an empty or weak password as a failed sign-in (401), not a validation error', async () => {
    const user = await createUser(t);
    for (const password of ['', 'short', 'nouppercase1']) {
      const res = await post('login', { email: user.email, password });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
    }
  });

  it('still requires the password field to be present and a string', async () => {
    await expect400('login', { email: 'x@example.com' }, MSG.passwordRequired);
    await expect400('login', { email: 'x@example.com', password: 12345678 }, MSG.passwordRequired);
  });
});

describe('malformed bodies', () => {
  it.each(['login', 'register', 'refresh-token', 'forgot-password', 'reset-password'])(
    '%s: JSON errors, never 500',
    async (url) => {
      const notJson = await t.app.inject({
        method: 'POST',
        url: `/api/auth/${url}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toMatchObject({ message: 'The request body is not valid JSON', code: 'BAD_REQUEST' });

      for (const body of [[], 'text', 42, null]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/auth/${url}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json()).toMatchObject({
          message: body === null ? 'The request body is required' : 'The request body must be a JSON object',
          code: 'VALIDATION_ERROR',
        });
      }
    },
  );

  it('refuses a body too large for any form with 413', async () => {
    const res = await post('login', { email: 'x@example.com', password: 'x'.repeat(200 * 1024) });
    expect(res.statusCode).toBe(413);
  });
});

describe('SQL and script text', () => {
  const PAYLOADS = [
    "' OR '1'='1",
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "1; UPDATE users SET role='admin' --",
  ];

  it('answers 4xx JSON for every string field of every auth body and writes nothing', async () => {
    const user = await createUser(t);
    const bodies: Record<string, () => Record<string, unknown>> = {
      login: () => ({ email: user.email, password: 'x' }),
      register: validAccount,
      'refresh-token': () => ({ refreshToken: 'x' }),
      'forgot-password': () => ({ email: `nobody.${Date.now()}@example.com` }),
      'reset-password': () => ({ token: 'x'.repeat(43), password: 'Passw0rd!' }),
    };
    const before = await writableCounts();
    for (const [url, body] of Object.entries(bodies)) {
      for (const field of Object.keys(body())) {
        // A new password is an opaque secret: SQL text that meets the rules is a fine password
        // (see the last test); every other field refuses these payloads.
        if (url === 'register' && field === 'password') continue;
        for (const payload of PAYLOADS) {
          const res = await post(url, { ...body(), [field]: payload });
          const what = `${url}.${field} = ${payload}`;
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, what).toBeLessThan(500);
          expect(res.headers['content-type'], what).toMatch(/^application\/json/);
          expect(res.json(), what).toMatchObject({ message: expect.any(String), code: expect.any(String) });
        }
      }
    }
    expect(await writableCounts()).toEqual(before);
    const { rows } = await t.pool.query(`select role from users where id = $1`, [user.id]);
    expect(rows[0]).toEqual({ role: 'customer' });
  });

  it('treats a refresh token of SQL text on logout as unknown: 204 and no other session revoked', async () => {
    const user = await createUser(t);
    const session = await login(t, user.email, user.password);
    for (const refreshToken of PAYLOADS) {
      // Each logout ends the session of its own access token, so each signs in anew.
      const caller = await login(t, user.email, user.password);
      expect((await post('logout', { refreshToken }, caller.headers)).statusCode).toBe(204);
    }
    expect((await post('refresh-token', { refreshToken: session.refresh })).statusCode).toBe(200);
  });

  it('keeps a password made of SQL and markup as an opaque secret', async () => {
    const account = { ...validAccount(), password: "'; DROP TABLE users; --<b>A1</b>" };
    expect((await post('register', account)).statusCode).toBe(201);
    const res = await post('login', { email: account.email, password: account.password });
    expect(res.statusCode).toBe(200);
    expect((await post('login', { email: account.email, password: "' OR '1'='1" })).statusCode).toBe(401);
  });
});
