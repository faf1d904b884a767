import { wishlist, wishlistAddBody, wishlistParams } from '@shop/contracts/engagement';
import { errorBody } from '@shop/contracts/errors';
import { currentUserId } from '../../plugins/auth.ts';
import type { RoutesPlugin } from '../types.ts';

/** /api/wishlist: the signed-in user's saved products (DESIGN §7; the spec shows no call). */
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
      const { created, wishlist } = await services.wishlist.add(currentUserId(request), request.body.product_id);
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
    async (request) => services.wishlist.remove(currentUserId(request), request.params.productId),
  );
};
