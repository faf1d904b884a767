import { TOKENS } from '@shop/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshFamilies, refreshTokens, users } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/secrets.ts';
import { TEST_ADMIN, TEST_JWT_SECRET } from './constants.ts';
import { createTestApp, createUser, login, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** A fresh client address per call, so per-IP limits never interfere with what a test is about. */
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/${url}`,
    payload: payload as object,
    headers,
    remoteAddress: nextIp(),
  });
const session = (authorization: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization } });
const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0;

let n = 0;
function newAccount(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    username: `ada${n}_${Date.now().toString(36)}`,
    email: `ada${n}.${Date.now().toString(36)}@example.com`,
    password: 'Analyt1cal',
    ...overrides,
  };
}

describe('POST /api/auth/register', () => {
  it('creates a customer and answers 201 with a message only (docs/product.md §7)', async () => {
    const body = newAccount({ first_name: '  Ada ', last_name: ' Lovelace  ' });
    const res = await post('register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Your account has been created. You can sign in now.' });

    const [row] = await t.db.select().from(users).where(eq(users.username, body.username));
    expect(row).toMatchObject({ email: body.email, firstName: 'Ada', lastName: 'Lovelace', role: 'customer' });
    // argon2id, never the password itself
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(body.password);
  });

  it('lets the new account sign in', async () => {
    const body = newAccount();
    expect((await post('register', body)).statusCode).toBe(201);
    const res = await post('login', { email: body.email.toUpperCase(), password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: body.username, role: 'customer', name: 'Ada Lovelace' });
  });

  it('refuses a taken username case-insensitively with 409', async () => {
    const first = newAccount();
    expect((await post('register', first)).statusCode).toBe(201);
    const sameUsername = await post('register', newAccount({ username: first.username.toUpperCase() }));
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json()).toMatchObject({ message: 'This username is already taken', code: 'CONFLICT' });
  });

  it('answers a taken e-mail like a new account, creates nothing and mails the owner', async () => {
    const first = newAccount();
    expect((await post('register', first)).statusCode).toBe(201);
    const before = await countUsers();
    const sameEmail = await post('register', newAccount({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(201);
    expect(sameEmail.json()).toEqual({ message: 'Your account has been created. You can sign in now.' });
    expect(await countUsers()).toBe(before);
    await t.drain();
    const mails = await t.pool.query('select subject from mail_outbox where "to" = $1', [first.email]);
    expect(mails.rows).toEqual([{ subject: 'Someone tried to create an account with your e-mail' }]);
  });

  it('keeps one account of two simultaneous sign-ups with one e-mail, and answers both alike', async () => {
    const email = `race.${Date.now().toString(36)}@example.com`;
    const answers = await Promise.all([
      post('register', newAccount({ email })),
      post('register', newAccount({ email: email.toUpperCase() })),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    const rows = await t.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ role: 'admin' }, 'Unknown field: role'],
    [{ is_admin: true }, 'Unknown field: is_admin'],
    [{ id: '00000000-0000-0000-0000-000000000001' }, 'Unknown field: id'],
    [{ role: 'admin', is_admin: true }, 'Unknown fields: role, is_admin'],
  ])('refuses mass assignment %j with 400 and creates nothing', async (extra, message) => {
    const before = await countUsers();
    const body = newAccount(extra);
    const res = await post('register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect(await countUsers()).toBe(before);
    expect(await t.db.select().from(users).where(eq(users.username, body.username))).toHaveLength(0);
  });

  it('refuses markup and control characters in names and odd characters in usernames', async () => {
    const before = await countUsers();
    const cases: [Record<string, unknown>, string][] = [
      [
        { first_name: '<b>Ada</b>' },
        'First name may only contain letters, spaces, apostrophes, hyphens, periods and commas',
      ],
      [
        { last_name: 'Love\u0007lace' },
        'Last name may only contain letters, spaces, apostrophes, hyphens, periods and commas',
      ],
      // NUL never reaches the schema: the guard in front of every route refuses it (plugins/nul-guard.ts).
      [{ last_name: 'Love\u0000lace' }, 'Text must not contain NUL characters'],
      [{ first_name: '--' }, 'First name must contain a letter'],
      [
        { username: 'ada lovelace' },
        'Username may only contain letters, digits, dots (.), underscores (_) and hyphens (-)',
      ],
      [{ username: 'ada>1' }, 'Username may only contain letters, digits, dots (.), underscores (_) and hyphens (-)'],
    ];
    for (const [extra, message] of cases) {
      const res = await post('register', newAccount(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await countUsers()).toBe(before);
  });

  it("keeps names like O'Brien, Jean-Luc and 李 exactly as typed", async () => {
    const body = newAccount({ first_name: 'Jean-Luc', last_name: "O'Brien 李" });
    expect((await post('register', body)).statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.username, body.username));
    expect([row?.firstName, row?.lastName]).toEqual(['Jean-Luc', "O'Brien 李"]);
  });
});

describe('POST /api/auth/login', () => {
  it('answers {access, refresh, user} with the public user only', async () => {
    const res = await post('login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh', 'user']);
    expect(body.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refresh).toMatch(/^[\w-]{43}$/);
    expect(body.user).toEqual({
      id: expect.any(String),
      email: TEST_ADMIN.email,
      username: 'admin',
      first_name: expect.any(String),
      last_name: expect.any(String),
      role: 'admin',
      name: expect.any(String),
    });
    // The refresh token is stored only as its hash, in a family that expires in 30 days.
    const [stored] = await t.db
      .select({ hash: refreshTokens.tokenHash, expiresAt: refreshFamilies.expiresAt })
      .from(refreshTokens)
      .innerJoin(refreshFamilies, eq(refreshFamilies.id, refreshTokens.familyId))
      .where(eq(refreshTokens.tokenHash, hashToken(body.refresh)));
    expect(stored?.expiresAt.getTime()).toBe(t.clock.now().getTime() + TOKENS.refreshAbsoluteTtlSeconds * 1000);
    const raw = await t.pool.query('select 1 from refresh_tokens where token_hash = $1', [body.refresh]);
    expect(raw.rowCount).toBe(0);
  });

  it('answers the same 401 for an unknown e-mail, a wrong password and an empty password', async () => {
    const user = await createUser(t);
    const attempts = [
      { email: `nobody.${Date.now()}@example.com`, password: user.password },
      { email: user.email, password: 'Wrong-passw0rd' },
      { email: user.email, password: '' },
    ];
    for (const attempt of attempts) {
      const res = await post('login', attempt);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
    }
  });

  it('answers 403 for a disabled account, but only to someone with the right password', async () => {
    const user = await createUser(t, { disabled: true });
    const right = await post('login', { email: user.email, password: user.password });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: 'This account is disabled', code: 'FORBIDDEN' });
    const wrong = await post('login', { email: user.email, password: 'Wrong-passw0rd' });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('GET /api/auth/session answers the public user of a valid bearer token', async () => {
    const user = await createUser(t);
    const { headers } = await login(t, user.email, user.password);
    const res = await session(headers.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: user.email,
      username: user.username,
      first_name: 'Test',
      last_name: 'User',
      role: 'customer',
      name: 'Test User',
    });
  });

  it('refuses a missing token and a malformed header', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
    expect((await session('Basic abc')).statusCode).toBe(401);
    expect((await session('Bearer not.a.jwt')).statusCode).toBe(401);
  });

  it('expires after 15 minutes', async () => {
    const user = await createUser(t);
    const { headers } = await login(t, user.email, user.password);
    t.clock.advance(TOKENS.accessTtlSeconds * 1000 - 1000);
    expect((await session(headers.authorization)).statusCode).toBe(200);
    t.clock.advance(2000);
    const res = await session(headers.authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your session is invalid or has expired', code: 'UNAUTHORIZED' });
  });

  it('refuses a tampered signature and tampered claims', async () => {
    const user = await createUser(t);
    const { access } = await login(t, user.email, user.password);
    expect((await session(`Bearer ${access}`)).statusCode).toBe(200);
    const [header, payload, signature] = access.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    expect((await session(`Bearer ${header}.${payload}.${flipped}`)).statusCode).toBe(401);

    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const promoted = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expect((await session(`Bearer ${header}.${promoted}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses an unsigned (alg: none) token', async () => {
    const user = await createUser(t);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = {
      sub: user.id,
      role: 'admin',
      typ: 'access',
      iss: TOKENS.issuer,
      aud: TOKENS.audience,
      iat: now,
      exp: now + 600,
    };
    const none = `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
    expect((await session(`Bearer ${none}`)).statusCode).toBe(401);
  });

  it('refuses tokens with the wrong issuer, audience, type or key', async () => {
    const user = await createUser(t);
    const { access } = await login(t, user.email, user.password);
    const { sid } = decodeJwt(access);
    const sign = (opts: { iss?: string; aud?: string; typ?: string; secret?: string }) => {
      const now = Math.floor(t.clock.now().getTime() / 1000);
      return new SignJWT({ role: 'customer', sid, typ: opts.typ ?? 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(opts.iss ?? TOKENS.issuer)
        .setAudience(opts.aud ?? TOKENS.audience)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode(opts.secret ?? TEST_JWT_SECRET));
    };
    // The control: a token built like ours (for an open session) passes, so the refusals below are
    // about the one change.
    expect((await session(`Bearer ${await sign({})}`)).statusCode).toBe(200);
    for (const opts of [
      { iss: 'someone-else' },
      { aud: 'another-api' },
      { typ: 'refresh' },
      { secret: 'a-different-secret-that-is-long-enough-0123456789' },
    ]) {
      expect((await session(`Bearer ${await sign(opts)}`)).statusCode, JSON.stringify(opts)).toBe(401);
    }
  });

  it('refuses a refresh token used as a bearer access token', async () => {
    const user = await createUser(t);
    const { refresh } = await login(t, user.email, user.password);
    expect((await session(`Bearer ${refresh}`)).statusCode).toBe(401);
    const res = await post('logout', { refreshToken: refresh }, { authorization: `Bearer ${refresh}` });
    expect(res.statusCode).toBe(401);
  });

  it('stops working for a user who was disabled after signing in', async () => {
    const user = await createUser(t);
    const { headers } = await login(t, user.email, user.password);
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await session(headers.authorization)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/refresh-token', () => {
  it('rotates: answers a new {access, refresh} and spends the old refresh token', async () => {
    const user = await createUser(t);
    const first = await login(t, user.email, user.password);
    const res = await post('refresh-token', { refreshToken: first.refresh });
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(Object.keys(next).sort()).toEqual(['access', 'refresh']);
    expect(next.refresh).not.toBe(first.refresh);
    expect((await session(`Bearer ${next.access}`)).json().id).toBe(user.id);

    // The new token is in the same family as the first.
    const rows = await t.db
      .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt, hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(sql`${refreshTokens.tokenHash} in (${hashToken(first.refresh)}, ${hashToken(next.refresh)})`);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    expect(rows.find((r) => r.hash === hashToken(first.refresh))?.usedAt).toBeInstanceOf(Date);

    // and the chain goes on
    const third = await post('refresh-token', { refreshToken: next.refresh });
    expect(third.statusCode).toBe(200);
  });

  it('treats reuse of a spent token as theft: 401 and the whole family revoked, newest token included', async () => {
    const user = await createUser(t);
    const { refresh: stolen } = await login(t, user.email, user.password);
    const rotated = (await post('refresh-token', { refreshToken: stolen })).json();
    const newest = (await post('refresh-token', { refreshToken: rotated.refresh })).json();

    const reuse = await post('refresh-token', { refreshToken: stolen });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'UNAUTHORIZED' });

    const afterReuse = await post('refresh-token', { refreshToken: newest.refresh });
    expect(afterReuse.statusCode).toBe(401);
    const [family] = await t.db.select().from(refreshFamilies).where(eq(refreshFamilies.userId, user.id));
    expect(family).toMatchObject({ revokedReason: 'reuse' });
  });

  it('revokes only the reused family: other sign-ins of the same user keep working', async () => {
    const user = await createUser(t);
    const phone = await login(t, user.email, user.password);
    const laptop = await login(t, user.email, user.password);
    await post('refresh-token', { refreshToken: phone.refresh });
    expect((await post('refresh-token', { refreshToken: phone.refresh })).statusCode).toBe(401);
    expect((await post('refresh-token', { refreshToken: laptop.refresh })).statusCode).toBe(200);
  });

  it('lets exactly one of many parallel uses of one token succeed', async () => {
    const user = await createUser(t);
    const { refresh } = await login(t, user.email, user.password);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post('refresh-token', { refreshToken: refresh })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 401)).toHaveLength(7);
    const [{ n: issued } = { n: 0 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(refreshTokens)
      .innerJoin(refreshFamilies, eq(refreshFamilies.id, refreshTokens.familyId))
      .where(eq(refreshFamilies.userId, user.id));
    expect(issued).toBe(2); // the original and exactly one successor
  });

  it('refuses unknown tokens and access tokens with 401', async () => {
    const user = await createUser(t);
    const { access } = await login(t, user.email, user.password);
    for (const refreshToken of ['x'.repeat(43), access.slice(0, 200)]) {
      const res = await post('refresh-token', { refreshToken });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 403 and ends the session when the account was disabled', async () => {
    const user = await createUser(t);
    const { refresh } = await login(t, user.email, user.password);
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const res = await post('refresh-token', { refreshToken: refresh });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This account is disabled', code: 'FORBIDDEN' });
    const [family] = await t.db.select().from(refreshFamilies).where(eq(refreshFamilies.userId, user.id));
    expect(family?.revokedAt).toBeInstanceOf(Date);
  });

  it('requires refreshToken', async () => {
    const res = await post('refresh-token', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'refreshToken is required', code: 'VALIDATION_ERROR' });
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the family of the given refresh token and answers 204', async () => {
    const user = await createUser(t);
    const { refresh, headers } = await login(t, user.email, user.password);
    const res = await post('logout', { refreshToken: refresh }, headers);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await post('refresh-token', { refreshToken: refresh })).statusCode).toBe(401);
  });

  it('also ends the rotated successors of the token', async () => {
    const user = await createUser(t);
    const first = await login(t, user.email, user.password);
    const next = (await post('refresh-token', { refreshToken: first.refresh })).json();
    expect((await post('logout', { refreshToken: next.refresh }, first.headers)).statusCode).toBe(204);
    expect((await post('refresh-token', { refreshToken: next.refresh })).statusCode).toBe(401);
  });

  it("cannot end someone else's session", async () => {
    const victim = await createUser(t);
    const attacker = await createUser(t);
    const v = await login(t, victim.email, victim.password);
    const a = await login(t, attacker.email, attacker.password);
    expect((await post('logout', { refreshToken: v.refresh }, a.headers)).statusCode).toBe(204);
    expect((await session(v.headers.authorization)).statusCode).toBe(200);
    expect((await post('refresh-token', { refreshToken: v.refresh })).statusCode).toBe(200);
  });

  it('works without a body and without a refresh token, ending the access token’s session', async () => {
    const user = await createUser(t);
    const first = await login(t, user.email, user.password);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: first.headers });
    expect(noBody.statusCode).toBe(204);
    expect((await post('refresh-token', { refreshToken: first.refresh })).statusCode).toBe(401);
    const second = await login(t, user.email, user.password);
    expect((await post('logout', {}, second.headers)).statusCode).toBe(204);
    expect((await session(second.headers.authorization)).statusCode).toBe(401);
  });

  it('requires a bearer access token', async () => {
    const user = await createUser(t);
    const { refresh } = await login(t, user.email, user.password);
    const res = await post('logout', { refreshToken: refresh });
    expect(res.statusCode).toBe(401);
    expect((await post('refresh-token', { refreshToken: refresh })).statusCode).toBe(200);
  });
});

// Last in this file: it moves the shared clock 30 days ahead.
describe('refresh family lifetime', () => {
  it('ends 30 days after sign-in however often it was rotated', async () => {
    const user = await createUser(t);
    let { refresh } = await login(t, user.email, user.password);
    // Three rotations ten days apart (less 2 s each): 29 days 23:59:54 after sign-in, still valid.
    for (let step = 0; step < 3; step++) {
      t.clock.advance(10 * 24 * 3600 * 1000 - 2000);
      const res = await post('refresh-token', { refreshToken: refresh });
      expect(res.statusCode, `rotation ${step}`).toBe(200);
      refresh = res.json().refresh;
    }
    t.clock.advance(7000);
    const expired = await post('refresh-token', { refreshToken: refresh });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session has expired. Please sign in again.');
  });
});
