import { z } from 'zod';

/**
 * Product import and export (ADR 024): our own CSV (`shop`, one row per variant) and Shopify's
 * product CSV (`shopify`). An import is checked first (`dry_run`: counts and refusals, nothing written),
 * then applied in one transaction (`apply`) while the admin page follows its progress.
 */
export const CATALOG_FORMATS = ['shop', 'shopify'] as const;
export type CatalogFormat = (typeof CATALOG_FORMATS)[number];
export const IMPORT_MODES = ['dry_run', 'apply'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** The largest file an import takes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** At most this many refusals are listed in an answer (`refusals_total` counts them all). */
export const MAX_LISTED_REFUSALS = 500;

const format = z.enum(CATALOG_FORMATS, { error: 'format must be shop or shopify' });

/** A query flag: `true` or `false` (absent: false). */
const flag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => v === 'true');

export const importQuery = z.object({
  format,
  mode: z.enum(IMPORT_MODES, { error: 'mode must be dry_run or apply' }),
  /**
   * Where a product goes whose category (our CSV) or Type (Shopify) names no category of the shop: a
   * category id. Unset, such a product is refused.
   */
  default_category: z
    .string()
    .trim()
    .max(50, 'default_category must be at most 50 characters')
    .optional()
    .transform((v) => v || undefined),
  /**
   * Fetch the file's pictures in the dry run too (the admin page does), so its report lists those that
   * fail; the pictures fetched are stored, and the apply does not fetch them again.
   */
  check_images: flag('check_images'),
  /**
   * Import even when some pictures cannot be fetched: the products are imported without them and keep
   * their addresses (`missing_images`) to fetch again later. Unset, one failed picture fails the import.
   */
  skip_failed_images: flag('skip_failed_images'),
  /**
   * How a SKU given twice in the file is resolved: `suffix` gives each later one the first free
   * `SKU-2`, `SKU-3`… (the dry run lists them). Unset, such rows are refused.
   */
  resolve_duplicate_skus: z.enum(['suffix'], { error: 'resolve_duplicate_skus must be suffix' }).optional(),
  /** The id the import's progress record gets (the admin page picks it so it can follow it); optional. */
  import_id: z.uuid('import_id must be a UUID').optional(),
});
export type ImportQuery = z.infer<typeof importQuery>;

export const exportQuery = z.object({ format: format.default('shop') });

/** One refused row: its line in the file (1 is the header) and why. */
export const importRefusal = z.object({ line: z.number().int(), reason: z.string() });
export type ImportRefusal = z.infer<typeof importRefusal>;

/** A picture that could not be fetched: the line naming it first, its address and why. */
export const failedImage = z.object({ line: z.number().int(), url: z.string(), reason: z.string() });
export type FailedImage = z.infer<typeof failedImage>;

/** A SKU given again in the file: the line, the SKU, where it was first, and the SKU it gets when accepted. */
export const duplicateSku = z.object({
  line: z.number().int(),
  sku: z.string(),
  first_line: z.number().int(),
  resolved_as: z.string(),
});
export type DuplicateSku = z.infer<typeof duplicateSku>;

const counts = z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int() });

/** What an import does, or would do: products and variants created, updated or unchanged, and refusals. */
export const importReport = z.object({
  format,
  /** Data rows read (the header not counted). */
  rows: z.number().int(),
  products: counts,
  variants: counts,
  brands: z.object({ create: z.number().int() }),
  /** Pictures given by URL: to fetch, or already stored by an earlier import. */
  images: z.object({ fetch: z.number().int(), stored: z.number().int() }),
  refusals: z.array(importRefusal),
  refusals_total: z.number().int(),
  /**
   * Pictures that could not be fetched (by the apply, or by a dry run with `check_images`): importing
   * them needs `skip_failed_images`. Absent in records written before they were reported.
   */
  failed_images: z.array(failedImage).optional(),
  /** SKUs given more than once in the file and what `resolve_duplicate_skus=suffix` makes of them. */
  duplicate_skus: z.array(duplicateSku).optional(),
  /** Products whose Type / Product Category / category matches none of the shop's: they need a default category. */
  uncategorized: z.number().int().optional(),
});
export type ImportReport = z.infer<typeof importReport>;

export const IMPORT_STATES = ['running', 'done', 'failed'] as const;

/** An applied import and its progress (`done_rows` of `total_rows`), then its outcome. */
export const catalogImport = z.object({
  id: z.string(),
  format: z.string(),
  file_name: z.string().nullable(),
  state: z.enum(IMPORT_STATES),
  total_rows: z.number().int(),
  done_rows: z.number().int(),
  summary: importReport.nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type CatalogImport = z.infer<typeof catalogImport>;

/** What fetching a product's missing pictures again did: the product's pictures now, and those still missing. */
export const refetchAnswer = z.object({
  images: z.array(z.string()),
  missing_images: z.array(z.string()),
  fetched: z.number().int(),
  failed: z.array(z.object({ url: z.string(), reason: z.string() })),
});
export type RefetchAnswer = z.infer<typeof refetchAnswer>;
