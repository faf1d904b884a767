import { errorBody } from '@shop/contracts/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Services } from '../../services.ts';
import { type Art, artKind, renderArt } from './svg.ts';
import { readUpload } from './uploads.ts';

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

/** Product gallery views per product (the seed links 1–3; a few more are drawn on request). */
const MAX_VIEW = 6;

/** Uploaded pictures never change under their URL (a new upload gets a new id): cached for a year. */
const UPLOAD_CACHE = 'public, max-age=31536000, immutable';
const UPLOAD_FILE = /^(large|thumb)\.webp$/;

const segment = z.string().min(1).max(200);
const svgResponse = { 200: z.string().describe('An SVG image'), 404: errorBody };
const tags = ['media'];

/** `name.svg` → `name`; anything else is not one of our pictures. */
function svgName(file: string): string {
  const match = /^(.+)\.svg$/.exec(file);
  if (!match?.[1]) throw notFound('Image not found');
  return match[1];
}

function sendSvg(reply: FastifyReply, art: Art, cacheControl = SVG_CACHE) {
  return reply.headers({ ...SVG_HEADERS, 'cache-control': cacheControl }).send(renderArt(art));
}

type MediaOptions = { services: Services; db: Db };
type MediaPlugin = FastifyPluginAsyncZod<MediaOptions>;

/**
 * The pictures of products, drawn or uploaded. For the public (`drafts: false`) a draft's pictures do
 * not exist — the same 404 as an unknown slug or id (issue 10 point 12); staff get drafts too, uncached.
 */
function productPictureRoutes(
  app: Parameters<MediaPlugin>[0],
  { services, db }: MediaOptions,
  { drafts }: { drafts: boolean },
) {
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
      const variant = UPLOAD_FILE.exec(file)?.[1];
      if (!variant || !isUuid(id)) throw notFound('Image not found');
      const image = await readUpload(db, id, variant, { drafts });
      if (!image) throw notFound('Image not found');
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
      const view = Number(svgName(request.params.file));
      if (!Number.isInteger(view) || view < 1 || view > MAX_VIEW) throw notFound('Image not found');
      const product = await services.catalog.getProductArt(request.params.slug, { drafts });
      if (!product) throw notFound('Image not found');
      const art = {
        seed: request.params.slug,
        kind: artKind(product.categoryId, product.subcategorySlug),
        title: product.name,
        subtitle: product.brandName,
        view,
      };
      return sendSvg(reply, art, drafts ? STAFF_CACHE : SVG_CACHE);
    },
  );
}

/** /api/admin/media/…: product pictures as staff see them, drafts included, behind the admin guard. */
export const staffMediaRoutes: MediaPlugin = async (app, opts) => {
  productPictureRoutes(app, opts, { drafts: true });
};

/**
 * Locally drawn catalogue pictures (issue 2) and pictures staff uploaded (issue 5): no image in the
 * shop comes from another host.
 */
export const mediaRoutes: MediaPlugin = async (app, opts) => {
  const { services } = opts;
  // Any other path under /media: the same 404, in the API's error format (issue 10 point 10).
  app.setNotFoundHandler(async () => {
    throw notFound('Image not found');
  });
  productPictureRoutes(app, opts, { drafts: false });

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
