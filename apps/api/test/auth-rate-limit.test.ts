import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../src/modules/auth/index.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, remoteAddress });

let n = 0;
const account = () => {
  n += 1;
  return {
    first_name: 'Rate',
    last_name: 'Limited',
    username: `rl${n}_${Date.now().toString(36)}`,
    email: `rl${n}.${Date.now().toString(36)}@example.com`,
    password: 'Passw0rd!',
  };
};

function expectRateLimited(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/),
    code: 'RATE_LIMITED',
  });
}

describe('auth rate limits', () => {
  it('refuses the N+1th sign-in for one e-mail from one IP, even with the right password', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const { max } = AUTH_RATE_LIMITS.login;
    for (let i = 0; i < max; i++) {
      const res = await post('login', { email: user.email, password: 'Wrong-passw0rd' }, '10.2.0.1');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectRateLimited(await post('login', { email: user.email, password: user.password }, '10.2.0.1'));
    // The e-mail is compared lower-cased: changing its case does not buy more guesses.
    expectRateLimited(await post('login', { email: user.email.toUpperCase(), password: user.password }, '10.2.0.1'));

    // Another account from the same IP, and the same account from another IP, are unaffected.
    expect((await post('login', { email: other.email, password: other.password }, '10.2.0.1')).statusCode).toBe(200);
    expect((await post('login', { email: user.email, password: user.password }, '10.2.0.2')).statusCode).toBe(200);
  });

  it('refuses the N+1th registration from one IP and creates nothing', async () => {
    const { max } = AUTH_RATE_LIMITS.register;
    for (let i = 0; i < max; i++) {
      expect((await post('register', account(), '10.3.0.1')).statusCode, `attempt ${i + 1}`).toBe(201);
    }
    const refused = account();
    expectRateLimited(await post('register', refused, '10.3.0.1'));
    const rows = await t.pool.query('select 1 from users where username = $1', [refused.username]);
    expect(rows.rowCount).toBe(0);
    expect((await post('register', account(), '10.3.0.2')).statusCode).toBe(201);
  });

  it('refuses the N+1th reset request from one IP and sends no mail for it', async () => {
    const user = await createUser(t);
    const { max } = AUTH_RATE_LIMITS.forgotPassword;
    for (let i = 0; i < max; i++) {
      expect((await post('forgot-password', { email: user.email }, '10.4.0.1')).statusCode).toBe(200);
    }
    expectRateLimited(await post('forgot-password', { email: user.email }, '10.4.0.1'));
    await t.drain();
    const mails = await t.pool.query('select 1 from mail_outbox where "to" = $1', [user.email]);
    expect(mails.rowCount).toBe(max);
    expect((await post('forgot-password', { email: user.email }, '10.4.0.2')).statusCode).toBe(200);
  });

  it('limits reset-password attempts per IP', async () => {
    const { max } = AUTH_RATE_LIMITS.resetPassword;
    const body = { token: 'x'.repeat(43), password: 'Passw0rd!' };
    for (let i = 0; i < max; i++) {
      expect((await post('reset-password', body, '10.5.0.1')).statusCode).toBe(400);
    }
    expectRateLimited(await post('reset-password', body, '10.5.0.1'));
    expect((await post('reset-password', body, '10.5.0.2')).statusCode).toBe(400);
  });
});

describe('RATE_LIMIT_SCALE', () => {
  it('multiplies every route limit, once per route even when routes share a limit object', async () => {
    const scaled = await createTestApp({ env: { RATE_LIMIT_SCALE: '3' } });
    try {
      const send = () =>
        scaled.app.inject({
          method: 'POST',
          url: '/api/newsletter',
          payload: { email: 'scale@example.com' },
          remoteAddress: '10.9.9.9',
        });
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await send()).statusCode);
      expect(statuses.slice(0, 30).every((s) => s < 400)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await scaled.close();
    }
  });
});
