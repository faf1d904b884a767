import { createUser } from '../helpers.ts';
import type { RouteSamples } from './types.ts';

const RANGE = 'from=2026-01-01&to=2026-01-31';

/** Sample requests for the admin insights routes (see admin-access.test.ts). */
export const insightsSamples: RouteSamples = {
  'GET /api/admin/dashboard': { request: () => ({ url: '/api/admin/dashboard' }) },
  'GET /api/admin/reports/sales': { request: () => ({ url: `/api/admin/reports/sales?${RANGE}&group=week` }) },
  'GET /api/admin/reports/tax': { request: () => ({ url: `/api/admin/reports/tax?${RANGE}&group=month` }) },
  'GET /api/admin/reports/categories': { request: () => ({ url: `/api/admin/reports/categories?${RANGE}` }) },
  'GET /api/admin/reports/skus': { request: () => ({ url: `/api/admin/reports/skus?${RANGE}` }) },
  'GET /api/admin/reports/top-products': {
    request: () => ({ url: `/api/admin/reports/top-products?${RANGE}&limit=5` }),
  },
  'GET /api/admin/customers': { request: () => ({ url: '/api/admin/customers?q=example&limit=5' }) },
  'GET /api/admin/customers/:id': {
    request: async (t) => ({ url: `/api/admin/customers/${(await createUser(t)).id}` }),
  },
  // A fresh customer per call: each caller disables (or enables) one of its own.
  'POST /api/admin/customers/:id/disable': {
    request: async (t) => ({ url: `/api/admin/customers/${(await createUser(t)).id}/disable` }),
  },
  'POST /api/admin/customers/:id/enable': {
    request: async (t) => ({ url: `/api/admin/customers/${(await createUser(t, { disabled: true })).id}/enable` }),
  },
};
