import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { brandsSamples } from './admin-access/brands.ts';
import { catalogSamples } from './admin-access/catalog.ts';
import { catalogIoSamples } from './admin-access/catalog-io.ts';
import { categoriesSamples } from './admin-access/categories.ts';
import { homePageSamples } from './admin-access/home-page.ts';
import { insightsSamples } from './admin-access/insights.ts';
import { mediaSamples } from './admin-access/media.ts';
import { ordersSamples } from './admin-access/orders.ts';
import { outboxSamples } from './admin-access/outbox.ts';
import { storeSamples } from './admin-access/store.ts';
import type { RouteSamples } from './admin-access/types.ts';
import { authHeaders } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

/**
 * The authorization matrix: every route under /api/admin, read from the app's route table,
 * called by anonymous, customer, staff and admin. A new admin route without a sample here fails the
 * first test, so none can be forgotten.
 */
const SAMPLES: RouteSamples = {
  ...outboxSamples,
  ...catalogSamples,
  ...brandsSamples,
  ...categoriesSamples,
  ...homePageSamples,
  ...catalogIoSamples,
  ...ordersSamples,
  ...insightsSamples,
  ...storeSamples,
  ...mediaSamples,
};

let t: TestApp;
let callers: Record<'customer' | 'staff' | 'admin', Record<string, string>>;
let adminRoutes: string[];

beforeAll(async () => {
  t = await createTestApp();
  const [customer, staff, admin] = await Promise.all([
    createUser(t),
    createUser(t, { role: 'staff' }),
    createUser(t, { role: 'admin' }),
  ]);
  callers = {
    customer: await authHeaders(t, customer),
    staff: await authHeaders(t, staff),
    admin: await authHeaders(t, admin),
  };
  adminRoutes = [
    ...new Set(
      t.app.routeTable
        .filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url}`),
    ),
  ].sort();
});
afterAll(() => t?.close());

function inject(key: string, sample: { url: string; payload?: unknown; headers?: Record<string, string> }, auth = {}) {
  const method = key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  return t.app.inject({
    method,
    url: sample.url,
    headers: { ...sample.headers, ...auth },
    ...(sample.payload === undefined ? {} : { payload: sample.payload as object }),
  });
}

describe('admin authorization matrix', () => {
  it('has a sample request for every admin route in the route table, and none for a route that is gone', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(adminRoutes.filter((r) => !(r in SAMPLES))).toEqual([]);
    expect(Object.keys(SAMPLES).filter((r) => !adminRoutes.includes(r))).toEqual([]);
  });

  it('answers 401 to anonymous callers and 403 to customers on every admin route', async () => {
    for (const key of adminRoutes) {
      const sample = await SAMPLES[key]!.request(t);
      const anonymous = await inject(key, sample);
      expect([key, anonymous.statusCode]).toEqual([key, 401]);
      const customer = await inject(key, sample, callers.customer);
      expect([key, customer.statusCode]).toEqual([key, 403]);
    }
  });

  it('lets staff use every route but the admin-only ones (403), and admins every route (2xx)', async () => {
    for (const key of adminRoutes) {
      const entry = SAMPLES[key]!;
      const asStaff = await inject(key, await entry.request(t), callers.staff);
      if (entry.adminOnly) expect([key, asStaff.statusCode]).toEqual([key, 403]);
      else
        expect([key, asStaff.statusCode, asStaff.statusCode < 300 ? 'ok' : asStaff.body]).toEqual([
          key,
          asStaff.statusCode,
          'ok',
        ]);
      const asAdmin = await inject(key, await entry.request(t), callers.admin);
      expect([key, asAdmin.statusCode, asAdmin.statusCode < 300 ? 'ok' : asAdmin.body]).toEqual([
        key,
        asAdmin.statusCode,
        'ok',
      ]);
    }
  });

  it('goes by the role the account has now: a demoted admin’s token is staff, a disabled one’s is refused', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const headers = await authHeaders(t, admin);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers })).statusCode).toBe(200);

    await t.db.update(users).set({ role: 'staff' }).where(eq(users.id, admin.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers })).statusCode).toBe(200);

    await t.db.update(users).set({ role: 'customer' }).where(eq(users.id, admin.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers })).statusCode).toBe(403);

    await t.db.update(users).set({ disabled: true }).where(eq(users.id, admin.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers })).statusCode).toBe(401);
  });
});
