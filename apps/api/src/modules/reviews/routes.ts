import { ACCOUNT_MSG, review, reviewBody, reviewList } from '@shop/contracts/account';
import { productIdParam } from '@shop/contracts/catalog';
import { errorBody } from '@shop/contracts/errors';
import { conflict, forbidden, type HttpTable, notFound, orThrow } from '../../errors.ts';
import { currentUserId } from '../../plugins/auth.ts';
import type { RoutesPlugin } from '../types.ts';
import type { ReviewFailure } from './service.ts';

const tags = ['reviews'];

const REVIEW_MSG = {
  notPaidYet: 'You can review this product once your order of it has been paid',
} as const;

/** The reviews' expected failures, as HTTP answers. */
const http: HttpTable<ReviewFailure> = {
  product_not_found: () => notFound('Product not found'),
  not_paid_yet: () => forbidden(REVIEW_MSG.notPaidYet),
  not_a_buyer: () => forbidden(ACCOUNT_MSG.notABuyer),
  already_reviewed: () => conflict(ACCOUNT_MSG.alreadyReviewed),
};

/**
 * /api/products/:id/reviews. Registered with explicit paths, no prefix: /api/products/* is
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
    async (request) => orThrow(await services.reviews.list(request.params.id, request.user?.userId), http),
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
    async (request, reply) => {
      const created = await services.reviews.create(currentUserId(request), request.params.id, request.body);
      return reply.status(201).send(orThrow(created, http));
    },
  );
};
