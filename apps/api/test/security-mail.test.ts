import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { mailOutbox, passwordResetTokens, users } from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import {
  createMailer,
  MAIL_HOURLY_CAP,
  NOT_SENT_NO_SMTP,
  NOT_SENT_OVER_CAP,
  SECRET_HIDDEN,
} from '../src/lib/mailer.ts';
import { COMMON_PASSWORD_MSG, isCommonPassword } from '../src/lib/passwords.ts';
import { sealingKey } from '../src/lib/seal.ts';
import { opaqueToken } from '../src/lib/secrets.ts';
import { authHeaders, freshIp, signedInUser } from './cart-fixtures.ts';
import { TEST_JWT_SECRET } from './constants.ts';
import { createTestApp, createUser, login, type TestApp } from './helpers.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

// Points 2, 3 (the mail cap) and 8, each written as the attack it stops.

const PUBLIC_URL = 'https://shop.example.com';
const RESET_LINK = /https:\/\/shop\.example\.com\/auth\/reset-password\/([\w-]{43})/;
const CONFIRM_LINK = /https:\/\/shop\.example\.com\/newsletter\/confirm\?token=([\w-]{43})/;
/** A 32-byte base64url token, as the shop mints them, standing alone. */
const TOKEN_SHAPED = /(?<![\w-])[\w-]{43}(?![\w-])/;
const HOUR_MS = 60 * 60 * 1000;

let t: TestApp; // no SMTP_URL: mail only reaches the outbox
let s: TestApp; // SMTP_URL points at the sink: mail is delivered too
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  [t, s] = await Promise.all([
    createTestApp({ env: { PUBLIC_URL } }),
    createTestApp({ env: { PUBLIC_URL, SMTP_URL: sink.url } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), s.close()]);
  await sink.close();
});

/** A request, then the mail it causes: some is sent after the answer. */
async function post(app: TestApp, url: string, payload: object, headers: Record<string, string> = {}) {
  const res = await app.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });
  await app.drain();
  return res;
}

