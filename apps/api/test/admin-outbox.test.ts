import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_HIDDEN } from '../src/lib/mailer.ts';
import { authHeaders, freshIp, signedInUser } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const outbox = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/admin/outbox${query}`, headers });

describe('GET /api/admin/outbox', () => {
  it('refuses anonymous callers with 401 and customers with 403', async () => {
    const anonymous = await outbox('');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    const customer = await signedInUser(t);
    const refused = await outbox('', customer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lists the newest mails to one address for admin and staff, the reset link hidden', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(200);
      await t.drain(); // the mail is sent after the answer
      t.clock.advance(1000);
    }
    await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'other@example.com' } });

    const admin = await createUser(t, { role: 'admin' });
    const res = await outbox(`?to=${encodeURIComponent(user.email.toUpperCase())}`, await authHeaders(t, admin));
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: { to: string; subject: string; text: string; created_at: string }[] };
    expect(items).toHaveLength(2);
    expect(items.every((m) => m.to === user.email && m.subject === 'Reset your password')).toBe(true);
    expect(items.every((m) => m.text.includes(SECRET_HIDDEN) && !m.text.includes('/auth/reset-password/'))).toBe(true);
    // Newest first.
    expect(Date.parse(items[0]!.created_at)).toBeGreaterThan(Date.parse(items[1]!.created_at));

    const staff = await createUser(t, { role: 'staff' });
    const limited = await outbox('?limit=1', await authHeaders(t, staff));
    expect(limited.statusCode).toBe(200);
    expect(limited.json().items).toHaveLength(1);
  });

  it('validates the query', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await outbox('?limit=0', await authHeaders(t, admin));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('limit must be at least 1');
  });
});
