import { pageQuery } from '@shop/contracts/common';
import { errorBody } from '@shop/contracts/errors';
import {
  confirmPaymentBody,
  order,
  orderIdParam,
  orderList,
  type PlaceOrderBody,
  placeOrderBody,
  placeOrderHeaders,
} from '@shop/contracts/orders';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, currentUserId } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import { confirmPaymentLimit, orderPlacementLimits } from './rate-limits.ts';

const tags = ['orders'];
const bearer = [{ bearer: [] }];

interface OrdersRoutesOptions {
  services: Services;
  guards: AuthGuards;
  /** RATE_LIMIT_SCALE, for the two limits POST /api/orders counts itself (issue 10 point 3). */
  rateLimitScale: number;
}

/** Issue 4: placing, reading, paying and cancelling orders, under /api/orders. */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  { services, guards, rateLimitScale },
) => {
  const limitOrders = orderPlacementLimits(app, rateLimitScale, (request: FastifyRequest) =>
    services.orders.isReplay(
      { userId: request.user?.userId },
      request.body as PlaceOrderBody,
      String(request.headers['idempotency-key']),
    ),
  );

  app.post(
    '/',
    {
      onRequest: guards.optionalUser,
      preHandler: limitOrders,
      schema: {
        tags,
        summary: 'Place an order (signed in: the server cart; guest: `email` + `items`)',
        description:
          '429 past the per-address and per-e-mail (or per-account) limits of a minute; a replay of an answered Idempotency-Key is still answered. The Idempotency-Key header is required: the same key and body returns the same order (201, header `idempotent-replayed: true`), 409 while the first request runs, 422 for a different body. Prices come from the database only. 409 with `details.lines` when prices or stock moved; 402 PAYMENT_DECLINED when the card is declined (the cart is kept; a retry with the same key gets the same 402). A card that needs the extra step answers 201 with status `awaiting_payment` and `payment.next_action`.',
        security: [{ bearer: [] }, {}],
        headers: placeOrderHeaders,
        body: placeOrderBody,
        response: {
          201: order,
          400: errorBody,
          401: errorBody,
          402: errorBody,
          409: errorBody,
          413: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await services.orders.place(
        { userId: request.user?.userId },
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/',
    {
      onRequest: guards.authenticate,
      schema: {
        tags,
        summary: 'The signed-in user’s orders, newest first',
        security: bearer,
        querystring: pageQuery,
        response: { 200: orderList, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => services.orders.list(currentUserId(request), request.query.page, request.query.limit),
  );

  app.get(
    '/:id',
    {
      onRequest: guards.authenticate,
      schema: {
        tags,
        summary: 'One of the signed-in user’s orders with its timeline, payment and invoice',
        security: bearer,
        params: orderIdParam,
        response: { 200: order, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => services.orders.getOwn(currentUserId(request), request.params.id),
  );

  app.post(
    '/:id/cancel',
    {
      onRequest: guards.authenticate,
      schema: {
        tags,
        summary: 'Cancel one’s own order before shipment: restocked once, card refunded, invoice voided',
        security: bearer,
        params: orderIdParam,
        response: { 200: order, 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => services.orders.cancel(currentUserId(request), request.params.id),
  );

  app.post(
    '/:id/confirm-payment',
    {
      onRequest: guards.optionalUser,
      config: { rateLimit: confirmPaymentLimit },
      schema: {
        tags,
        summary: 'Complete (approve) or refuse the extra confirmation step of a card payment',
        description:
          'The token is `payment.next_action.token` of the order answer. approve → 200 paid; refuse → 402, the order is cancelled and restocked.',
        security: [{ bearer: [] }, {}],
        params: orderIdParam,
        body: confirmPaymentBody,
        response: {
          200: order,
          400: errorBody,
          401: errorBody,
          402: errorBody,
          404: errorBody,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) =>
      services.orders.confirmPayment({ userId: request.user?.userId }, request.params.id, request.body),
  );
};
