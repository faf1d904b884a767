import { randomBytes } from 'node:crypto';
import { type ShopProcess, startDatabaseServer, startShop, waitFor } from './harness.ts';

/**
 * Two shop processes on one database ("several processes on one database"): A migrates and
 * seeds it with a known admin, B joins. Both sign tokens with the same JWT_SECRET, as processes behind
 * one load balancer do. `env` goes to both (REDIS_URL, REDIS_PREFIX…).
 */
export async function startTwoShops(env: Record<string, string> = {}) {
  const database = await startDatabaseServer();
  const databaseUrl = await database.createDatabase();
  const admin = { email: 'ops-admin@example.com', password: `Ops-${randomBytes(12).toString('base64url')}` };
  const shared = { JWT_SECRET: randomBytes(32).toString('hex'), ...env };
  const a = await startShop({
    databaseUrl,
    env: { ...shared, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  });
  // Debug lines of B include "invalidation received" with the latency the message took.
  const b = await startShop({ databaseUrl, env: { ...shared, LOG_LEVEL: 'debug' } });
  const login = await a.api('auth/login', { method: 'POST', body: JSON.stringify(admin) });
  if (!login.ok) throw new Error(`admin sign-in failed: ${login.status} ${await login.text()}`);
  const { access } = (await login.json()) as { access: string };
  return { database, a, b, staff: { authorization: `Bearer ${access}` } };
}

export async function json<T>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  if (!r.ok) throw new Error(`${r.url} → ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/**
 * Polls `read` every few milliseconds until `done(value)`; fails with the last value seen when that takes
 * longer than `boundMs` (a deadline, not a measurement: latencies are the shops' own figures).
 */
export async function visibleWithin<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  boundMs: number,
): Promise<void> {
  let last: T | undefined;
  try {
    await waitFor(
      what,
      async () => {
        last = await read();
        return done(last);
      },
      { timeoutMs: boundMs, everyMs: 5 },
    );
  } catch {
    throw new Error(`${what}: not seen within ${boundMs} ms; last: ${JSON.stringify(last)}`);
  }
}

/** Latencies (publish to receipt, ms) `shop` logged for invalidations it received (pino JSON lines at debug). */
export function receivedLatencies(shop: ShopProcess): number[] {
  return shop
    .output()
    .split('\n')
    .filter((line) => line.includes('"invalidation received"'))
    .map((line) => (JSON.parse(line) as { latencyMs: number }).latencyMs);
}
