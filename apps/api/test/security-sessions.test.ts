// Access tokens that outlive their session,
// an e-mail change on an access token alone, password spraying and the oracles that tell which
// e-mails have an account.
import { ACCOUNT_MSG } from '@shop/contracts/account';
import { TOKENS } from '@shop/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChangeTokens, passwordResetTokens, users } from '../src/db/schema.ts';
import type { Mail, Mailer } from '../src/lib/mailer.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { AUTH_RATE_LIMITS } from '../src/modules/auth/index.ts';
import { freshIp } from './cart-fixtures.ts';
import { TEST_JWT_SECRET } from './constants.ts';
import { createTestApp, createUser, login, type TestApp } from './helpers.ts';

/** Every mail the app sends, in order; while `held` is set, sending waits for it (a hung mail server). */
const sent: Mail[] = [];
let held: Promise<void> | undefined;
const mailer: Mailer = {
  async send(mail) {
    await held;
    sent.push(mail);
  },
};

const PUBLIC_URL = 'https://shop.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL }, mailer });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload, remoteAddress: freshIp() });
const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const mailsTo = (to: string) => sent.filter((m) => m.to.toLowerCase() === to.toLowerCase());

/** The token of the newest mailed link to `path` for `to`, checking the link is marked secret. */
function linkToken(to: string, path: string): string {
  const mail = mailsTo(to).at(-1);
  const link = mail?.text.match(new RegExp(`${PUBLIC_URL}${path}/[\\w-]{43}`))?.[0];
  if (!link) throw new Error(`no ${path} link in: ${mail?.text}`);
  expect(mail?.secrets).toEqual([link]);
  return link.slice(link.lastIndexOf('/') + 1);
}

/**
 * The headers of an answer but `date` (the wall clock's second) and `x-request-id` (new for every request):
 * neither is a property of the answer.
 */
function headersOf(res: { headers: Record<string, unknown> }) {
  const { date: _, 'x-request-id': _id, ...rest } = res.headers;
  return rest;
}

