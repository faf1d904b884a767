import { type ProductListQuery, productListQuery } from '@shop/contracts/catalog';
import { LISTING_KEYS, type ListingParams } from './listing-url.ts';

/** Products per listing page: four full rows of the widest grid. */
export const LISTING_PAGE_SIZE = 24;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Deeper pages are refused: nobody pages that far, and huge offsets only cost the database. */
export const MAX_LISTING_PAGE = 1000;

/** Filters a page carries in its path (a category page's category, a brand page's brand): the query cannot override them. */
export interface FixedFilters {
  category?: string;
  brand?: string;
}

export interface ParsedListing {
  /** What `catalog.listProducts` takes. */
  query: ProductListQuery;
  /** The same filters as the form and the links show them. */
  params: ListingParams;
  /** The message of the first value that was ignored, for a notice above the results. */
  problem?: string;
}

/**
 * Reads the listing's filters from a URL query with the API's own schema (contracts `productListQuery`,
 * so the page and GET /api/products accept the same values). A bad value never fails the page: it is
 * dropped, the listing falls back to its default and `problem` carries the API's 400 message.
 * `fixed` holds a category page's own category or a brand page's brand, which the query cannot override.
 */
export function parseListing(search: URLSearchParams, fixed: FixedFilters = {}): ParsedListing {
  const raw: Record<string, string> = {};
  let problem: string | undefined;
  for (const key of LISTING_KEYS) {
    const value = search.get(key);
    if (value === null || value.trim() === '') continue; // an empty GET form field means "no filter"
    // PostgreSQL text cannot hold NUL, and no filter needs control characters.
    if (CONTROL.test(value)) problem ??= `${key} must not contain control characters`;
    else raw[key] = value;
  }
  if (fixed.category !== undefined) raw.category = fixed.category;
  if (fixed.brand !== undefined) raw.brand = fixed.brand;

  // Each round drops the keys the schema refused; a key is never refused twice, so this ends.
  for (let round = 0; round <= LISTING_KEYS.length; round++) {
    const parsed = productListQuery.safeParse({ ...raw, limit: String(LISTING_PAGE_SIZE) });
    if (parsed.success) {
      const query = parsed.data;
      // The page shows its sort order in a select, so what it lists must be in that order: a search
      // without a chosen order is sorted by popularity too, not by the API's relevance default.
      query.sort ??= 'popular';
      if (query.page > MAX_LISTING_PAGE) {
        problem ??= `page must be at most ${MAX_LISTING_PAGE}`;
        query.page = 1;
      }
      return { query, params: toParams(query), ...(problem ? { problem } : {}) };
    }
    let dropped = false;
    for (const issue of parsed.error.issues) {
      problem ??= issue.message;
      const key = issue.path[0];
      const isFixed = (key === 'category' || key === 'brand') && fixed[key] !== undefined;
      if (typeof key === 'string' && key in raw && !isFixed) {
        delete raw[key];
        dropped = true;
      }
    }
    if (!dropped) break;
  }
  // Unreachable with the current schema; the safe answer is the unfiltered first page.
  const query = productListQuery.parse({ limit: String(LISTING_PAGE_SIZE), ...fixed, sort: 'popular' });
  return { query, params: toParams(query), problem: problem ?? 'Invalid filters' };
}

function toParams(query: ProductListQuery): ListingParams {
  const params: ListingParams = { page: query.page };
  // An alias (`clothing`) is made the category's id by the listing's loader, which knows the categories.
  if (query.category) params.category = query.category;
  if (query.subcategory) params.subcategory = query.subcategory;
  if (query.featured) params.featured = query.featured;
  if (query.tag) params.tag = query.tag;
  if (query.brand) params.brand = query.brand;
  if (query.sort) params.sort = query.sort;
  if (query.q) params.q = query.q;
  if (query.min_price !== undefined) params.min_price = query.min_price;
  if (query.max_price !== undefined) params.max_price = query.max_price;
  if (query.in_stock) params.in_stock = true;
  return params;
}
