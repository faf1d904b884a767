import { subscriberList, subscriberQuery } from '@shop/contracts/admin-newsletter';
import { errorBody } from '@shop/contracts/errors';
import { z } from 'zod';
import { csvHeaders, toCsv } from '../../lib/csv.ts';
import { type AdminRoutesPlugin, adminDoc } from '../types.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Admin Marketing's newsletter subscribers, under /api/admin behind the staff guard. */
export const adminNewsletterRoutes: AdminRoutesPlugin = async (app, { services }) => {
  const subscribers = services.adminNewsletter;

  app.get(
    '/newsletter-subscribers',
    {
      schema: {
        ...adminDoc,
        tags: ['admin'],
        summary: 'Newsletter subscribers (JSON page, or every match with ?format=csv)',
        querystring: subscriberQuery,
        response: { 200: subscriberList.or(z.string()), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        const rows = await subscribers.all(request.query);
        return reply.headers(csvHeaders('newsletter-subscribers.csv')).send(
          toCsv(
            ['email', 'status', 'subscribed_at', 'confirmed_at'],
            rows.map((s) => [s.email, s.status, s.subscribed_at, s.confirmed_at]),
          ),
        );
      }
      return subscribers.list(request.query);
    },
  );
};