let n = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${++n}@example.com`;

describe('access tokens end with their session', () => {
  it('a logged-out access token is refused at once, for reads and profile edits', async () => {
    const u = await createUser(t);
    const s = await login(t, u.email, u.password);
    expect((await call('GET', '/auth/session', s.headers)).statusCode).toBe(200);

    expect((await call('POST', '/auth/logout', s.headers, { refreshToken: s.refresh })).statusCode).toBe(204);
    const session = await call('GET', '/auth/session', s.headers);
    expect(session.statusCode).toBe(401);
    expect(session.json()).toEqual({ message: 'Your session is invalid or has expired', code: 'UNAUTHORIZED' });
    const edit = await call('PATCH', '/users/me', s.headers, { first_name: 'Mallory' });
    expect(edit.statusCode).toBe(401);
    expect((await userRow(u.id))?.firstName).toBe('Test');
  });

  it('logout without a refresh token still ends the access token’s session', async () => {
    const u = await createUser(t);
    const s = await login(t, u.email, u.password);
    const other = await login(t, u.email, u.password);
    expect((await call('POST', '/auth/logout', s.headers)).statusCode).toBe(204);
    expect((await call('GET', '/auth/session', s.headers)).statusCode).toBe(401);
    expect((await call('POST', '/auth/refresh-token', {}, { refreshToken: s.refresh })).statusCode).toBe(401);
    // Only that session: the user's other sign-in goes on.
    expect((await call('GET', '/auth/session', other.headers)).statusCode).toBe(200);
  });

  it('a password change in session B ends session A’s access token; B goes on', async () => {
    const u = await createUser(t);
    const a = await login(t, u.email, u.password);
    const b = await login(t, u.email, u.password);
    const changed = await call('POST', '/users/me/password', b.headers, {
      current_password: u.password,
      new_password: 'N3w-Password',
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json() as { access: string; refresh: string };

    expect((await call('GET', '/auth/session', a.headers)).statusCode).toBe(401);
    expect((await call('PATCH', '/users/me', a.headers, { first_name: 'Mallory' })).statusCode).toBe(401);
    expect((await call('GET', '/auth/session', bearer(fresh.access))).statusCode).toBe(200);
    expect((await call('PATCH', '/users/me', bearer(fresh.access), { first_name: 'Grace' })).statusCode).toBe(200);
    expect((await userRow(u.id))?.firstName).toBe('Grace');
  });

  it('a password reset ends every access token of the user', async () => {
    const u = await createUser(t);
    const phone = await login(t, u.email, u.password);
    const laptop = await login(t, u.email, u.password);
    expect((await call('POST', '/auth/forgot-password', {}, { email: u.email })).statusCode).toBe(200);
    await t.drain();
    const token = linkToken(u.email, '/auth/reset-password');
    const reset = await call('POST', '/auth/reset-password', {}, { token, password: 'Reset-Passw0rd' });
    expect(reset.statusCode).toBe(200);

    for (const s of [phone, laptop]) {
      expect((await call('GET', '/auth/session', s.headers)).statusCode).toBe(401);
      expect((await call('GET', '/users/me', s.headers)).statusCode).toBe(401);
    }
  });

  it('an access token that names no session is refused', async () => {
    const u = await createUser(t);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const sessionless = await new SignJWT({ role: 'customer', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(u.id)
      .setIssuer(TOKENS.issuer)
      .setAudience(TOKENS.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await call('GET', '/auth/session', bearer(sessionless))).statusCode).toBe(401);
    expect((await call('PATCH', '/users/me', bearer(sessionless), { first_name: 'Mallory' })).statusCode).toBe(401);
  });
});

describe('changing the sign-in e-mail', () => {
  it('PATCH /api/users/me no longer changes the e-mail, even on a valid token', async () => {
    const u = await createUser(t);
    const s = await login(t, u.email, u.password);
    const res = await call('PATCH', '/users/me', s.headers, { first_name: 'Mallory', email: uniqueEmail('thief') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: ACCOUNT_MSG.emailNeedsConfirmation,
      code: 'BAD_REQUEST',
      details: { field: 'email' },
    });
    expect(await userRow(u.id)).toMatchObject({ email: u.email, firstName: 'Test' });
    // The form may send the current address along (in any case): that is not a change.
    const same = await call('PATCH', '/users/me', s.headers, { first_name: 'Grace', email: u.email.toUpperCase() });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ first_name: 'Grace', email: u.email });
  });

  it('malformed change and confirmation bodies are a 400 that changes nothing', async () => {
    const u = await createUser(t);
    const s = await login(t, u.email, u.password);
    const before = sent.length;
    const changes: [object, string][] = [
      [{ email: 'not-an-email', current_password: u.password }, 'Email is invalid'],
      [{ email: uniqueEmail('x'), current_password: u.password, role: 'admin' }, 'Unrecognized key: "role"'],
      [{ email: uniqueEmail('x') }, 'Current password is required'],
      [{ email: uniqueEmail('x'), current_password: 'x'.repeat(257) }, 'Password must be at most 256 characters'],
    ];
    for (const [body, message] of changes) {
      const res = await call('POST', '/users/me/email', s.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    }
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(201) }, { token: 'x', extra: 1 }]) {
      expect((await call('POST', '/users/confirm-email', {}, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    await t.drain();
    expect(sent.length).toBe(before);
    expect((await userRow(u.id))?.email).toBe(u.email);
  });

  it('a wrong current password changes nothing and mails nobody', async () => {
    const u = await createUser(t);
    const s = await login(t, u.email, u.password);
    const email = uniqueEmail('thief');
    const before = sent.length;
    const res = await call('POST', '/users/me/email', s.headers, { email, current_password: 'Wrong-Passw0rd' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ACCOUNT_MSG.currentPasswordIncorrect, code: 'BAD_REQUEST' });
    await t.drain();
    expect(sent.length).toBe(before);
    expect(await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, u.id))).toEqual([]);
  });

  it('the new address takes effect only through its mailed link; the old one is told', async () => {
    const u = await createUser(t);
    const caller = await login(t, u.email, u.password);
    const otherDevice = await login(t, u.email, u.password);
    const email = uniqueEmail('new');

    const res = await call('POST', '/users/me/email', caller.headers, { email, current_password: u.password });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: ACCOUNT_MSG.emailChangeRequested(email) });
    await t.drain();
    expect((await userRow(u.id))?.email).toBe(u.email);
    const token = linkToken(email, '/account/confirm-email');
    expect(mailsTo(u.email).at(-1)?.text).toContain(`to ${email}`);
    // Only the hash is stored.
    const [row] = await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, u.id));
    expect(row?.tokenHash).not.toBe(token);
    expect(row?.expiresAt.getTime()).toBe(t.clock.now().getTime() + TOKENS.emailChangeTtlSeconds * 1000);
    await expect(login(t, email, u.password)).rejects.toThrow(/401/);

    const confirmed = await call('POST', '/users/confirm-email', caller.headers, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: ACCOUNT_MSG.emailChanged(email) });
    expect((await userRow(u.id))?.email).toBe(email);
    await expect(login(t, email, u.password)).resolves.toBeDefined();
    await expect(login(t, u.email, u.password)).rejects.toThrow(/401/);

    // Other sessions end; the one that confirmed goes on.
    expect((await call('GET', '/auth/session', otherDevice.headers)).statusCode).toBe(401);
    expect((await call('POST', '/auth/refresh-token', {}, { refreshToken: otherDevice.refresh })).statusCode).toBe(401);
    expect((await call('GET', '/auth/session', caller.headers)).statusCode).toBe(200);

    await t.drain();
    expect(mailsTo(u.email).at(-1)).toMatchObject({ subject: 'Your e-mail address was changed' });
    const again = await call('POST', '/users/confirm-email', {}, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MSG.emailLinkUsed);
  });

  it('a link dies when it expires and when the password changes', async () => {
    const u = await createUser(t);
    const s = await login(t, u.email, u.password);
    const first = uniqueEmail('late');
    await call('POST', '/users/me/email', s.headers, { email: first, current_password: u.password });
    await t.drain();
    const expired = linkToken(first, '/account/confirm-email');
    t.clock.advance(TOKENS.emailChangeTtlSeconds * 1000);
    const late = await call('POST', '/users/confirm-email', {}, { token: expired });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(ACCOUNT_MSG.emailLinkExpired);

    const s2 = await login(t, u.email, u.password);
    const second = uniqueEmail('thief');
    await call('POST', '/users/me/email', s2.headers, { email: second, current_password: u.password });
    await t.drain();
    const stolen = linkToken(second, '/account/confirm-email');
    await call('POST', '/users/me/password', s2.headers, {
      current_password: u.password,
      new_password: 'N3w-Password',
    });
    expect((await call('POST', '/users/confirm-email', {}, { token: stolen })).statusCode).toBe(400);
    expect((await userRow(u.id))?.email).toBe(u.email);
  });

  it('an address taken between request and confirmation is a clear 409 and changes nothing', async () => {
    const u = await createUser(t);
    const s = await login(t, u.email, u.password);
    const email = uniqueEmail('raced');
    await call('POST', '/users/me/email', s.headers, { email, current_password: u.password });
    await t.drain();
    const token = linkToken(email, '/account/confirm-email');
    await createUser(t, { email: email.toUpperCase() });

    const res = await call('POST', '/users/confirm-email', {}, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'An account with this email already exists',
      code: 'CONFLICT',
      details: { field: 'email' },
    });
    expect((await userRow(u.id))?.email).toBe(u.email);
    expect((await call('GET', '/auth/session', s.headers)).statusCode).toBe(200);
  });
});

describe('spraying and enumeration', () => {
  it('30 sign-ins against 30 accounts from one address are cut off by a per-address limit', async () => {
    const passwordHash = await hashPassword('Passw0rd!');
    const tag = Date.now().toString(36);
    const accounts = await t.db
      .insert(users)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          email: `spray${i}.${tag}@example.com`,
          username: `spray${i}_${tag}`,
          firstName: 'Spray',
          lastName: 'Target',
          passwordHash,
        })),
      )
      .returning({ email: users.email });
    const statuses: number[] = [];
    for (const { email } of accounts) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'Summer2030!' },
        remoteAddress: '10.77.0.1',
      });
      statuses.push(res.statusCode);
    }
    const { max } = AUTH_RATE_LIMITS.loginPerAddress;
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(max)).toEqual(Array(30 - max).fill(429));
    // Another address is not affected.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: accounts[0]?.email, password: 'Passw0rd!' },
      remoteAddress: '10.77.0.2',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('sign-up with a registered e-mail answers like a new account; only the owner hears of it', async () => {
    const owner = await createUser(t);
    const account = (email: string) => ({
      first_name: 'Eve',
      last_name: 'Prober',
      username: `eve_${Date.now().toString(36)}${++n}`,
      email,
      password: 'Pr0bing-Passw0rd',
    });
    const fresh = await call('POST', '/auth/register', {}, account(uniqueEmail('fresh')));
    const known = await call('POST', '/auth/register', {}, account(owner.email.toUpperCase()));
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.statusCode).toBe(201);
    expect(known.json()).toEqual(fresh.json());
    expect(headersOf(known)).toEqual(headersOf(fresh));

    const rows = await t.db.select().from(users).where(sql`lower(${users.email}) = ${owner.email.toLowerCase()}`);
    expect(rows.map((r) => r.id)).toEqual([owner.id]);
    await t.drain();
    expect(mailsTo(owner.email).at(-1)).toMatchObject({
      subject: 'Someone tried to create an account with your e-mail',
    });
    // Usernames are public handles: a taken one may still say so.
    const taken = await call('POST', '/auth/register', {}, { ...account(uniqueEmail('x')), username: owner.username });
    expect(taken.statusCode).toBe(409);
  });

  it('asking to change to a taken address answers exactly like a free one', async () => {
    const holder = await createUser(t, { email: `taken-${Date.now().toString(36)}@example.com` });
    const free = holder.email.replace(/^taken/, 'freee');
    const answers = [];
    for (const email of [holder.email, free]) {
      const u = await createUser(t);
      const s = await login(t, u.email, u.password);
      answers.push(await call('POST', '/users/me/email', s.headers, { email, current_password: u.password }));
    }
    const [taken, open] = answers as [(typeof answers)[0], (typeof answers)[0]];
    expect(taken.statusCode).toBe(202);
    expect(open.statusCode).toBe(202);
    expect(taken.json()).toEqual({ message: ACCOUNT_MSG.emailChangeRequested(holder.email) });
    expect(open.json()).toEqual({ message: ACCOUNT_MSG.emailChangeRequested(free) });
    expect(headersOf(taken)).toEqual(headersOf(open));

    await t.drain();
    // The taken address's owner is warned without a link; nothing can move the address.
    expect(mailsTo(holder.email).at(-1)?.text).not.toContain('/account/confirm-email/');
    expect(mailsTo(free).at(-1)?.text).toContain('/account/confirm-email/');
  });

  it('forgot-password answers at once and alike for real and unknown e-mails, even with a hung mail server', async () => {
    const u = await createUser(t);
    const unknown = u.email.replace(/^user/, 'nobo');
    let release = () => {};
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const real = await call('POST', '/auth/forgot-password', {}, { email: u.email });
      const none = await call('POST', '/auth/forgot-password', {}, { email: unknown });
      expect(real.statusCode).toBe(200);
      expect(none.statusCode).toBe(200);
      expect(real.json()).toEqual(none.json());
      expect(headersOf(real)).toEqual(headersOf(none));
      expect(mailsTo(u.email)).toEqual([]);
    } finally {
      release();
      held = undefined;
    }
    await t.drain();
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id))).toHaveLength(1);
    expect(mailsTo(u.email).map((m) => m.subject)).toEqual(['Reset your password']);
    expect(mailsTo(unknown)).toEqual([]);
  });
});
