import { api } from '../../../lib/http.ts';

/** GET /api/admin/media/…: a product picture as staff see it, published or not, with the session's token. */
export async function getStaffImage(src: string, signal?: AbortSignal): Promise<Blob> {
  return api.get(`admin${src}`, { signal }).blob();
}
