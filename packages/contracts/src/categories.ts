/**
 * The listing's fixed option lists. The categories are not among them: they are the shop's own, read from
 * the catalogue (docs/adr/035-owner-categories.md). Free of zod on purpose: the browser imports it.
 */

/** The listing's sorts, and the brands its brand filter lists first (the result's own follow). */
export const SORTS = ['popular', 'newest', 'price-low', 'price-high', 'rating'] as const;
export const FILTER_BRANDS = ['all', 'apple', 'samsung', 'nike', 'adidas'] as const;
