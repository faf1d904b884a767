/** Display names of the listing's sort list (the categories' are theirs, from the catalogue). */
export const SORT_LABELS: Record<string, string> = {
  popular: 'Most popular',
  newest: 'Newest',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  rating: 'Top rated',
};

/** A label for a value outside the lists (e.g. ?sort=… from an old link): the value itself. */
export const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;
