import {
  brandFacetQuery,
  brandList,
  brandRecord,
  brandSlugParam,
  categoryList,
  productDetail,
  productIdParam,
  productList,
  productListQuery,
} from '@shop/contracts/catalog';
import { errorBody } from '@shop/contracts/errors';
import { productVariantsAnswer } from '@shop/contracts/variants';
import { type HttpTable, notFound, orThrow } from '../../errors.ts';
import type { RoutesPlugin } from '../types.ts';
import type { BrandNotFound, ProductNotFound } from './service.ts';

const tags = ['catalog'];

/** The catalogue's expected failures, as HTTP answers. */
const http: HttpTable<ProductNotFound | BrandNotFound> = {
  product_not_found: () => notFound('Product not found'),
  brand_not_found: () => notFound('Brand not found'),
};

/**
 * The public catalogue under /api. Only `products`, `products/:id` and `products/:id/variants` live
 * under /products here: the cart module owns the other /products/... paths of docs/product.md §7.
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
    '/brands/:slug',
    {
      schema: {
        tags,
        summary: "One brand's record by its page slug",
        description:
          'Name, logo and description of the brand whose page is /brands/{slug}; its products are GET products?brand={id}.',
        params: brandSlugParam,
        response: { 200: brandRecord, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => orThrow(await services.catalog.getBrand(request.params.slug), http),
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
        description:
          "The product of docs/product.md §3 plus its page's SEO title and description (null when not set) and its brand's name and page slug.",
        params: productIdParam,
        response: { 200: productDetail, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => orThrow(await services.catalog.getProduct(request.params.id), http),
  );

  app.get(
    '/products/:id/variants',
    {
      schema: {
        tags,
        summary: "A published product's options and variants, by id or slug",
        description:
          'The options in order and every variant in position order with its SKU, its values of the options, ' +
          "its price and compare-at price (the product's sale and regular price where it has none of its own), " +
          'its stock and its picture.',
        params: productIdParam,
        response: { 200: productVariantsAnswer, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => orThrow(await services.catalog.getProductVariants(request.params.id), http),
  );
};
