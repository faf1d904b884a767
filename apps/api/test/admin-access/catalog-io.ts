import { catalogImports } from '../../src/db/schema.ts';
import { multipartFile } from '../admin-catalog-fixtures.ts';
import { createProduct } from '../cart-fixtures.ts';
import type { RouteSamples } from './types.ts';

/** Sample requests for product import and export, admin only (see admin-access.test.ts). */
export const catalogIoSamples: RouteSamples = {
  'POST /api/admin/products/import': {
    adminOnly: true,
    request: () => {
      const csv = 'handle,name,category,sku,price\r\nmatrix-tee,Matrix Tee,fashion,matrix-tee,9.99\r\n';
      const { payload, headers } = multipartFile(Buffer.from(csv), { filename: 'p.csv', contentType: 'text/csv' });
      return { url: '/api/admin/products/import?format=shop&mode=dry_run', payload, headers };
    },
  },
  'GET /api/admin/products/imports/:id': {
    adminOnly: true,
    request: async (t) => {
      const [row] = await t.db.insert(catalogImports).values({ format: 'shop', state: 'done' }).returning();
      return { url: `/api/admin/products/imports/${row!.id}` };
    },
  },
  'POST /api/admin/products/:id/missing-images/fetch': {
    adminOnly: true,
    request: async (t) => ({ url: `/api/admin/products/${(await createProduct(t)).id}/missing-images/fetch` }),
  },
  'GET /api/admin/products/export': {
    adminOnly: true,
    request: () => ({ url: '/api/admin/products/export?format=shopify' }),
  },
};
