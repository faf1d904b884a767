import { messageBody } from '@shop/contracts/common';
import { contactBody } from '@shop/contracts/contact';
import { errorBody } from '@shop/contracts/errors';
import type { RoutesPlugin } from '../types.ts';

/** Anonymous forms are limited per IP so they cannot be used to flood the store or someone's inbox. */
const FORM_RATE_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const errors = { 400: errorBody, 401: errorBody, 413: errorBody, 429: errorBody };

/** /api/contact (docs/product.md §10: the contact form is stored as a support ticket). */
export const contactRoutes: RoutesPlugin = async (app, { services, guards }) => {
  app.post(
    '/contact',
    {
      config: FORM_RATE_LIMIT,
      onRequest: guards.optionalUser,
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the store (linked to the account when signed in)',
        security: [{}, { bearer: [] }],
        body: contactBody,
        response: { 201: messageBody, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await services.contact.send(request.body, request.user?.userId)),
  );
};
