/**
 * The product listing's URL query (issue 3): every filter lives in the URL, so a listing can be
 * shared, bookmarked, crawled and reloaded, and works without JavaScript.
 */
export interface ListingParams {
  category?: string;
  subcategory?: string;
  featured?: string;
  brand?: string;
  sort?: string;
  q?: string;
  min_price?: number;
  max_price?: number;
  in_stock?: boolean;
  page: number;
}

/** The query keys the listing reads, in the order URLs are written. */
export const LISTING_KEYS = [
  'category',
  'subcategory',
  'featured',
  'brand',
  'sort',
  'q',
  'min_price',
  'max_price',
  'in_stock',
  'page',
] as const;

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
 * The URL query a filter form leads to: like the browser's own GET submission, but without empty
 * fields and defaults, and from page 1 again (the form has no page field).
 */
export function searchFromForm(data: FormData, omit: readonly string[] = []): string {
  const entries: [string, string][] = [];
  for (const key of LISTING_KEYS) {
    const value = data.get(key);
    if (key !== 'page' && typeof value === 'string') entries.push([key, value.trim()]);
  }
  return write(entries, omit);
}
