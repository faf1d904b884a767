export type PageItem = number | 'gap';

/**
 * The page numbers a pagination bar shows: always the first and last page and the current one with
 * its neighbours; runs of hidden pages become one 'gap'. Up to 7 pages are all shown.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), totalPages);
  // Near either end, show five pages there so the bar keeps the same width.
  const from = page <= 4 ? 2 : page >= totalPages - 3 ? totalPages - 4 : page - 1;
  const to = page <= 4 ? 5 : page >= totalPages - 3 ? totalPages - 1 : page + 1;
  const items: PageItem[] = [1];
  if (from > 2) items.push('gap');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < totalPages - 1) items.push('gap');
  items.push(totalPages);
  return items;
}
