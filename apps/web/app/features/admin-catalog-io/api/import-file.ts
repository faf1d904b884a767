import type { CatalogFormat, ImportReport } from '@shop/contracts/admin-catalog-io';
import { catalogImport, importReport } from '@shop/contracts/admin-catalog-io';
import { useMutation } from '@tanstack/react-query';
import { AdminApiError, adminApi } from '../../admin/index.ts';

export interface ImportFileInput {
  file: File;
  format: CatalogFormat;
  /** A category id, or '' to refuse products of an unknown category. */
  defaultCategory: string;
  /** Import without the pictures that cannot be fetched (the dry run offers it when some fail). */
  skipFailedImages?: boolean;
  /** Accept the suffixes the dry run proposes for SKUs given twice. */
  acceptDuplicateSkus?: boolean;
}

function importPath(input: ImportFileInput, mode: 'dry_run' | 'apply', importId?: string): string {
  const query = new URLSearchParams({ format: input.format, mode });
  if (input.defaultCategory) query.set('default_category', input.defaultCategory);
  // The dry run fetches the pictures too, so its report lists those that fail.
  if (mode === 'dry_run') query.set('check_images', 'true');
  if (input.skipFailedImages) query.set('skip_failed_images', 'true');
  if (input.acceptDuplicateSkus) query.set('resolve_duplicate_skus', 'suffix');
  if (importId) query.set('import_id', importId);
  return `products/import?${query}`;
}

function form(file: File): FormData {
  const data = new FormData();
  data.append('file', file);
  return data;
}

/** The refusals of a `refused` import (`details.refusals`), when the apply found rows to refuse. */
export function refusalsOf(error: unknown): ImportReport['refusals'] | undefined {
  if (!(error instanceof AdminApiError) || error.reason !== 'refused') return undefined;
  return error.details?.refusals as ImportReport['refusals'] | undefined;
}

/** POST /api/admin/products/import?mode=dry_run: what the file would do; nothing is written. */
export function useDryRun() {
  return useMutation({
    mutationFn: (input: ImportFileInput) =>
      adminApi.upload(importReport, importPath(input, 'dry_run'), form(input.file)),
  });
}

/**
 * POST /api/admin/products/import?mode=apply: starts the import (202) and answers its record to follow.
 * The page names the import, so a retried request (the client retries on a lost answer) finds the one
 * already started (`import_exists`) and follows it instead of starting another.
 */
export function useApplyImport() {
  return useMutation({
    mutationFn: async (input: ImportFileInput): Promise<{ id: string }> => {
      const id = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : undefined;
      try {
        return await adminApi.upload(catalogImport, importPath(input, 'apply', id), form(input.file));
      } catch (error) {
        if (id && error instanceof AdminApiError && error.reason === 'import_exists') return { id };
        throw error;
      }
    },
  });
}
