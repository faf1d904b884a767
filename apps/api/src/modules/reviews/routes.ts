import { review, reviewBody, reviewList } from '@shop/contracts/account';
import { productIdParam } from '@shop/contracts/catalog';
import { errorBody } from '@shop/contracts/errors';
import { currentUserId } from '../../plugins/auth.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['reviews'];

/**
 * /api/products/:id/reviews (issue 4). Registered with explicit paths, no prefix: /api/products/* is
 * shared with the catalogue (`products/:id`) and the cart (`products/add-to-cart`, …).
 */
export const reviewsRoutes: RoutesPlugin = async (app, { services, guards }) => {
  app.get(
    '/products/:id/reviews',
    {
      onRequest: guards.optionalUser,
      schema: {
        tags,
        summary: 'Reviews of a product (newest first) with its average, count and whether the caller may review',
        security: [{}, { bearer: [] }],
        params: productIdParam,
        response: { 200: reviewList, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => services.reviews.list(request.params.id, request.user?.userId),
  );

  app.post(
    '/products/:id/reviews',
    {
      onRequest: guards.authenticate,
      schema: {
        tags,
        summary: 'Review a product you bought (once per product)',
        security: [{ bearer: [] }],
        params: productIdParam,
        body: reviewBody,
        response: { 201: review, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await services.reviews.create(currentUserId(request), request.params.id, request.body)),
  );
};
