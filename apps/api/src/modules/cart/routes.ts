import {
  addToCartBody,
  cart,
  cartItemParams,
  idempotencyHeaders,
  removeFromCartParams,
  updateCartItemBody,
} from '@shop/contracts/cart';
import { errorBody } from '@shop/contracts/errors';
import { badRequest, type HttpTable, notFound, orThrow, unauthorized, unprocessable } from '../../errors.ts';
import { currentUserId, unconfirmedClaims } from '../../plugins/auth.ts';
import { AUTH_MSG } from '../auth/index.ts';
import { VARIANT_MSG } from '../stock/index.ts';
import type { RoutesPlugin } from '../types.ts';
import type { CartFailure } from './service.ts';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 422: errorBody };

/** The cart's expected failures, as HTTP answers (docs/product.md §4's stock messages). */
const http: HttpTable<CartFailure> = {
  product_not_found: () => notFound('Product not found'),
  variant_not_found: () => notFound(VARIANT_MSG.notFound),
  invalid_choice: ({ message, details }) => badRequest(message, details),
  out_of_stock: () => unprocessable('This product is out of stock', { available: 0 }),
  line_maximum: ({ max }) => unprocessable(`You can have at most ${max} of one item in your cart`, { max }),
  not_enough_stock: ({ available, inCart }) =>
    unprocessable(`Only ${available} left in stock`, { available, in_cart: inCart }),
  item_not_found: () => notFound('Cart item not found'),
  not_in_cart: () => notFound('This product is not in your cart'),
  session_ended: () => unauthorized(AUTH_MSG.sessionInvalid),
};

/**
 * docs/product.md §7 cart calls, under /api/products. The guard runs on request, before the body is parsed, so
 * an anonymous caller learns nothing about validation and costs no parsing.
 */
export const cartRoutes: RoutesPlugin = async (app, { services, guards }) => {
  const auth = { onRequest: guards.authenticate };

  app.post(
    '/add-to-cart',
    {
      // The token is checked here, its session by the add's own statement (one round trip).
      onRequest: guards.signedToken,
      schema: {
        tags: ['cart'],
        summary: 'Add a product to the signed-in user’s cart (an existing line grows by the quantity)',
        description: 'Honours an optional Idempotency-Key header: a retry with the same key returns the first answer.',
        security: [{ bearer: [] }],
        headers: idempotencyHeaders,
        body: addToCartBody,
        response: { 200: cart, ...errors, 409: errorBody, 413: errorBody },
      },
    },
    async (request, reply) => {
      const added = await services.cart.addItem(
        unconfirmedClaims(request),
        request.body,
        request.headers['idempotency-key'],
      );
      const { cart, replayed } = orThrow(added, http);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return cart;
    },
  );

  app.patch(
    '/cart-items/:itemId',
    {
      ...auth,
      schema: {
        tags: ['cart'],
        summary: 'Set the quantity of one line of the signed-in user’s cart',
        security: [{ bearer: [] }],
        params: cartItemParams,
        body: updateCartItemBody,
        response: { 200: cart, ...errors },
      },
    },
    async (request) =>
      orThrow(await services.cart.updateItem(currentUserId(request), request.params.itemId, request.body), http),
  );

  app.delete(
    '/remove-from-cart/:id',
    {
      ...auth,
      schema: {
        tags: ['cart'],
        summary: 'Remove every line of a product from the signed-in user’s cart (:id is the product id)',
        security: [{ bearer: [] }],
        params: removeFromCartParams,
        response: { 200: cart, ...errors },
      },
    },
    async (request) => orThrow(await services.cart.removeProduct(currentUserId(request), request.params.id), http),
  );

  app.delete(
    '/clear-cart',
    {
      ...auth,
      schema: {
        tags: ['cart'],
        summary: 'Empty the signed-in user’s cart',
        security: [{ bearer: [] }],
        response: { 200: cart, 401: errorBody },
      },
    },
    async (request) => services.cart.clear(currentUserId(request)),
  );
};
