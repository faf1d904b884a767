import {
  adminProduct,
  adminProductList,
  adminProductListQuery,
  bulkEditBody,
  bulkEditResult,
  bulkPublishBody,
  bulkPublishResult,
  createProductBody,
  MAX_PRICE,
  productFormOptions,
  productSales,
  stockAdjustmentBody,
  stockAdjustmentResult,
  stockMovementList,
  updateProductBody,
  uploadedImage,
} from '@shop/contracts/admin-catalog';
import { pageQuery, uuidParam } from '@shop/contracts/common';
import { errorBody } from '@shop/contracts/errors';
import { MAX_OPTIONS, MAX_VARIANTS } from '@shop/contracts/variants';
import { badRequest, conflict, type HttpTable, invalidFields, notFound, orThrow, unprocessable } from '../../errors.ts';
import { acceptPictureUploads, PICTURE_BODY_LIMIT, pictureRefusals, readPicture } from '../media/index.ts';
import { type AdminRoutesPlugin, actorOf, adminDoc } from '../types.ts';
import type { AdminCatalogFailure } from './service.ts';

const tags = ['admin: products'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Admin Products' expected failures, as HTTP answers. */
const http: HttpTable<AdminCatalogFailure> = {
  product_not_found: () => notFound('Product not found'),
  products_not_found: ({ ids }) => notFound(`Product not found: ${ids.join(', ')}`),
  unknown_category: ({ category }) => badRequest(`Unknown category: ${category}`),
  subcategory_mismatch: ({ subcategory, category }) =>
    badRequest(`The subcategory ${subcategory} does not belong to the category ${category}`),
  unknown_brand: ({ brand }) => badRequest(`Unknown brand: ${brand}`),
  unknown_featured: ({ tags }) => badRequest(`Unknown featured tag: ${tags.join(', ')}`),
  unknown_tax_class: ({ taxClass, path }) =>
    invalidFields([{ path: `body.${path}`, message: `There is no tax class "${taxClass}": add it in Settings › Tax` }]),
  invalid_pricing: ({ message }) => badRequest(message),
  invalid_amount: ({ path, message }) => invalidFields([{ path: `body.${path}`, message }]),
  slug_taken: ({ slug }) => conflict(`The slug ${slug} is already used by another product`),
  no_free_slug: () => conflict('Could not find a free slug for this name; give one'),
  not_enough_stock: ({ available, delta, sku }) =>
    conflict(`Not enough stock${sku ? ` of ${sku}` : ''}: ${available} in stock, cannot remove ${-delta}`, {
      available,
      sku,
    }),
  variant_not_found: () => notFound('Variant not found: it is not one of this product’s'),
  too_many_options: () => badRequest(`A product has at most ${MAX_OPTIONS} options`),
  too_many_variants: ({ count }) =>
    badRequest(`These options make ${count} combinations; a product has at most ${MAX_VARIANTS} variants`),
  option_count_mismatch: ({ row, expected }) =>
    badRequest(`variants[${row}] must give ${expected} option value${expected === 1 ? '' : 's'}, one per option`),
  unknown_option_value: ({ row, option, value }) =>
    badRequest(`variants[${row}]: ${value} is not a value of the option ${option}`),
  duplicate_combination: ({ values }) =>
    badRequest(`Two variants have the same options: ${values.join(' / ') || 'none'}`),
  duplicate_sku: ({ skus }) => conflict(`The SKU ${skus.join(', ')} is given to more than one variant`, { skus }),
  sku_taken: ({ skus }) =>
    conflict(
      skus.length > 0
        ? `The SKU ${skus.join(', ')} is already used by another product`
        : 'A SKU is already used by another product',
      { skus },
    ),
  unknown_variant: ({ id }) => badRequest(`Variant ${id} is not one of this product’s (or is given twice)`),
  variant_in_use: ({ skus }) =>
    conflict(
      `The variant ${skus.join(', ')} has stock or sales and would be removed: set its stock to 0 or keep its option values`,
      { skus },
    ),
  stock_unchecked: ({ sku }) =>
    badRequest(`To change the stock of ${sku}, also send expected_available: the stock you loaded`),
  stock_changed: ({ sku, expected, available }) =>
    conflict(
      `The stock of ${sku} changed while you were editing (it was ${expected}, it is ${available} now): reload and try again`,
      { sku, available },
    ),
  price_out_of_range: ({ id }) =>
    unprocessable(`The new price of product ${id} would be above the highest price allowed (${MAX_PRICE})`),
  ...pictureRefusals,
};

/** Admin Products: list, detail, create, update, bulk publish, stock, sales and image uploads. */
export const adminCatalogRoutes: AdminRoutesPlugin = async (app, { services }) => {
  const catalog = services.adminCatalog;

  // Multipart is parsed only in this scope (image uploads); one file, nothing else, 5 MB at most.
  await acceptPictureUploads(app);

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
    async (request) => orThrow(await catalog.get(request.params.id), http),
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
    async (request, reply) =>
      reply.status(201).send(orThrow(await catalog.create(actorOf(request), request.body), http)),
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
    async (request) => orThrow(await catalog.update(actorOf(request), request.params.id, request.body), http),
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
    async (request) => orThrow(await catalog.bulkPublish(actorOf(request), request.body), http),
  );

  app.post(
    '/products/bulk',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Bulk edit: price (set or ± percent), stock of every variant, category, publishing — in one go',
        body: bulkEditBody,
        response: { 200: bulkEditResult, ...errors, 422: errorBody },
      },
    },
    async (request) => orThrow(await catalog.bulkEdit(actorOf(request), request.body), http),
  );

  app.post(
    '/products/:id/stock-adjustments',
    {
      schema: {
        ...adminDoc,
        tags,
        summary: 'Add or remove stock of a variant with a reason (never below 0)',
        params: uuidParam,
        body: stockAdjustmentBody,
        response: { 201: stockAdjustmentResult, ...errors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const adjusted = await catalog.adjustStock(actorOf(request), request.params.id, request.body);
      return reply.status(201).send(orThrow(adjusted, http));
    },
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
    async (request) =>
      orThrow(await catalog.movements(request.params.id, request.query.page, request.query.limit), http),
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
    async (request) => orThrow(await catalog.sales(request.params.id), http),
  );

  app.post(
    '/uploads/images',
    {
      bodyLimit: PICTURE_BODY_LIMIT,
      schema: {
        ...adminDoc,
        tags,
        summary: 'Upload a product picture (multipart field `file`; JPEG, PNG, WebP, GIF or AVIF, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: uploadedImage, ...errors, 413: errorBody },
      },
    },
    async (request, reply) => {
      const buffer = await readPicture(request);
      return reply.status(201).send(orThrow(await catalog.uploadImage(actorOf(request), buffer), http));
    },
  );
};
