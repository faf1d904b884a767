import multipart from '@fastify/multipart';
import {
  adminProduct,
  adminProductList,
  adminProductListQuery,
  bulkPublishBody,
  bulkPublishResult,
  createProductBody,
  productFormOptions,
  productSales,
  stockAdjustmentBody,
  stockAdjustmentResult,
  stockMovementList,
  UPLOAD_MAX_BYTES,
  updateProductBody,
  uploadedImage,
} from '@shop/contracts/admin-catalog';
import { pageQuery, uuidParam } from '@shop/contracts/common';
import { ERROR_CODES, errorBody } from '@shop/contracts/errors';
import { AppError, badRequest } from '../../errors.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../admin/types.ts';
import { createAdminCatalogService } from './service.ts';

const tags = ['admin: products'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const UPLOAD_MB = UPLOAD_MAX_BYTES / (1024 * 1024);
const tooLarge = () =>
  new AppError(413, ERROR_CODES.payloadTooLarge, `The picture is too large: at most ${UPLOAD_MB} MB`);

/** Admin Products (issue 5): list, detail, create, update, bulk publish, stock, sales and image uploads. */
export const adminCatalogRoutes: AdminRoutesPlugin<{ deps: import('../../services.ts').Deps }> = async (
  app,
  { services, deps },
) => {
  const catalog = createAdminCatalogService(deps, services);

  // Multipart is parsed only in this scope (image uploads); one file, nothing else, 5 MB at most.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 100 },
    throwFileSizeLimit: true,
  });

  app.get(
    '/products',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Products, drafts included: search, filters, sort and pages',
        querystring: adminProductListQuery,
        response: { 200: adminProductList, ...errors },
      },
    },
    (request) => catalog.list(request.query),
  );

  app.get(
    '/product-options',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Categories, subcategories, featured tags and brands for the product form',
        response: { 200: productFormOptions, ...errors },
      },
    },
    () => catalog.formOptions(),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'A product with every field',
        params: uuidParam,
        response: { 200: adminProduct, ...errors },
      },
    },
    (request) => catalog.get(request.params.id),
  );

  app.post(
    '/products',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Create a product (a slug is made from the name when none is given)',
        body: createProductBody,
        response: { 201: adminProduct, ...errors, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await catalog.create(actorOf(request), request.body)),
  );

  app.patch(
    '/products/:id',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Change any of a product’s fields (stock changes by adjustment)',
        params: uuidParam,
        body: updateProductBody,
        response: { 200: adminProduct, ...errors, 409: errorBody },
      },
    },
    (request) => catalog.update(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/products/bulk-publish',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Publish or unpublish several products',
        body: bulkPublishBody,
        response: { 200: bulkPublishResult, ...errors },
      },
    },
    (request) => catalog.bulkPublish(actorOf(request), request.body),
  );

  app.post(
    '/products/:id/stock-adjustments',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Add or remove stock with a reason (never below 0)',
        params: uuidParam,
        body: stockAdjustmentBody,
        response: { 201: stockAdjustmentResult, ...errors, 409: errorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await catalog.adjustStock(actorOf(request), request.params.id, request.body.delta, request.body.reason)),
  );

  app.get(
    '/products/:id/stock-movements',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'A product’s stock movements, newest first',
        params: uuidParam,
        querystring: pageQuery,
        response: { 200: stockMovementList, ...errors },
      },
    },
    (request) => catalog.movements(request.params.id, request.query.page, request.query.limit),
  );

  app.get(
    '/products/:id/sales',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Units sold, revenue, orders and the latest order lines of a product',
        params: uuidParam,
        response: { 200: productSales, ...errors },
      },
    },
    (request) => catalog.sales(request.params.id),
  );

  app.post(
    '/uploads/images',
    {
      bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Upload a product picture (multipart field `file`; JPEG, PNG, WebP, GIF or AVIF, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: uploadedImage, ...errors, 413: errorBody },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the picture as multipart/form-data in a field named file');
      let buffer: Buffer;
      try {
        const file = await request.file();
        if (!file) throw badRequest('No file was sent: add the picture in a field named file');
        buffer = await file.toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw badRequest('Send one picture in a field named file, and nothing else');
        }
        throw badRequest('The upload could not be read as multipart/form-data');
      }
      if (buffer.length === 0) throw badRequest('The file is empty');
      return reply.status(201).send(await catalog.uploadImage(actorOf(request), buffer));
    },
  );
};
