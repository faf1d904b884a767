import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../src/db/schema.ts';
import { createTestApp, createUser, login, type TestApp } from './helpers.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

const PUBLIC_URL = 'https://shop.example.com';
let t: TestApp;
// The link reaches only the recipient's mailbox: the tests read it there.
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: sink.url } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

let ipCounter = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/${url}`,
    payload,
    headers,
    remoteAddress: `10.6.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`,
  });

const SAME_ANSWER = { message: 'If an account exists for this email, we have sent a link to reset your password.' };
const LINK = /https:\/\/shop\.example\.com\/auth\/reset-password\/([\w-]{43})/;

/** The mails delivered to an address once the work behind the answers is done (mail is sent after). */
async function mailsTo(email: string) {
  await t.drain();
  return sink.mailsTo(email);
}

/** Asks for a reset link and returns the token from the mail. */
async function requestReset(email: string): Promise<string> {
  const before = (await mailsTo(email)).length;
  const res = await post('forgot-password', { email });
  expect(res.statusCode).toBe(200);
  const mails = await mailsTo(email);
  expect(mails).toHaveLength(before + 1);
  const match = mails[0]?.text.match(LINK);
  if (!match?.[1]) throw new Error(`no reset link in: ${mails[0]?.text}`);
  return match[1];
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = `nobody.${Date.now()}@example.com`;
    const res = await post('forgot-password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME_ANSWER);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('mails a link to /auth/reset-password/{token} and stores only the hash, valid one hour', async () => {
    const user = await createUser(t);
    const res = await post('forgot-password', { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME_ANSWER);

    const [mail] = await mailsTo(user.email);
    expect(mail?.subject).toBe('Reset your password');
    const token = mail?.text.match(LINK)?.[1];
    expect(token).toBeDefined();

    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row?.tokenHash).not.toBe(token);
    expect(row?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 60 * 60 * 1000);
  });

  it('sends nothing for a disabled account but answers the same', async () => {
    const user = await createUser(t, { disabled: true });
    const res = await post('forgot-password', { email: user.email });
    expect(res.json()).toEqual(SAME_ANSWER);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password once, and the old one stops working', async () => {
    const user = await createUser(t);
    const token = await requestReset(user.email);
    const res = await post('reset-password', { token, password: 'N3w-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset. You can sign in now.' });

    expect((await post('login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('login', { email: user.email, password: 'N3w-password' })).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const again = await post('reset-password', { token, password: 'An0ther-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'This password reset link has already been used. Request a new one.',
      code: 'BAD_REQUEST',
    });
    expect((await post('login', { email: user.email, password: 'N3w-password' })).statusCode).toBe(200);
  });

  it('revokes every session of the user', async () => {
    const user = await createUser(t);
    const phone = await login(t, user.email, user.password);
    const laptop = await login(t, user.email, user.password);
    const token = await requestReset(user.email);
    expect((await post('reset-password', { token, password: 'N3w-password' })).statusCode).toBe(200);
    for (const { refresh } of [phone, laptop]) {
      expect((await post('refresh-token', { refreshToken: refresh })).statusCode).toBe(401);
    }
  });

  it('spends the other open links of the user too', async () => {
    const user = await createUser(t);
    const older = await requestReset(user.email);
    const newer = await requestReset(user.email);
    expect((await post('reset-password', { token: newer, password: 'N3w-password' })).statusCode).toBe(200);
    const res = await post('reset-password', { token: older, password: 'Stol3n-password' });
    expect(res.statusCode).toBe(400);
    expect((await post('login', { email: user.email, password: 'N3w-password' })).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const res = await post('reset-password', { token: 'x'.repeat(43), password: 'N3w-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'This password reset link is invalid. Request a new one.',
      code: 'BAD_REQUEST',
    });
  });

  it('lets exactly one of two parallel resets with one token through', async () => {
    const user = await createUser(t);
    const token = await requestReset(user.email);
    const answers = await Promise.all([
      post('reset-password', { token, password: 'F1rst-password' }),
      post('reset-password', { token, password: 'S3cond-password' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? 'F1rst-password' : 'S3cond-password';
    expect((await post('login', { email: user.email, password: winner })).statusCode).toBe(200);
  });

  it('checks the new password with the sign-up rules', async () => {
    const user = await createUser(t);
    const token = await requestReset(user.email);
    const res = await post('reset-password', { token, password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password must be at least 8 characters');
    expect((await post('login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  // Last: moves the shared clock.
  it('refuses a link older than one hour', async () => {
    const user = await createUser(t);
    const token = await requestReset(user.email);
    t.clock.advance(61 * 60 * 1000);
    const res = await post('reset-password', { token, password: 'N3w-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'This password reset link has expired. Request a new one.',
      code: 'BAD_REQUEST',
    });
    expect((await post('login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });
});
