import type { CatalogFormat } from '@shop/contracts/admin-catalog-io';
import { downloadCsv } from '../../admin/index.ts';

/** GET /api/admin/products/export: every product and variant as a CSV download. */
export function exportCatalog(format: CatalogFormat): Promise<void> {
  return downloadCsv('admin/products/export', { format }, `products-${format}.csv`);
}
