import multipart from '@fastify/multipart';
import {
  catalogImport,
  exportQuery,
  IMPORT_MAX_BYTES,
  importQuery,
  importReport,
  refetchAnswer,
} from '@shop/contracts/admin-catalog-io';
import { uuidParam } from '@shop/contracts/common';
import { ERROR_CODES, errorBody } from '@shop/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, conflict, type HttpTable, notFound, orThrow, unprocessable } from '../../errors.ts';
import { csvHeaders } from '../../lib/csv.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';
import type { CatalogIoFailure } from './service.ts';

const tags = ['admin: products'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const IMPORT_MB = IMPORT_MAX_BYTES / (1024 * 1024);

/** Imports per staff member and minute: each reads up to 20 MB and may fetch pictures. */
const importLimit = {
  rateLimit: {
    max: 30,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `catalog-import:${request.user?.userId ?? request.ip}`,
  },
};

/** Import and export's expected failures, as HTTP answers. */
const http: HttpTable<CatalogIoFailure> = {
  bad_file: ({ message }) => badRequest(message),
  unknown_default_category: ({ category }) => badRequest(`Unknown default category: ${category}`),
  refused: ({ report }) =>
    unprocessable(`${report.refusals_total} row(s) are refused; nothing was imported`, {
      refusals: report.refusals,
      refusals_total: report.refusals_total,
    }),
  import_exists: ({ id }) => conflict(`An import with the id ${id} exists already`),
  import_not_found: () => notFound('Import not found'),
  product_not_found: () => notFound('Product not found'),
};

/** The uploaded file (multipart field `file`), or a 4xx in words. */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; fileName: string | null }> {
  if (!request.isMultipart()) throw badRequest('Send the CSV as multipart/form-data in a field named file');
  try {
    const part = await request.file();
    if (!part) throw badRequest('No file was sent: add the CSV in a field named file');
    const file = await part.toBuffer();
    if (file.length === 0) throw badRequest('The file is empty');
    return { file, fileName: part.filename ? part.filename.slice(0, 200) : null };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError(413, ERROR_CODES.payloadTooLarge, `The file is too large: at most ${IMPORT_MB} MB`);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest('Send one file in a field named file, and nothing else');
    }
    throw badRequest('The upload could not be read as multipart/form-data');
  }
}

/**
 * Product import and export (ADR 024), admin only: a whole catalogue goes in or out, and an
 * import fetches pictures from other hosts.
 */
export const adminCatalogIoRoutes: AdminRoutesPlugin = async (app, { services, guards }) => {
  const io = services.catalogIo;
  app.addHook('onRequest', guards.requireRole('admin'));
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 100 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/products/import',
    {
      bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
      config: importLimit,
      schema: {
        ...adminDoc,
        tags,
        summary: `Import products from a CSV (multipart field \`file\`, at most ${IMPORT_MB} MB): \`dry_run\` answers what it would do; \`apply\` starts it (202) when no row is refused (else 422 with every refusal)`,
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: {
          200: importReport,
          202: catalogImport,
          ...errors,
          409: errorBody,
          413: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { format, mode, default_category, import_id } = request.query;
      const input = {
        format,
        ...(await readUpload(request)),
        defaultCategory: default_category,
        checkImages: request.query.check_images,
        skipFailedImages: request.query.skip_failed_images,
        resolveDuplicateSkus: request.query.resolve_duplicate_skus,
      };
      if (mode === 'dry_run') return orThrow(await io.dryRun(actorOf(request), input), http);
      const started = await io.startApply(actorOf(request), input, import_id);
      return reply.status(202).send(orThrow(started, http));
    },
  );

  app.post(
    '/products/:id/missing-images/fetch',
    {
      config: importLimit,
      schema: {
        ...adminDoc,
        tags,
        summary:
          'Fetch again the pictures an import could not fetch: those that come are added to the product, the others stay missing',
        params: uuidParam,
        response: { 200: refetchAnswer, ...errors, 404: errorBody, 429: errorBody },
      },
    },
    async (request) => orThrow(await io.refetchMissingImages(actorOf(request), request.params.id), http),
  );

  app.get(
    '/products/imports/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'An import’s progress (done_rows of total_rows), then its outcome',
        params: uuidParam,
        response: { 200: catalogImport, ...errors, 404: errorBody },
      },
    },
    async (request) => orThrow(await io.getImport(request.params.id), http),
  );

  app.get(
    '/products/export',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Every product and variant as a CSV: our format (`shop`) or Shopify’s (`shopify`)',
        querystring: exportQuery,
        response: { 200: z.string().describe('A CSV file (UTF-8, CRLF)'), ...errors },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const csv = await io.exportCatalog(actorOf(request), format);
      return reply.headers(csvHeaders(`products-${format}.csv`)).send(csv);
    },
  );
};
