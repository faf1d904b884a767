import { outboxList, outboxQuery } from '@shop/contracts/admin-outbox';
import { errorBody } from '@shop/contracts/errors';
import type { AdminRoutesPlugin } from '../types.ts';

/**
 * /api/admin/outbox: staff read the mails the shop sent (order mails, replies, confirmations), with
 * every reset or confirmation link hidden: those reach only the recipient (issue 10 point 2).
 */
export const adminOutboxRoutes: AdminRoutesPlugin = async (app, { services, guards }) => {
  app.get(
    '/outbox',
    {
      onRequest: guards.requireRole('admin', 'staff'),
      schema: {
        tags: ['admin'],
        summary: 'The newest mails in the outbox, optionally to one address',
        security: [{ bearer: [] }],
        querystring: outboxQuery,
        response: { 200: outboxList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ items: await services.adminOutbox.list(request.query) }),
  );
};
