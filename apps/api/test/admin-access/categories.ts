import { randomBytes } from 'node:crypto';
import { categories, featuredCards, subcategories } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers.ts';
import type { RouteSamples } from './types.ts';

/** A category no product is in, with one subcategory, made for one request. */
async function freshCategory(t: TestApp) {
  const id = `matrix-${randomBytes(4).toString('hex')}`;
  await t.db.insert(categories).values({ id, name: `Matrix ${id}`, icon: '' });
  const [sub] = await t.db
    .insert(subcategories)
    .values({ categoryId: id, name: 'Part', slug: 'part', icon: '' })
    .returning({ id: subcategories.id });
  return { id, subId: sub?.id ?? 0 };
}

/** A fresh category with one featured card. */
async function freshCard(t: TestApp) {
  const { id } = await freshCategory(t);
  const [card] = await t.db
    .insert(featuredCards)
    .values({ categoryId: id, name: `Card ${id}`, slug: `card ${id}`, image: '/media/featured/card.svg' })
    .returning({ id: featuredCards.id });
  return { id, cardId: card?.id ?? 0 };
}

/** Every category's id in menu order (a reorder names each once). */
async function categoryIds(t: TestApp) {
  const rows = await t.db.select({ id: categories.id }).from(categories).orderBy(categories.position, categories.id);
  return rows.map((r) => r.id);
}

/** Sample requests for the admin category routes (see admin-access.test.ts). */
export const categoriesSamples: RouteSamples = {
  'GET /api/admin/categories': { request: () => ({ url: '/api/admin/categories' }) },
  'POST /api/admin/categories': {
    request: () => ({ url: '/api/admin/categories', payload: { name: `Matrix ${randomBytes(4).toString('hex')}` } }),
  },
  'PUT /api/admin/categories/order': {
    request: async (t) => ({ url: '/api/admin/categories/order', payload: { ids: await categoryIds(t) } }),
  },
  'PATCH /api/admin/categories/:id': {
    request: async (t) => ({
      url: `/api/admin/categories/${(await freshCategory(t)).id}`,
      payload: { description: 'Changed' },
    }),
  },
  'DELETE /api/admin/categories/:id': {
    request: async (t) => ({ url: `/api/admin/categories/${(await freshCategory(t)).id}` }),
  },
  'POST /api/admin/categories/:id/subcategories': {
    request: async (t) => ({
      url: `/api/admin/categories/${(await freshCategory(t)).id}/subcategories`,
      payload: { name: 'Other part' },
    }),
  },
  'PUT /api/admin/categories/:id/subcategories/order': {
    request: async (t) => {
      const { id, subId } = await freshCategory(t);
      return { url: `/api/admin/categories/${id}/subcategories/order`, payload: { ids: [subId] } };
    },
  },
  'PATCH /api/admin/categories/:id/subcategories/:subId': {
    request: async (t) => {
      const { id, subId } = await freshCategory(t);
      return { url: `/api/admin/categories/${id}/subcategories/${subId}`, payload: { name: 'Renamed' } };
    },
  },
  'DELETE /api/admin/categories/:id/subcategories/:subId': {
    request: async (t) => {
      const { id, subId } = await freshCategory(t);
      return { url: `/api/admin/categories/${id}/subcategories/${subId}` };
    },
  },
  'POST /api/admin/categories/:id/featured': {
    request: async (t) => {
      const { id } = await freshCategory(t);
      return {
        url: `/api/admin/categories/${id}/featured`,
        payload: { name: `Card ${id}`, image: '/media/featured/card.svg' },
      };
    },
  },
  'PUT /api/admin/categories/:id/featured/order': {
    request: async (t) => {
      const { id, cardId } = await freshCard(t);
      return { url: `/api/admin/categories/${id}/featured/order`, payload: { ids: [cardId] } };
    },
  },
  'PATCH /api/admin/categories/:id/featured/:cardId': {
    request: async (t) => {
      const { id, cardId } = await freshCard(t);
      return { url: `/api/admin/categories/${id}/featured/${cardId}`, payload: { link: '/products?sale=1' } };
    },
  },
  'DELETE /api/admin/categories/:id/featured/:cardId': {
    request: async (t) => {
      const { id, cardId } = await freshCard(t);
      return { url: `/api/admin/categories/${id}/featured/${cardId}` };
    },
  },
};
