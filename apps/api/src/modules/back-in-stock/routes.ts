import { ACCOUNT_MSG, subscriptionBody, subscriptionQuery, subscriptionStatus } from '@shop/contracts/account';
import { productIdParam } from '@shop/contracts/catalog';
import { errorBody } from '@shop/contracts/errors';
import { type HttpTable, notFound, orThrow, unprocessable } from '../../errors.ts';
import { currentUserId } from '../../plugins/auth.ts';
import { VARIANT_MSG } from '../stock/index.ts';
import type { RoutesPlugin } from '../types.ts';
import type { BackInStockFailure } from './service.ts';

const tags = ['back-in-stock'];
const security = [{ bearer: [] }];
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 422: errorBody };

/** Back-in-stock's expected failures, as HTTP answers. */
const http: HttpTable<BackInStockFailure> = {
  product_not_found: () => notFound('Product not found'),
  variant_not_found: () => notFound(VARIANT_MSG.notFound),
  in_stock: () => unprocessable(ACCOUNT_MSG.inStock),
};

/**
 * Back-in-stock subscriptions under /api/products/:id/…, registered with explicit paths:
 * /api/products/* is shared with the catalogue and the cart.
 */
export const backInStockRoutes: RoutesPlugin = async (app, { services, guards }) => {
  const auth = { onRequest: guards.authenticate };

  app.post(
    '/products/:id/subscribe',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Ask for one mail when this out-of-stock product (or its variant `variant_id`) is back in stock',
        security,
        params: productIdParam,
        body: subscriptionBody,
        response: { 200: subscriptionStatus, ...errors },
      },
    },
    async (request) =>
      orThrow(
        await services.backInStock.subscribe(currentUserId(request), request.params.id, request.body?.variant_id),
        http,
      ),
  );

  app.delete(
    '/products/:id/subscribe',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Stop waiting for the back-in-stock mail of this product (or of its variant `variant_id`)',
        security,
        params: productIdParam,
        querystring: subscriptionQuery,
        response: { 200: subscriptionStatus, ...errors },
      },
    },
    async (request) =>
      orThrow(
        await services.backInStock.unsubscribe(currentUserId(request), request.params.id, request.query.variant_id),
        http,
      ),
  );

  app.get(
    '/products/:id/subscription',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Whether the caller waits for the back-in-stock mail of this product (or of its variant `variant_id`)',
        security,
        params: productIdParam,
        querystring: subscriptionQuery,
        response: { 200: subscriptionStatus, ...errors },
      },
    },
    async (request) =>
      orThrow(
        await services.backInStock.status(currentUserId(request), request.params.id, request.query.variant_id),
        http,
      ),
  );
};
