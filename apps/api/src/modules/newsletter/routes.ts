import { messageBody } from '@shop/contracts/common';
import { errorBody } from '@shop/contracts/errors';
import { NEWSLETTER_MSG, newsletterBody, newsletterConfirmBody } from '@shop/contracts/newsletter';
import { badRequest, type HttpTable, orThrow } from '../../errors.ts';
import type { RoutesPlugin } from '../types.ts';
import type { NewsletterFailure } from './service.ts';

/** Anonymous forms are limited per IP so they cannot be used to flood the store or someone's inbox. */
const FORM_RATE_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const errors = { 400: errorBody, 401: errorBody, 413: errorBody, 429: errorBody };

/** The newsletter's expected failures, as HTTP answers. */
const http: HttpTable<NewsletterFailure> = {
  confirm_invalid: () => badRequest(NEWSLETTER_MSG.confirmInvalid),
};

/** /api/newsletter (docs/product.md §10: the footer's form is stored, double opt-in). */
export const newsletterRoutes: RoutesPlugin = async (app, { services }) => {
  app.post(
    '/newsletter',
    {
      config: FORM_RATE_LIMIT,
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address to the newsletter (a confirmation link is mailed)',
        body: newsletterBody,
        response: { 201: messageBody, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await services.newsletter.subscribe(request.body.email)),
  );

  app.post(
    '/newsletter/confirm',
    {
      config: FORM_RATE_LIMIT,
      schema: {
        tags: ['newsletter'],
        summary: 'Confirm a newsletter subscription with the token from the mail',
        body: newsletterConfirmBody,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => orThrow(await services.newsletter.confirmSubscription(request.body.token), http),
  );
};
