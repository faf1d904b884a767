import { formatCount, plural } from '../../lib/plural.ts';

/**
 * The listing's result line: "Showing 1 product" when one page holds the whole
 * result, "Showing 21–40 of 116 products" otherwise; never "1–1 of 1 products".
 */
export function showingText(first: number, onPage: number, total: number): string {
  if (onPage === 0) return 'No products';
  if (onPage >= total) return `Showing ${plural(total, 'product', 'products')}`;
  const last = first + onPage - 1;
  const range = onPage === 1 ? formatCount(first) : `${formatCount(first)}–${formatCount(last)}`;
  return `Showing ${range} of ${plural(total, 'product', 'products')}`;
}
