import { pngImage } from '../admin-catalog-fixtures.ts';
import { createProduct } from '../cart-fixtures.ts';
import type { RouteSamples } from './types.ts';

/** Sample requests for the staff's product pictures, drafts included (see admin-access.test.ts). */
export const mediaSamples: RouteSamples = {
  'GET /api/admin/media/uploads/:id/:file': {
    request: async (t) => {
      const { media } = t.app.services;
      const encoded = await media.encode(await pngImage(20, 20));
      if (!encoded.ok) throw new Error(`sample picture refused: ${encoded.reason}`);
      const image = await media.store(t.db, encoded.value, null);
      return { url: `/api/admin${image.thumb_url}` };
    },
  },
  'GET /api/admin/media/products/:slug/:file': {
    request: async (t) => ({
      url: `/api/admin/media/products/${(await createProduct(t, { published: false })).slug}/1.svg`,
    }),
  },
};
