import { encodeUpload, storeUpload } from '../../src/modules/media/uploads.ts';
import { pngImage } from '../admin-catalog-fixtures.ts';
import { createProduct } from '../cart-fixtures.ts';
import type { RouteSamples } from './types.ts';

/** Sample requests for the staff's product pictures, drafts included (see admin-access.test.ts). */
export const mediaSamples: RouteSamples = {
  'GET /api/admin/media/uploads/:id/:file': {
    request: async (t) => {
      const image = await storeUpload(t.db, await encodeUpload(await pngImage(20, 20)), null, new Date());
      return { url: `/api/admin${image.thumb_url}` };
    },
  },
  'GET /api/admin/media/products/:slug/:file': {
    request: async (t) => ({
      url: `/api/admin/media/products/${(await createProduct(t, { published: false })).slug}/1.svg`,
    }),
  },
};
