import {
  brandFacetQuery,
  brandList,
  categoryList,
  product,
  productIdParam,
  productList,
  productListQuery,
} from '@shop/contracts/catalog';
import { errorBody } from '@shop/contracts/errors';
import { type HttpTable, notFound, orThrow } from '../../errors.ts';
import type { RoutesPlugin } from '../types.ts';
import type { ProductNotFound } from './service.ts';

const tags = ['catalog'];

/** The catalogue's expected failures, as HTTP answers. */
const http: HttpTable<ProductNotFound> = {
  product_not_found: () => notFound('Product not found'),
};

/**
 * The public catalogue under /api. Only `products` and `products/:id` live under /products here: the
 * cart module owns the other /products/... paths of spec §7.
 */
export const catalogRoutes: RoutesPlugin = async (app, { services }) => {
  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Categories with subcategories, featured cards and live product counts',
        response: { 200: categoryList },
      },
    },
    () => services.catalog.listCategories(),
  );

  app.get(
    '/brands',
    {
      schema: {
        tags,
        summary: 'Brands with their number of published products, within the listing filters when given',
        description:
          'The brand facets of a product listing: every brand, by name, with the number of published products ' +
          'matching the same filters as GET products (brand itself aside, so the counts show what choosing ' +
          'another brand would find). Without filters, the counts are over the whole catalogue.',
        querystring: brandFacetQuery,
        response: { 200: brandList, 400: errorBody },
      },
    },
    (request) => services.catalog.listBrands(request.query),
  );

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'Published products, filtered, sorted and paged',
        querystring: productListQuery,
        response: { 200: productList, 400: errorBody },
      },
    },
    (request) => services.catalog.listProducts(request.query),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        summary: 'One published product by id or slug',
        params: productIdParam,
        response: { 200: product, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => orThrow(await services.catalog.getProduct(request.params.id), http),
  );
};
