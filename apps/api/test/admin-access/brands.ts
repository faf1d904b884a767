import { randomBytes } from 'node:crypto';
import { brands } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers.ts';
import type { RouteSamples } from './types.ts';

/** A brand no product uses, made for one request. */
async function freshBrand(t: TestApp) {
  const id = `matrix-${randomBytes(4).toString('hex')}`;
  await t.db.insert(brands).values({ id, slug: id, name: `Matrix ${id}` });
  return id;
}

/** Sample requests for the admin brand routes (see admin-access.test.ts). */
export const brandsSamples: RouteSamples = {
  'GET /api/admin/brands': { request: () => ({ url: '/api/admin/brands' }) },
  'POST /api/admin/brands': {
    request: () => ({ url: '/api/admin/brands', payload: { name: `Matrix brand ${randomBytes(4).toString('hex')}` } }),
  },
  'PATCH /api/admin/brands/:id': {
    request: async (t) => ({ url: `/api/admin/brands/${await freshBrand(t)}`, payload: { description: 'Changed' } }),
  },
  'DELETE /api/admin/brands/:id': {
    request: async (t) => ({ url: `/api/admin/brands/${await freshBrand(t)}` }),
  },
};
