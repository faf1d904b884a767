import { createVariantProduct, multipartFile, pngImage } from '../admin-catalog-fixtures.ts';
import { createProduct } from '../cart-fixtures.ts';
import type { RouteSamples } from './types.ts';

/** Sample requests for the admin catalog routes (see admin-access.test.ts). */
export const catalogSamples: RouteSamples = {
  'GET /api/admin/products': { request: () => ({ url: '/api/admin/products?limit=5&sort=name&order=asc' }) },
  'GET /api/admin/product-options': { request: () => ({ url: '/api/admin/product-options' }) },
  'GET /api/admin/products/:id': {
    request: async (t) => ({ url: `/api/admin/products/${(await createProduct(t)).id}` }),
  },
  'POST /api/admin/products': {
    request: () => ({
      url: '/api/admin/products',
      payload: {
        name: `Matrix product ${Math.random().toString(36).slice(2)}`,
        category: 'electronics',
        regular_price: 10,
      },
    }),
  },
  'PATCH /api/admin/products/:id': {
    request: async (t) => ({
      url: `/api/admin/products/${(await createProduct(t)).id}`,
      payload: { description: 'Changed by the matrix test' },
    }),
  },
  'POST /api/admin/products/bulk-publish': {
    request: async (t) => ({
      url: '/api/admin/products/bulk-publish',
      payload: { ids: [(await createProduct(t)).id], published: false },
    }),
  },
  'POST /api/admin/products/bulk': {
    request: async (t) => ({
      url: '/api/admin/products/bulk',
      payload: { ids: [(await createVariantProduct(t, { stock: [1] })).id], stock: 2, published: false },
    }),
  },
  'POST /api/admin/products/:id/stock-adjustments': {
    request: async (t) => ({
      url: `/api/admin/products/${(await createVariantProduct(t, { stock: [1] })).id}/stock-adjustments`,
      payload: { delta: 3, reason: 'Delivery' },
    }),
  },
  'GET /api/admin/products/:id/stock-movements': {
    request: async (t) => ({ url: `/api/admin/products/${(await createProduct(t)).id}/stock-movements` }),
  },
  'GET /api/admin/products/:id/sales': {
    request: async (t) => ({ url: `/api/admin/products/${(await createProduct(t)).id}/sales` }),
  },
  'POST /api/admin/uploads/images': {
    request: async () => {
      const { payload, headers } = multipartFile(await pngImage(40, 30));
      return { url: '/api/admin/uploads/images', payload, headers };
    },
  },
};
