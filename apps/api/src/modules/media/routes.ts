import { errorBody } from '@shop/contracts/errors';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type HttpTable, notFound, orThrow } from '../../errors.ts';
import type { RoutesPlugin } from '../types.ts';
import type { ImageNotFound } from './service.ts';

/**
 * An SVG is a document that could carry script: it is served as an image that may run and load nothing
 * but its own styles (the other security headers are every answer's), and cached for a day since it
 * never changes for a given URL.
 */
const SVG_HEADERS = {
  'content-type': 'image/svg+xml',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
} as const;
const SVG_CACHE = 'public, max-age=86400';
/** What staff see, drafts included, is not for shared caches. */
const STAFF_CACHE = 'private, no-store';

/** Uploaded pictures never change under their URL (a new upload gets a new id): cached for a year. */
const UPLOAD_CACHE = 'public, max-age=31536000, immutable';

const segment = z.string().min(1).max(200);
const svgResponse = { 200: z.string().describe('An SVG image'), 404: errorBody };
const tags = ['media'];

/** The pictures' expected failures, as HTTP answers. */
const http: HttpTable<ImageNotFound> = {
  image_not_found: () => notFound('Image not found'),
};

function sendSvg(reply: FastifyReply, svg: string, cacheControl = SVG_CACHE) {
  return reply.headers({ ...SVG_HEADERS, 'cache-control': cacheControl }).send(svg);
}

type MediaApp = Parameters<RoutesPlugin>[0];
type MediaServices = Parameters<RoutesPlugin>[1]['services'];

/**
 * The pictures of products, drawn or uploaded. For the public (`drafts: false`) a draft's pictures do
 * not exist — the same 404 as an unknown slug or id; staff get drafts too, uncached.
 */
function productPictureRoutes(app: MediaApp, services: MediaServices, { drafts }: { drafts: boolean }) {
  const doc = drafts ? { tags: ['admin: products'], security: [{ bearer: [] }] } : { tags };

  app.get(
    '/uploads/:id/:file',
    {
      schema: {
        ...doc,
        summary: 'An uploaded product picture: `large.webp` (1200 px) or `thumb.webp` (400 px)',
        params: z.object({ id: segment, file: segment }),
        response: { 200: z.any().describe('A webp image'), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const image = orThrow(await services.media.upload(id, file, { drafts }), http);
      return reply
        .headers({ 'content-type': image.contentType, 'cache-control': drafts ? STAFF_CACHE : UPLOAD_CACHE })
        .send(image.data);
    },
  );

  app.get(
    '/products/:slug/:file',
    {
      schema: {
        ...doc,
        summary: 'A product picture (view 1–6)',
        params: z.object({ slug: segment, file: segment }),
        response: svgResponse,
      },
    },
    async (request, reply) => {
      const { slug, file } = request.params;
      const svg = orThrow(await services.media.productPicture(slug, file, { drafts }), http);
      return sendSvg(reply, svg, drafts ? STAFF_CACHE : SVG_CACHE);
    },
  );
}

/** /api/admin/media/…: product pictures as staff see them, drafts included, behind the admin guard. */
export const staffMediaRoutes: RoutesPlugin = async (app, { services }) => {
  productPictureRoutes(app, services, { drafts: true });
};

/**
 * Locally drawn catalogue pictures and pictures staff uploaded: no image in the
 * shop comes from another host.
 */
export const mediaRoutes: RoutesPlugin = async (app, { services }) => {
  // Any other path under /media: the same 404, in the API's error format.
  app.setNotFoundHandler(async () => {
    throw notFound('Image not found');
  });
  productPictureRoutes(app, services, { drafts: false });

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
    async (request, reply) => sendSvg(reply, orThrow(await services.media.featuredPicture(request.params.file), http)),
  );

  app.get(
    '/categories/:file',
    {
      schema: { tags, summary: 'A category picture', params: z.object({ file: segment }), response: svgResponse },
    },
    async (request, reply) => sendSvg(reply, orThrow(await services.media.categoryPicture(request.params.file), http)),
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
      const { category, file } = request.params;
      return sendSvg(reply, orThrow(await services.media.subcategoryPicture(category, file), http));
    },
  );
};
