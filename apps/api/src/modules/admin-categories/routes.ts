import {
  adminCategory,
  adminCategoryList,
  categoryIdParam,
  categoryOrderBody,
  createCategoryBody,
  createFeaturedCardBody,
  createSubcategoryBody,
  deleteCategoryQuery,
  featuredCardParams,
  featuredOrderBody,
  subcategoryOrderBody,
  subcategoryParams,
  updateCategoryBody,
  updateFeaturedCardBody,
  updateSubcategoryBody,
} from '@shop/contracts/admin-categories';
import { errorBody } from '@shop/contracts/errors';
import { z } from 'zod';
import { conflict, type HttpTable, notFound, orThrow, unprocessable } from '../../errors.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';
import type { AdminCategoriesFailure } from './service.ts';

const tags = ['admin: categories'];
const noContent = z.null().describe('Deleted');
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const products = (n: number) => `${n} product${n === 1 ? ' is' : 's are'}`;

/** Admin Categories' expected failures, as HTTP answers. */
const http: HttpTable<AdminCategoriesFailure> = {
  category_not_found: () => notFound('Category not found'),
  subcategory_not_found: () => notFound('Subcategory not found in this category'),
  move_target_not_found: ({ id }) =>
    unprocessable(`There is no category ${id} to move the products to`, { field: 'move_to' }),
  move_to_itself: () => unprocessable('Choose another category to move the products to', { field: 'move_to' }),
  category_in_use: ({ name, products: n }) =>
    conflict(`${name} cannot be deleted: ${products(n)} in it. Choose a category to move them to.`, { products: n }),
  subcategory_name_taken: ({ name, category }) =>
    conflict(`${category} already has a subcategory named ${name}`, { field: 'name' }),
  category_id_taken: ({ id, holder }) =>
    conflict(`The address ${id} is taken${holder ? ` by the category ${holder}` : ''}: choose another`, {
      field: 'id',
    }),
  category_alias_taken: ({ alias, holder }) =>
    conflict(`${alias} is already a name of the category ${holder}: choose another`, { field: 'aliases' }),
  featured_card_not_found: () => notFound('Featured card not found in this category'),
  featured_name_taken: ({ name, holder }) =>
    conflict(`A featured card named ${name} is already in ${holder}: choose another label`, { field: 'name' }),
  order_mismatch: () =>
    conflict('The list has changed since it was loaded: reload it and order it again', { field: 'ids' }),
};

/** Admin Categories: the category tree and each category's menu panel — staff and admins, like the catalogue. */
export const adminCategoriesRoutes: AdminRoutesPlugin = async (app, { services }) => {
  const categories = services.adminCategories;

  app.get(
    '/categories',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Every category in menu order, with its subcategories and numbers of products',
        response: { 200: adminCategoryList, ...errors },
      },
    },
    () => categories.list(),
  );

  app.post(
    '/categories',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Create a category at the end of the menu (its id is made from the name and never changes)',
        body: createCategoryBody,
        response: { 201: adminCategory, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(orThrow(await categories.create(actorOf(request), request.body), http)),
  );

  app.put(
    '/categories/order',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Put the categories in a new order (every id once)',
        body: categoryOrderBody,
        response: { 200: adminCategoryList, ...errors },
      },
    },
    async (request) => orThrow(await categories.reorder(actorOf(request), request.body), http),
  );

  app.patch(
    '/categories/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Change a category’s name, icon, description, or its menu panel’s offer and badge',
        params: categoryIdParam,
        body: updateCategoryBody,
        response: { 200: adminCategory, ...errors },
      },
    },
    async (request) => orThrow(await categories.update(actorOf(request), request.params.id, request.body), http),
  );

  app.delete(
    '/categories/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Delete a category; one with products only with move_to, where they go (409 without it)',
        params: categoryIdParam,
        querystring: deleteCategoryQuery,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      orThrow(await categories.remove(actorOf(request), request.params.id, request.query.move_to), http);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/categories/:id/subcategories',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Add a subcategory at the end of a category (answers the category)',
        params: categoryIdParam,
        body: createSubcategoryBody,
        response: { 201: adminCategory, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(orThrow(await categories.createSubcategory(actorOf(request), request.params.id, request.body), http)),
  );

  app.put(
    '/categories/:id/subcategories/order',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Put a category’s subcategories in a new order (each id once)',
        params: categoryIdParam,
        body: subcategoryOrderBody,
        response: { 200: adminCategory, ...errors },
      },
    },
    async (request) =>
      orThrow(await categories.reorderSubcategories(actorOf(request), request.params.id, request.body), http),
  );

  app.patch(
    '/categories/:id/subcategories/:subId',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Rename a subcategory, change its icon, or move it with its products to another category',
        params: subcategoryParams,
        body: updateSubcategoryBody,
        response: { 200: adminCategory, ...errors },
      },
    },
    async (request) =>
      orThrow(
        await categories.updateSubcategory(actorOf(request), request.params.id, request.params.subId, request.body),
        http,
      ),
  );

  app.delete(
    '/categories/:id/subcategories/:subId',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Delete a subcategory; its products stay in the category (answers the category)',
        params: subcategoryParams,
        response: { 200: adminCategory, ...errors },
      },
    },
    async (request) =>
      orThrow(await categories.removeSubcategory(actorOf(request), request.params.id, request.params.subId), http),
  );

  app.post(
    '/categories/:id/featured',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Add a featured card at the end of a category’s menu panel (answers the category)',
        params: categoryIdParam,
        body: createFeaturedCardBody,
        response: { 201: adminCategory, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(orThrow(await categories.createFeaturedCard(actorOf(request), request.params.id, request.body), http)),
  );

  app.put(
    '/categories/:id/featured/order',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Put a category’s featured cards in a new order (each id once)',
        params: categoryIdParam,
        body: featuredOrderBody,
        response: { 200: adminCategory, ...errors },
      },
    },
    async (request) =>
      orThrow(await categories.reorderFeaturedCards(actorOf(request), request.params.id, request.body), http),
  );

  app.patch(
    '/categories/:id/featured/:cardId',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Change a featured card’s label, picture or link (its slug stays)',
        params: featuredCardParams,
        body: updateFeaturedCardBody,
        response: { 200: adminCategory, ...errors },
      },
    },
    async (request) =>
      orThrow(
        await categories.updateFeaturedCard(actorOf(request), request.params.id, request.params.cardId, request.body),
        http,
      ),
  );

  app.delete(
    '/categories/:id/featured/:cardId',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Delete a featured card; its products lose its tag (answers the category)',
        params: featuredCardParams,
        response: { 200: adminCategory, ...errors },
      },
    },
    async (request) =>
      orThrow(await categories.removeFeaturedCard(actorOf(request), request.params.id, request.params.cardId), http),
  );
};
