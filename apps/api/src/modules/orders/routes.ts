import { pageQuery } from '@shop/contracts/common';
import { ERROR_CODES, errorBody } from '@shop/contracts/errors';
import {
  confirmPaymentBody,
  order,
  orderIdParam,
  orderList,
  placeOrderBody,
  placeOrderHeaders,
  syncPaymentBody,
} from '@shop/contracts/orders';
import {
  AppError,
  badRequest,
  conflict,
  type HttpTable,
  notFound,
  orThrow,
  tooManyRequests,
  unprocessable,
} from '../../errors.ts';
import { currentUserId } from '../../plugins/auth.ts';
import { refuseOverLimit } from '../../plugins/counted-limit.ts';
import { checkoutHttp } from '../checkout/index.ts';
import { CARD_MSG, type ConfirmFailure, type SyncFailure } from '../payments/index.ts';
import type { RoutesPlugin } from '../types.ts';
import type { CancelFailure } from './cancelling.ts';
import type { PlaceFailure } from './placing.ts';
import { confirmPaymentLimit, orderPlacementLimits, syncPaymentLimit } from './rate-limits.ts';
import { ORDER_MSG } from './rules.ts';

const tags = ['orders'];
const bearer = [{ bearer: [] }];

/** 402: the card was declined; nothing is owed and the cart is kept. */
const paymentDeclined = (message: string) => new AppError(402, ERROR_CODES.paymentDeclined, message);

/** 503: the payment provider did not answer; nothing is lost, and a retry (same key) settles it. */
const providerUnavailable = () =>
  new AppError(503, ERROR_CODES.unavailable, ORDER_MSG.providerUnavailable, { retry_after_seconds: 5 });

/** The orders' expected failures, as HTTP answers; checkout's (placing reads the body as a quote does) included. */
export const ordersHttp: HttpTable<PlaceFailure | ConfirmFailure | SyncFailure | CancelFailure> = {
  ...checkoutHttp,
  card_expired: () => unprocessable(CARD_MSG.expired, { field: 'payment.card' }),
  card_declined: (f) => paymentDeclined(f.message),
  card_payments_unavailable: () =>
    unprocessable(ORDER_MSG.cardPaymentsUnavailable, { field: 'payment.method', reason: 'card_payments_unavailable' }),
  pay_later_unavailable: (f) =>
    unprocessable(f.cards ? ORDER_MSG.payLaterUnavailable : ORDER_MSG.noWayToPay, {
      field: 'payment.method',
      reason: 'pay_later_unavailable',
    }),
  card_missing: () => badRequest(ORDER_MSG.cardMissing, { field: 'payment.card' }),
  card_not_sent: () => badRequest(ORDER_MSG.cardNotSent, { field: 'payment.card' }),
  provider_unavailable: providerUnavailable,
  refund_failed: (f) => unprocessable(`The refund could not be made, so nothing was cancelled: ${f.message}`),
  not_found: () => notFound(ORDER_MSG.notFound),
  in_flight: () => conflict(ORDER_MSG.inFlight),
  // The route answers it itself, with `retry-after` (refuseOverLimit).
  rate_limited: (f) => tooManyRequests(f.retryAfterSeconds),
  not_awaiting_confirmation: () => conflict(ORDER_MSG.notAwaitingConfirmation),
  already_cancelled: () => conflict(ORDER_MSG.alreadyCancelled),
  not_cancellable: () => conflict(ORDER_MSG.notCancellable),
};

/** Placing, reading, paying and cancelling orders, under /api/orders. */
export const ordersRoutes: RoutesPlugin = async (app, { services, guards }) => {
  const placementLimits = orderPlacementLimits(app, services.orders.placementLimits());

  app.post(
    '/',
    {
      onRequest: guards.optionalUser,
      schema: {
        tags,
        summary: 'Place an order (signed in: the server cart; guest: `email` + `items`)',
        description:
          '429 past the per-address and per-e-mail (or per-account) limits of a minute, counted only for a request that places: a replay of an answered Idempotency-Key, or the same key while its first request runs (409), counts against neither. The Idempotency-Key header is required: the same key and body returns the same order (201, header `idempotent-replayed: true`), 409 while the first request runs, 422 for a different body. Prices come from the database only. 409 with `details.lines` when prices or stock moved; 402 PAYMENT_DECLINED when the card is declined (the cart is kept; a retry with the same key gets the same 402). A card that needs the extra step answers 201 with status `awaiting_payment` and `payment.next_action`. With Stripe send `payment: {method: "card"}` only (card details → 400); the answer is `awaiting_payment` with `next_action {type: "stripe", client_secret}` for Stripe.js, then `POST /api/orders/:id/sync-payment`. With the demo provider send the card’s brand, last 4, expiry and name (a number or security code → 400). A shop without a card provider answers 422 (choose pay later); pay later in a shop that has not saved its bank details answers 422 too. 503 when the provider does not answer (retry with the same key).',
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
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const placed = await services.orders.place(
        { userId: request.user?.userId },
        request.body,
        request.headers['idempotency-key'],
        placementLimits(request),
      );
      if (!placed.ok && placed.reason === 'rate_limited') refuseOverLimit(reply, placed.retryAfterSeconds);
      const { order, replayed } = orThrow(placed, ordersHttp);
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
    async (request) => orThrow(await services.orders.getOwn(currentUserId(request), request.params.id), ordersHttp),
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
        response: { 200: order, 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request) => orThrow(await services.orders.cancel(currentUserId(request), request.params.id), ordersHttp),
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
          503: errorBody,
        },
      },
    },
    async (request) =>
      orThrow(
        await services.orders.confirmPayment({ userId: request.user?.userId }, request.params.id, request.body),
        ordersHttp,
      ),
  );

  app.post(
    '/:id/sync-payment',
    {
      onRequest: guards.optionalUser,
      config: { rateLimit: syncPaymentLimit },
      schema: {
        tags,
        summary: 'Report back after Stripe.js confirmed a card payment: the shop asks Stripe and settles',
        description:
          'The token is `payment.next_action.client_secret` of the order answer; a signed-in buyer’s order needs that buyer. The PaymentIntent is retrieved from Stripe (never taken from the browser) and the order answered as it then stands: `paid`; still `awaiting_payment` with `payment.failure_message` when the card failed and another may be tried; `cancelled`. 503 when Stripe does not answer (try again).',
        security: [{ bearer: [] }, {}],
        params: orderIdParam,
        body: syncPaymentBody,
        response: {
          200: order,
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) =>
      orThrow(
        await services.orders.syncPayment({ userId: request.user?.userId }, request.params.id, request.body),
        ordersHttp,
      ),
  );
};
