import { adminContentPage, adminContentPageList, contentPageUpdateBody } from '@shop/contracts/admin-pages';
import { contentSlugParam } from '@shop/contracts/content';
import { errorBody } from '@shop/contracts/errors';
import { badRequest, type HttpTable, notFound, orThrow } from '../../errors.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';
import type { AdminPagesFailure } from './service.ts';

/** An edit's expected failure, as its HTTP answer. */
const http: HttpTable<AdminPagesFailure> = {
  not_found: () => notFound('Page not found'),
  body_empty: () => badRequest('Body is required', { field: 'body' }),
};

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['admin'];

/** The footer's content pages (admins only), under /api/admin. */
export const adminPagesRoutes: AdminRoutesPlugin = async (app, { services, guards }) => {
  const adminOnly = guards.requireRole('admin');

  app.get(
    '/content-pages',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: "The footer's content pages, in full",
        response: { 200: adminContentPageList, ...errors },
      },
    },
    async () => services.adminPages.list(),
  );
  app.put(
    '/content-pages/:slug',
    {
      onRequest: adminOnly,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Edits an existing content page (body: rich text, sanitized; text without a tag becomes paragraphs)',
        params: contentSlugParam,
        body: contentPageUpdateBody,
        response: { 200: adminContentPage, ...errors },
      },
    },
    async (request) =>
      orThrow(await services.adminPages.update(actorOf(request), request.params.slug, request.body), http),
  );
};
