import { messageBody } from '@shop/contracts/common';
import { contactBody, newsletterBody, newsletterConfirmBody } from '@shop/contracts/engagement';
import { errorBody } from '@shop/contracts/errors';
import type { RoutesPlugin } from '../types.ts';

/** Anonymous forms are limited per IP so they cannot be used to flood the store or someone's inbox. */
const FORM_RATE_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const errors = { 400: errorBody, 401: errorBody, 413: errorBody, 429: errorBody };

/** /api/newsletter and /api/contact (DESIGN §7: the footer and contact forms are stored). */
export const engagementRoutes: RoutesPlugin = async (app, { services, guards }) => {
  app.post(
    '/newsletter',
    {
      config: FORM_RATE_LIMIT,
      schema: {
        tags: ['engagement'],
        summary: 'Subscribe an e-mail address to the newsletter (a confirmation link is mailed)',
        body: newsletterBody,
        response: { 201: messageBody, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await services.engagement.subscribe(request.body.email)),
  );

  app.post(
    '/newsletter/confirm',
    {
      config: FORM_RATE_LIMIT,
      schema: {
        tags: ['engagement'],
        summary: 'Confirm a newsletter subscription with the token from the mail',
        body: newsletterConfirmBody,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => services.engagement.confirmSubscription(request.body.token),
  );

  app.post(
    '/contact',
    {
      config: FORM_RATE_LIMIT,
      onRequest: guards.optionalUser,
      schema: {
        tags: ['engagement'],
        summary: 'Send a message to the store (linked to the account when signed in)',
        security: [{}, { bearer: [] }],
        body: contactBody,
        response: { 201: messageBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await services.engagement.contact(request.body, request.user?.userId)),
  );
};
