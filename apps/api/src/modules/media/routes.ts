import { errorBody } from '@shop/contracts/errors';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import type { RoutesPlugin } from '../types.ts';
import { type Art, artKind, renderArt } from './svg.ts';

/**
 * An SVG is a document that could carry script: it is served as an image that may run and load
 * nothing (strict CSP, no sniffing), and cached for a day since it never changes for a given URL.
 */
const SVG_HEADERS = {
  'content-type': 'image/svg+xml',
  'cache-control': 'public, max-age=86400',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
} as const;

/** Product gallery views per product (the seed links 1–3; a few more are drawn on request). */
const MAX_VIEW = 6;

const segment = z.string().min(1).max(200);
const svgResponse = { 200: z.string().describe('An SVG image'), 404: errorBody };
const tags = ['media'];

/** `name.svg` → `name`; anything else is not one of our pictures. */
function svgName(file: string): string {
  const match = /^(.+)\.svg$/.exec(file);
  if (!match?.[1]) throw notFound('Image not found');
  return match[1];
}

function sendSvg(reply: FastifyReply, art: Art) {
  return reply.headers(SVG_HEADERS).send(renderArt(art));
}

/** Locally drawn catalogue pictures (issue 2): no image in the shop comes from another host. */
export const mediaRoutes: RoutesPlugin = async (app, { services }) => {
  app.get(
    '/products/:slug/:file',
    {
      schema: {
        tags,
        summary: 'A product picture (view 1–6)',
        params: z.object({ slug: segment, file: segment }),
        response: svgResponse,
      },
    },
    async (request, reply) => {
      const view = Number(svgName(request.params.file));
      if (!Number.isInteger(view) || view < 1 || view > MAX_VIEW) throw notFound('Image not found');
      const product = await services.catalog.getProductArt(request.params.slug);
      if (!product) throw notFound('Image not found');
      return sendSvg(reply, {
        seed: request.params.slug,
        kind: artKind(product.categoryId, product.subcategorySlug),
        title: product.name,
        subtitle: product.brandName,
        view,
      });
    },
  );

  app.get(
    '/featured/:file',
    {
      schema: {
        tags,
        summary: 'A featured card picture of the category menu',
        params: z.object({ file: segment }),
        response: svgResponse,
      },
    },
    async (request, reply) => {
      const slug = svgName(request.params.file);
      const categories = await services.catalog.listCategories();
      for (const category of categories) {
        const card = category.featured.find((f) => f.slug === slug);
        if (card) {
          return sendSvg(reply, {
            seed: `featured:${slug}`,
            kind: artKind(category.id),
            title: card.name,
            subtitle: category.name,
            width: 800,
            height: 600,
          });
        }
      }
      throw notFound('Image not found');
    },
  );

  app.get(
    '/categories/:file',
    {
      schema: { tags, summary: 'A category picture', params: z.object({ file: segment }), response: svgResponse },
    },
    async (request, reply) => {
      const id = svgName(request.params.file);
      const category = (await services.catalog.listCategories()).find((c) => c.id === id);
      if (!category) throw notFound('Image not found');
      return sendSvg(reply, {
        seed: `category:${id}`,
        kind: artKind(id),
        title: category.name,
        width: 800,
        height: 600,
      });
    },
  );

  app.get(
    '/subcategories/:category/:file',
    {
      schema: {
        tags,
        summary: 'A subcategory picture',
        params: z.object({ category: segment, file: segment }),
        response: svgResponse,
      },
    },
    async (request, reply) => {
      const slug = svgName(request.params.file);
      const category = (await services.catalog.listCategories()).find((c) => c.id === request.params.category);
      const sub = category?.subcategories.find((s) => s.slug === slug);
      if (!category || !sub) throw notFound('Image not found');
      return sendSvg(reply, {
        seed: `subcategory:${category.id}/${slug}`,
        kind: artKind(category.id, slug),
        title: sub.name,
        subtitle: category.name,
        width: 800,
        height: 600,
      });
    },
  );
};
