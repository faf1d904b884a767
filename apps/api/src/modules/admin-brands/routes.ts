import {
  adminBrand,
  adminBrandList,
  brandIdParam,
  createBrandBody,
  updateBrandBody,
} from '@shop/contracts/admin-brands';
import { errorBody } from '@shop/contracts/errors';
import { z } from 'zod';
import { conflict, type HttpTable, notFound, orThrow } from '../../errors.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';
import type { AdminBrandsFailure } from './service.ts';

const tags = ['admin: brands'];
const noContent = z.null().describe('Deleted');
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Admin Brands' expected failures, as HTTP answers. */
const http: HttpTable<AdminBrandsFailure> = {
  brand_not_found: () => notFound('Brand not found'),
  slug_taken: ({ slug }) => conflict(`The slug ${slug} is already used by another brand`),
  brand_in_use: ({ name, products }) =>
    conflict(
      `${name} cannot be deleted: ${products} product${products === 1 ? ' uses' : 's use'} it. Give them another brand first.`,
      { products },
    ),
};

/** Admin Brands: list, create, edit, delete — staff and admins, like the rest of the catalogue. */
export const adminBrandsRoutes: AdminRoutesPlugin = async (app, { services }) => {
  const brands = services.adminBrands;

  app.get(
    '/brands',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Every brand, with its number of products',
        response: { 200: adminBrandList, ...errors },
      },
    },
    () => brands.list(),
  );

  app.post(
    '/brands',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Create a brand (a slug is made from the name when none is given; it is also the id)',
        body: createBrandBody,
        response: { 201: adminBrand, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(orThrow(await brands.create(actorOf(request), request.body), http)),
  );

  app.patch(
    '/brands/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Change a brand’s name, slug, logo or description',
        params: brandIdParam,
        body: updateBrandBody,
        response: { 200: adminBrand, ...errors },
      },
    },
    async (request) => orThrow(await brands.update(actorOf(request), request.params.id, request.body), http),
  );

  app.delete(
    '/brands/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Delete a brand no product uses (409 while products use it)',
        params: brandIdParam,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      orThrow(await brands.remove(actorOf(request), request.params.id), http);
      return reply.status(204).send(null);
    },
  );
};
