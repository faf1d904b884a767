import { categoryName } from '@shop/contracts/categories';

/**
 * Display names of the spec §2 filter lists. Category names come from the one list in contracts
 * (spec §3 display names), so the filter's `clothing` reads "Fashion" like the menu's `fashion`.
 */
export const categoryLabel = (value: string): string =>
  value === 'all' ? 'All categories' : (categoryName(value) ?? value);

export const SORT_LABELS: Record<string, string> = {
  popular: 'Most popular',
  newest: 'Newest',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  rating: 'Top rated',
};

/** A label for a value outside the lists (e.g. ?sort=… from an old link): the value itself. */
export const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;
