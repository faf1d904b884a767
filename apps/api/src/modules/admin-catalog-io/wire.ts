import type { CatalogImport, ImportReport } from '@shop/contracts/admin-catalog-io';
import type { ImportRow } from './repository.ts';

/** An import record as the admin page reads it. */
export function toImportWire(row: ImportRow): CatalogImport {
  return {
    id: row.id,
    format: row.format,
    file_name: row.fileName,
    state: row.state,
    total_rows: row.totalRows,
    done_rows: row.doneRows,
    summary: (row.summary as ImportReport | null) ?? null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
