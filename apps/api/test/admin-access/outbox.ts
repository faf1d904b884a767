import type { RouteSamples } from './types.ts';

export const outboxSamples: RouteSamples = {
  'GET /api/admin/outbox': { request: () => ({ url: '/api/admin/outbox?limit=5' }) },
};
