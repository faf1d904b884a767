import { outboxList, outboxMail, outboxQuery } from '@shop/contracts/admin-outbox';
import { uuidParam } from '@shop/contracts/common';
import { errorBody } from '@shop/contracts/errors';
import { conflict, type HttpTable, notFound, orThrow } from '../../errors.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';
import type { RetryFailure } from './service.ts';

/** A retry's expected failures, as HTTP answers. */
const http: HttpTable<RetryFailure> = {
  not_found: () => notFound('Mail not found'),
  not_failed: (f) => conflict('Only a failed mail can be retried', { state: f.state }),
  link_not_kept: () =>
    conflict(
      'This mail carried a link that was not kept after its last attempt: ask the recipient to request it again',
    ),
};

/**
 * /api/admin/outbox: staff read the mails the shop sent (order mails, replies, confirmations), with
 * every reset or confirmation link hidden: those reach only the recipient; each with
 * its state and attempts, and a failed one can be retried.
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

  app.post(
    '/outbox/:id/retry',
    {
      onRequest: guards.requireRole('admin', 'staff'),
      schema: {
        ...adminDoc,
        tags: ['admin'],
        summary: 'Queues a failed mail to be sent again',
        params: uuidParam,
        response: { 200: outboxMail, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => orThrow(await services.adminOutbox.retry(actorOf(request), request.params.id), http),
  );
};
