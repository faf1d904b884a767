import type { FilterValues } from './filter-model.ts';

/**
 * The product listing's URL query: every filter lives in the URL, so a listing can be
 * shared, bookmarked, crawled and reloaded, and works without JavaScript.
 */
export interface ListingParams {
  category?: string;
  subcategory?: string;
  featured?: string;
  tag?: string;
  brand?: string;
  sort?: string;
  q?: string;
  min_price?: number;
  max_price?: number;
  in_stock?: boolean;
  page: number;
}

/**
 * An entry of the category filter: the name it carries (`value`, the first of the category's aliases or
 * its id: the demo's `clothing`), the category it stands for, and what it reads.
 */
export interface CategoryChoice {
  value: string;
  id: string;
  label: string;
}

/** The listing's filter fields, in the order URLs are written (the filter form shows each). */
export const FILTER_KEYS = [
  'category',
  'subcategory',
  'featured',
  'tag',
  'brand',
  'sort',
  'q',
  'min_price',
  'max_price',
  'in_stock',
] as const;

/** The query keys the listing reads: its filters, then the page. */
export const LISTING_KEYS = [...FILTER_KEYS, 'page'] as const;

/** Values that mean "no filter": they are left out of URLs. */
function isDefault(key: string, value: string): boolean {
  if (value === '' || value === 'false') return true;
  if (key === 'category' || key === 'brand') return value === 'all';
  if (key === 'sort') return value === 'popular';
  return key === 'page' && value === '1';
}

function write(entries: Iterable<[string, string]>, omit: readonly string[]): string {
  const search = new URLSearchParams();
  for (const [key, value] of entries) {
    if (!omit.includes(key) && !isDefault(key, value)) search.set(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The query string for `params` without defaults ('all', 'popular', page 1, unchecked in-stock), so equal listings
 * have one URL. `omit` leaves keys out (a category page carries its category in the path).
 */
export function listingSearch(params: ListingParams, omit: readonly string[] = []): string {
  const entries: [string, string][] = [];
  for (const key of LISTING_KEYS) {
    const value = params[key];
    if (value !== undefined) entries.push([key, String(value)]);
  }
  return write(entries, omit);
}

/**
 * The URL query the filter form's values lead to: without empty fields and defaults, trimmed, and
 * from page 1 again (the form has no page field).
 */
export function searchFromValues(
  values: FilterValues,
  omit: readonly string[] = [],
  categories: readonly CategoryChoice[] = [],
): string {
  const entries: [string, string][] = [];
  for (const key of LISTING_KEYS) {
    if (key === 'page') continue;
    const value = values[key].trim();
    // One listing, one URL: a category's filter name (`clothing`) is written as its id (`fashion`).
    entries.push([key, key === 'category' ? (categories.find((c) => c.value === value)?.id ?? value) : value]);
  }
  return write(entries, omit);
}

/**
 * The form's values for the filters that apply. A category shows as its entry of the filter list (the
 * demo's `fashion` category is the list's `clothing`).
 */
export function valuesOf(params: ListingParams, categories: readonly CategoryChoice[] = []): FilterValues {
  const category = params.category ?? 'all';
  return {
    category: categories.find((c) => c.id === category)?.value ?? category,
    subcategory: params.subcategory ?? '',
    featured: params.featured ?? '',
    tag: params.tag ?? '',
    brand: params.brand ?? 'all',
    sort: params.sort ?? 'popular',
    q: params.q ?? '',
    min_price: params.min_price === undefined ? '' : String(params.min_price),
    max_price: params.max_price === undefined ? '' : String(params.max_price),
    in_stock: params.in_stock ? 'true' : '',
  };
}