async function outbox(app: TestApp, headers: Record<string, string>, query: string) {
  const res = await app.app.inject({ method: 'GET', url: `/api/admin/outbox${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { to: string; subject: string; text: string; sent_at: string | null; error: string | null }[];
  };
}

/** Everything the outbox table holds, as one string: what a database dump would show. */
async function storedMail(app: TestApp): Promise<string> {
  return JSON.stringify(await app.db.select().from(mailOutbox));
}

describe('the mail outbox never shows a working link', () => {
  it('staff who ask for a reset of the admin and read the outbox cannot take the account over', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const colleague = await createUser(t, { role: 'staff' });
    const staff = await signedInUser(t, { role: 'staff' });
    for (const victim of [admin, colleague]) {
      expect((await post(t, '/api/auth/forgot-password', { email: victim.email })).statusCode).toBe(200);
    }

    const seen = [
      await outbox(t, staff.headers, `?to=${encodeURIComponent(admin.email)}`),
      await outbox(t, staff.headers, `?to=${encodeURIComponent(colleague.email)}`),
      await outbox(t, staff.headers, '?limit=100'),
    ];
    for (const { items } of seen.slice(0, 2)) {
      expect(items).toHaveLength(1);
      expect(items[0]?.subject).toBe('Reset your password');
      expect(items[0]?.text).toContain(SECRET_HIDDEN);
      // Without SMTP the mail reaches no one, and the outbox says why.
      expect(items[0]?.error).toBe(NOT_SENT_NO_SMTP);
    }
    const shown = JSON.stringify(seen);
    expect(shown).not.toContain('/auth/reset-password/');
    expect(shown).not.toMatch(TOKEN_SHAPED);
    expect(await storedMail(t)).not.toContain('/auth/reset-password/');

    // Whatever in the outbox looks like a token is tried: none sets a password.
    const candidates = new Set(shown.match(/[\w-]{16,}/g) ?? []);
    for (const token of candidates) {
      const res = await post(t, '/api/auth/reset-password', { token, password: 'Staff-T00k-Over' });
      expect(res.statusCode).toBe(400);
    }
    await login(t, admin.email, admin.password);
    await login(t, colleague.email, colleague.password);
    const open = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, admin.id));
    expect(open.every((r) => r.usedAt === null)).toBe(true);
  });

  it('with SMTP the recipient gets the working reset link; the outbox keeps the mail without it', async () => {
    const user = await createUser(s);
    expect((await post(s, '/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);

    const [delivered] = await sink.mailsTo(user.email);
    const token = delivered?.text.match(RESET_LINK)?.[1];
    if (!token) throw new Error(`no reset link delivered: ${delivered?.text}`);

    const admin = await signedInUser(s, { role: 'admin' });
    const { items } = await outbox(s, admin.headers, `?to=${encodeURIComponent(user.email)}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ subject: 'Reset your password', error: null });
    expect(items[0]?.sent_at).not.toBeNull();
    expect(items[0]?.text).toContain(SECRET_HIDDEN);
    expect(items[0]?.text).toBe(delivered?.text.trimEnd().replace(RESET_LINK, SECRET_HIDDEN));
    expect(await storedMail(s)).not.toContain(token);

    const reset = await post(s, '/api/auth/reset-password', { token, password: 'Fresh-Passw0rd-1' });
    expect(reset.statusCode).toBe(200);
    await login(s, user.email, 'Fresh-Passw0rd-1');
  });

  it('a newsletter confirmation link reaches the reader only', async () => {
    const reader = `reader-${Date.now()}@example.com`;
    expect((await post(s, '/api/newsletter', { email: reader })).statusCode).toBe(201);
    const token = (await sink.mailsTo(reader))[0]?.text.match(CONFIRM_LINK)?.[1];
    if (!token) throw new Error('no confirmation link delivered');

    const staff = await signedInUser(s, { role: 'staff' });
    const { items } = await outbox(s, staff.headers, `?to=${encodeURIComponent(reader)}`);
    expect(items[0]?.text).toContain(SECRET_HIDDEN);
    expect(JSON.stringify(items)).not.toContain('token=');
    expect(await storedMail(s)).not.toContain(token);
    expect((await post(s, '/api/newsletter/confirm', { token })).statusCode).toBe(200);
  });

  it('no log line carries a mailed link, not even when the link is opened', async () => {
    const lines: string[] = [];
    // The server's own logger (server.ts), writing here.
    const logger = createLogger('info', { write: (line: string) => lines.push(line) });
    const logged = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: sink.url }, logger });
    try {
      const user = await createUser(logged);
      const reader = `logged-${Date.now()}@example.com`;
      await post(logged, '/api/auth/forgot-password', { email: user.email });
      await post(logged, '/api/newsletter', { email: reader });
      const resetToken = (await sink.mailsTo(user.email))[0]?.text.match(RESET_LINK)?.[1];
      const confirmToken = (await sink.mailsTo(reader))[0]?.text.match(CONFIRM_LINK)?.[1];
      if (!resetToken || !confirmToken) throw new Error('no links delivered');

      // The shopper opens both links (the pages' paths) and uses them.
      await logged.app.inject({ method: 'GET', url: `/auth/reset-password/${resetToken}` });
      await logged.app.inject({ method: 'GET', url: `/newsletter/confirm?token=${confirmToken}&utm=mail` });
      await post(logged, '/api/auth/reset-password', { token: resetToken, password: 'Fresh-Passw0rd-2' });
      await post(logged, '/api/newsletter/confirm', { token: confirmToken });

      const log = lines.join('');
      expect(log).toContain('/auth/reset-password/[hidden]');
      expect(log).toContain('/newsletter/confirm?token=[hidden]&utm=mail');
      expect(log).not.toContain(resetToken);
      expect(log).not.toContain(confirmToken);
    } finally {
      await logged.close();
    }
  });
});

