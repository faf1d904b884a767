import { errorBody } from '@shop/contracts/errors';
import { wishlist, wishlistAddBody, wishlistParams } from '@shop/contracts/wishlist';
import { type HttpTable, notFound, orThrow } from '../../errors.ts';
import { currentUserId } from '../../plugins/auth.ts';
import type { RoutesPlugin } from '../types.ts';
import type { WishlistFailure } from './service.ts';

/** The wishlist's expected failures, as HTTP answers. */
const http: HttpTable<WishlistFailure> = {
  product_not_found: () => notFound('Product not found'),
  not_saved: () => notFound('This product is not in your wishlist'),
};

/** /api/wishlist: the signed-in user's saved products (docs/product.md §10; docs/product.md shows no call). */
export const wishlistRoutes: RoutesPlugin = async (app, { services, guards }) => {
  const auth = { onRequest: guards.authenticate };

  app.get(
    '/',
    {
      ...auth,
      schema: {
        tags: ['wishlist'],
        summary: 'The signed-in user’s wishlist, newest first',
        security: [{ bearer: [] }],
        response: { 200: wishlist, 401: errorBody },
      },
    },
    async (request) => services.wishlist.list(currentUserId(request)),
  );

  app.post(
    '/',
    {
      ...auth,
      schema: {
        tags: ['wishlist'],
        summary: 'Save a product (201 when added, 200 when it was already saved)',
        security: [{ bearer: [] }],
        body: wishlistAddBody,
        response: { 200: wishlist, 201: wishlist, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const added = await services.wishlist.add(currentUserId(request), request.body.product_id);
      const { created, wishlist } = orThrow(added, http);
      return reply.status(created ? 201 : 200).send(wishlist);
    },
  );

  app.delete(
    '/:productId',
    {
      ...auth,
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a product from the wishlist',
        security: [{ bearer: [] }],
        params: wishlistParams,
        response: { 200: wishlist, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => orThrow(await services.wishlist.remove(currentUserId(request), request.params.productId), http),
  );
};
