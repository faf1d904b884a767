import {
  adminDiscount,
  adminDiscountList,
  DISCOUNT_ADMIN_MSG,
  discountCreateBody,
  discountDeleteAnswer,
  discountListQuery,
  discountUpdateBody,
} from '@shop/contracts/admin-discounts';
import { uuidParam } from '@shop/contracts/common';
import { errorBody } from '@shop/contracts/errors';
import { badRequest, conflict, type HttpTable, invalidFields, notFound, orThrow } from '../../errors.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';
import type { AdminDiscountFailure } from './service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['admin'];

/** A discount change's expected failures, as HTTP answers. */
const http: HttpTable<AdminDiscountFailure> = {
  not_found: () => notFound(DISCOUNT_ADMIN_MSG.notFound),
  code_taken: ({ code }) => conflict(DISCOUNT_ADMIN_MSG.duplicate(code), { field: 'code' }),
  invalid: ({ message }) => badRequest(message),
  limit_below_used: ({ used }) => conflict(DISCOUNT_ADMIN_MSG.limitBelowUsed(used), { field: 'usage_limit' }),
  used: ({ used }) => conflict(DISCOUNT_ADMIN_MSG.used(used)),
  invalid_amount: ({ path, message }) => invalidFields([{ path: `body.${path}`, message }]),
};

/** Admin Marketing's discount codes, under /api/admin behind the staff guard. */
export const adminDiscountsRoutes: AdminRoutesPlugin = async (app, { services }) => {
  const discounts = services.adminDiscounts;

  app.get(
    '/discounts',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Discount codes with their uses',
        querystring: discountListQuery,
        response: { 200: adminDiscountList, ...errors },
      },
    },
    (request) => discounts.list(request.query),
  );
  app.post(
    '/discounts',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Creates a discount code',
        body: discountCreateBody,
        response: { 201: adminDiscount, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(orThrow(await discounts.create(actorOf(request), request.body), http)),
  );
  app.patch(
    '/discounts/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Changes a discount code (also activates and deactivates it)',
        params: uuidParam,
        body: discountUpdateBody,
        response: { 200: adminDiscount, ...errors },
      },
    },
    async (request) => orThrow(await discounts.update(actorOf(request), request.params.id, request.body), http),
  );
  app.delete(
    '/discounts/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Deletes a code nobody used (409 for a used one: deactivate it instead)',
        params: uuidParam,
        response: { 200: discountDeleteAnswer, ...errors },
      },
    },
    async (request) => orThrow(await discounts.remove(actorOf(request), request.params.id), http),
  );
};
