import { errorBody } from '@shop/contracts/errors';
import { z } from 'zod';
import { badRequest } from '../../errors.ts';
import type { RoutesPlugin } from '../types.ts';

/** A Stripe event is a few kilobytes; this leaves room for large objects and refuses anything bigger. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

const received = z.object({ received: z.boolean() });

/**
 * POST /api/payments/stripe/webhook, registered only when Stripe is configured, outside the
 * /api scope's maintenance and database hooks (Stripe sends no cookies and no Origin, and must be able
 * to tell us of a payment while the shop is in maintenance) but with its own body limit. The signature
 * is checked over the raw body, so this scope reads JSON as text and parses nothing itself.
 */
export const paymentWebhookRoutes: RoutesPlugin = async (app, { services }) => {
  const events = services.paymentEvents;
  if (!events) return;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/stripe/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: 'Stripe’s webhook: signed events about payments and refunds',
        description:
          'The `Stripe-Signature` header must sign the raw body with the endpoint secret (400 otherwise, nothing stored). Each event id is handled once, through the job queue, by retrieving its object from Stripe.',
        response: { 200: received, 400: errorBody, 413: errorBody, 415: errorBody },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['stripe-signature'];
      const result = await events.receive(raw, typeof signature === 'string' ? signature : undefined);
      if (!result.ok) throw badRequest('The webhook signature is missing or does not match');
      return { received: true };
    },
  );
};
