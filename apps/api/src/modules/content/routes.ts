import { contentPage, contentSlugParam } from '@shop/contracts/content';
import { errorBody } from '@shop/contracts/errors';
import { type HttpTable, notFound, orThrow } from '../../errors.ts';
import type { RoutesPlugin } from '../types.ts';
import type { ContentFailure } from './service.ts';

const tags = ['content'];

/** The content service's expected failures, as HTTP answers. */
const http: HttpTable<ContentFailure> = {
  not_found: () => notFound('Page not found'),
};

/** GET /api/pages/:slug — the footer's pages and the help centre (docs/product.md §10). */
export const contentRoutes: RoutesPlugin = async (app, { services }) => {
  app.get(
    '/pages/:slug',
    {
      schema: {
        tags,
        summary: 'A content page (about, faq, shipping, returns, terms, help, …) by slug',
        params: contentSlugParam,
        response: { 200: contentPage, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => orThrow(await services.content.getPage(request.params.slug), http),
  );
};
