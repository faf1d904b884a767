/**
 * The catalogue's category names and the listing's option lists (spec §2 "Filter option lists",
 * spec §3 display names). Free of zod on purpose: the browser imports it for a few words.
 */

/** spec §3: one display name per category, used everywhere a category is named (issue 11 point 11). */
export const CATEGORY_NAMES = {
  electronics: 'Electronics',
  fashion: 'Fashion',
  home: 'Home & Garden',
  sports: 'Sports & Outdoors',
  books: 'Books & Media',
} as const;
export type CategoryId = keyof typeof CATEGORY_NAMES;

/** DESIGN §7: `clothing` is the spec filter list's name of the `fashion` category. */
export const CATEGORY_ALIASES: Readonly<Record<string, CategoryId>> = { clothing: 'fashion' };

/** The category id a filter value stands for: an alias resolved, anything else as it is. */
export const categoryIdOf = (value: string): string => CATEGORY_ALIASES[value] ?? value;

/** The display name of a category id or alias; undefined for an id the spec does not name. */
export function categoryName(value: string): string | undefined {
  const id = categoryIdOf(value);
  return Object.hasOwn(CATEGORY_NAMES, id) ? CATEGORY_NAMES[id as CategoryId] : undefined;
}

/** spec §2 filter lists. They stay the first entries of their selects; brands add the result's own. */
export const FILTER_CATEGORIES = ['all', 'electronics', 'clothing', 'home', 'sports', 'books'] as const;
export const SORTS = ['popular', 'newest', 'price-low', 'price-high', 'rating'] as const;
export const FILTER_BRANDS = ['all', 'apple', 'samsung', 'nike', 'adidas'] as const;