describe('staff can never raise a role', () => {
  const roleOf = async (app: TestApp, id: string) =>
    (await app.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

  it('staff cannot make themselves, a colleague or a customer admin or staff (403, nothing changes)', async () => {
    const staff = await signedInUser(t, { role: 'staff' });
    const colleague = await createUser(t, { role: 'staff' });
    const customer = await createUser(t);
    const newcomer = `newcomer-${Date.now()}@example.com`;
    const attempts = [
      { method: 'POST' as const, url: '/api/admin/staff', payload: { email: staff.email, role: 'admin' } },
      { method: 'POST' as const, url: '/api/admin/staff', payload: { email: customer.email, role: 'staff' } },
      {
        method: 'POST' as const,
        url: '/api/admin/staff',
        payload: {
          email: newcomer,
          role: 'admin',
          first_name: 'New',
          last_name: 'Comer',
          username: `newcomer${Date.now()}`,
          password: 'Str0ng-Passw0rd!',
        },
      },
      { method: 'PATCH' as const, url: `/api/admin/staff/${staff.id}`, payload: { role: 'admin' } },
      { method: 'PATCH' as const, url: `/api/admin/staff/${colleague.id}`, payload: { role: 'admin' } },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ ...attempt, headers: staff.headers });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
    expect([await roleOf(t, staff.id), await roleOf(t, colleague.id), await roleOf(t, customer.id)]).toEqual([
      'staff',
      'staff',
      'customer',
    ]);
    expect(await t.db.select().from(users).where(sql`lower(${users.email}) = ${newcomer}`)).toHaveLength(0);
  });

  it('a role in a profile update or a sign-up is refused with 400 and nothing is written', async () => {
    const staff = await signedInUser(t, { role: 'staff' });
    const customer = await signedInUser(t);
    for (const [who, role] of [
      [staff, 'admin'],
      [customer, 'staff'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/me',
        headers: who.headers,
        payload: { first_name: 'Mallory', role },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('role') });
      const [row] = await t.db.select().from(users).where(eq(users.id, who.id));
      expect(row).toMatchObject({ role: who.role, firstName: 'Test' });
    }

    const email = `climber-${Date.now()}@example.com`;
    const signup = await post(t, '/api/auth/register', {
      first_name: 'Mal',
      last_name: 'Lory',
      username: `climber${Date.now()}`,
      email,
      password: 'Str0ng-Passw0rd!',
      role: 'admin',
    });
    expect(signup.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe('at most MAIL_HOURLY_CAP mails an hour go to one address', () => {
  it('twelve newsletter sign-ups aimed at one victim within an hour deliver at most the cap', async () => {
    const victim = `victim-${Date.now()}@example.com`;
    for (let i = 0; i < 12; i++) {
      // The attacker varies the case: it is still one mailbox.
      const email = i % 2 ? victim.toUpperCase() : victim;
      const res = await post(s, '/api/newsletter', { email });
      expect(res.statusCode).toBe(201);
      s.clock.advance(60_000);
    }
    expect(MAIL_HOURLY_CAP).toBe(10);
    expect(await sink.mailsTo(victim)).toHaveLength(MAIL_HOURLY_CAP);

    // Staff see the two that were held back, and why.
    const staff = await signedInUser(s, { role: 'staff' });
    const { items } = await outbox(s, staff.headers, `?to=${encodeURIComponent(victim)}`);
    expect(items).toHaveLength(12);
    expect(items.slice(0, 2).every((m) => m.error === NOT_SENT_OVER_CAP && m.sent_at === null)).toBe(true);
    expect(items.slice(2).every((m) => m.error === null && m.sent_at !== null)).toBe(true);

    // An hour after the first mails, the address gets mail again.
    s.clock.advance(HOUR_MS - 11 * 60_000);
    expect((await post(s, '/api/newsletter', { email: victim })).statusCode).toBe(201);
    expect(await sink.mailsTo(victim)).toHaveLength(MAIL_HOURLY_CAP + 1);
  });

  it('the cap holds when twelve mails to one address are sent at once', async () => {
    const mailer = createMailer({
      db: t.db,
      clock: t.clock,
      smtpUrl: undefined,
      fromAddress: 'shop@example.com',
      letterhead: async () => ({ name: 'Shop', logoUrl: null }),
      log: { info() {}, warn() {} },
      sealKey: sealingKey(TEST_JWT_SECRET, 'mail outbox'),
      maxAttempts: 8,
    });
    const victim = `parallel-${Date.now()}@example.com`;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        mailer.send({ to: i % 2 ? victim.toUpperCase() : victim, subject: `Mail ${i}`, text: 'Hello' }),
      ),
    );
    const rows = await t.db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${victim}`);
    expect(rows).toHaveLength(12);
    expect(rows.filter((m) => !m.suppressed)).toHaveLength(MAIL_HOURLY_CAP);
  });
});

describe('common passwords are refused wherever a password is set', () => {
  const COMMON = ['Password1', 'Welcome1', 'Qwerty123'];
  const refusal = (field: string) => ({
    code: 'VALIDATION_ERROR',
    message: COMMON_PASSWORD_MSG,
    details: { issues: [{ path: `body.${field}`, message: COMMON_PASSWORD_MSG }] },
  });

  it.each(COMMON)('sign-up with %s is refused and creates no account', async (password) => {
    const email = `common-${password.toLowerCase()}-${Date.now()}@example.com`;
    const res = await post(t, '/api/auth/register', {
      first_name: 'Common',
      last_name: 'Choice',
      username: `common${Date.now()}`,
      email,
      password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('password'));
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it.each(COMMON)('a reset link cannot set %s; the link stays usable', async (password) => {
    const user = await createUser(t);
    const { token, hash } = opaqueToken();
    await t.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hash,
      createdAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + HOUR_MS),
    });
    const res = await post(t, '/api/auth/reset-password', { token, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('password'));
    await login(t, user.email, user.password);
    expect((await post(t, '/api/auth/reset-password', { token, password: 'Unc0mmon-Choice' })).statusCode).toBe(200);
  });

  it.each(COMMON)('changing the password to %s is refused; the old one keeps working', async (password) => {
    const user = await createUser(t);
    const session = await login(t, user.email, user.password);
    const res = await post(
      t,
      '/api/users/me/password',
      { current_password: user.password, new_password: password },
      session.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('new_password'));
    await login(t, user.email, user.password);
  });

  it('an admin cannot create a staff account with a common password', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const email = `common-staff-${Date.now()}@example.com`;
    const res = await post(
      t,
      '/api/admin/staff',
      {
        email,
        role: 'staff',
        first_name: 'Common',
        last_name: 'Staff',
        username: `cstaff${Date.now()}`,
        password: 'Welcome1',
      },
      await authHeaders(t, admin),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('password'));
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('the list is compared case-insensitively; strong passwords, the fixtures’ among them, pass', async () => {
    expect(COMMON.map((p) => isCommonPassword(p.toUpperCase()))).toEqual([true, true, true]);
    expect(['Customer-Passw0rd', 'Passw0rd!', 'E2e-Admin-Passw0rd'].some(isCommonPassword)).toBe(false);
    const res = await post(t, '/api/auth/register', {
      first_name: 'Strong',
      last_name: 'Choice',
      username: `strong${Date.now()}`,
      email: `strong-${Date.now()}@example.com`,
      password: 'pASSWORD1x-Unusual',
    });
    expect(res.statusCode).toBe(201);
    const mixedCase = await post(t, '/api/auth/register', {
      first_name: 'Common',
      last_name: 'Case',
      username: `ccase${Date.now()}`,
      email: `ccase-${Date.now()}@example.com`,
      password: 'pASSWORD1',
    });
    expect(mixedCase.json()).toEqual(refusal('password'));
  });

  it('the first admin cannot get a common password from ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Qwerty123456' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Qwerty123456' })).toThrow(
      'ADMIN_PASSWORD: is a common password: choose one that is harder to guess',
    );
    expect(loadConfig({ ADMIN_PASSWORD: 'E2e-Admin-Passw0rd' }).ADMIN_PASSWORD).toBe('E2e-Admin-Passw0rd');
  });
});
