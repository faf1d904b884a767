/**
 * Display names of the spec §2 filter lists. The values themselves (categories: all, electronics,
 * clothing, home, sports, books; sort: popular, newest, price-low, price-high, rating; brands: all,
 * apple, samsung, nike, adidas) come from contracts/catalog.ts through the loader, so the browser never
 * loads the schema module for a few words.
 */
export const CATEGORY_LABELS: Record<string, string> = {
  all: 'All categories',
  electronics: 'Electronics',
  clothing: 'Clothing',
  fashion: 'Clothing',
  home: 'Home & Garden',
  sports: 'Sports & Outdoors',
  books: 'Books & Media',
};

export const SORT_LABELS: Record<string, string> = {
  popular: 'Most popular',
  newest: 'Newest',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  rating: 'Top rated',
};

export const BRAND_LABELS: Record<string, string> = {
  all: 'All brands',
  apple: 'Apple',
  samsung: 'Samsung',
  nike: 'Nike',
  adidas: 'Adidas',
};

/** A label for a value outside the lists (e.g. ?brand=sony from a shared link): the value itself. */
export const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;
