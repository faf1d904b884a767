import { mailOutbox } from '../../src/db/schema.ts';
import type { RouteSamples } from './types.ts';

export const outboxSamples: RouteSamples = {
  'GET /api/admin/outbox': { request: () => ({ url: '/api/admin/outbox?limit=5' }) },
  // A failed mail for every caller to retry.
  'POST /api/admin/outbox/:id/retry': {
    request: async (t) => {
      const [row] = await t.db
        .insert(mailOutbox)
        .values({ to: 'retry@example.com', subject: 'Retry me', text: 'Hello', state: 'failed', attempts: 8 })
        .returning({ id: mailOutbox.id });
      return { url: `/api/admin/outbox/${row!.id}/retry` };
    },
  },
};
