import { api } from '../../../lib/http.ts';

/** POST admin/storefront-preview: staff get a preview cookie bound to their session (docs/adr/016-staff-preview-during-maintenance.md). */
export async function startStorefrontPreview(): Promise<void> {
  await api.post('admin/storefront-preview');
}
