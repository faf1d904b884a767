import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { createTestApp, createUser, login, type TestApp } from './helpers.ts';
import { ROOT } from './web-build.ts';

/**
 * `npm run admin -- reset-password <email>`: the way back in for an admin whose one-time password scrolled
 * away. A new password shown once, the old one and every session ended, an audit entry; an unknown
 * address changes nothing and exits 2.
 */
let t: TestApp;
let databaseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  databaseUrl = (t.pool as unknown as { options: { connectionString: string } }).options.connectionString;
});
afterAll(() => t.close());

function admin(...args: string[]) {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/admin.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describe('npm run admin -- reset-password', () => {
  it('sets a new generated password shown once, signs every session out and writes an audit entry', async () => {
    const user = await createUser(t, { role: 'admin' });
    const session = await login(t, user.email, user.password);
    const run = admin('reset-password', user.email.toUpperCase());
    expect(run.code).toBe(0);
    const password = /Password\s+(\S+)/.exec(run.out)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);

    await expect(login(t, user.email, user.password)).rejects.toThrow(/401/);
    expect((await login(t, user.email, password as string)).access).toBeTruthy();
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: session.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'user.password_reset')));
    expect(entries).toHaveLength(1);
  });

  it('refuses an unknown e-mail address with exit 2 and a message, and a wrong usage with exit 2', () => {
    const unknown = admin('reset-password', 'nobody@example.com');
    expect([unknown.code, unknown.err]).toEqual([2, expect.stringContaining('No account has the e-mail address')]);
    expect(unknown.out).not.toMatch(/Password/);
    expect(admin('reset-pass').code).toBe(2);
  });
});
