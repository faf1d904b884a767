import {
  brandList,
  categoryList,
  product,
  productIdParam,
  productList,
  productListQuery,
} from '@shop/contracts/catalog';
import { errorBody } from '@shop/contracts/errors';
import type { RoutesPlugin } from '../types.ts';

const tags = ['catalog'];

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
    { schema: { tags, summary: 'Brands with their number of published products', response: { 200: brandList } } },
    () => services.catalog.listBrands(),
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
    (request) => services.catalog.getProduct(request.params.id),
  );
};
