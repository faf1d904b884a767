import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { type ListingParams, listingSearch } from '../listing-url.ts';
import { pageItems } from '../page-items.ts';

const item = 'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm';
const link = cn(
  item,
  'border border-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900',
);

/**
 * Page links of a listing: plain links with page numbers, so crawlers and browsers without
 * JavaScript can page too; the current page carries aria-current.
 */
export function Pagination({
  path,
  params,
  totalPages,
  omit = [],
}: {
  /** The listing's path, e.g. /products or /products/category/books. */
  path: string;
  params: ListingParams;
  totalPages: number;
  omit?: readonly string[];
}) {
  if (totalPages <= 1) return null;
  const current = params.page;
  const href = (page: number) => `${path}${listingSearch({ ...params, page }, omit)}`;
  return (
    <nav aria-label="Pagination" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {current > 1 ? (
          <li>
            <Link to={href(current - 1)} className={link} rel="prev">
              Previous
            </Link>
          </li>
        ) : null}
        {pageItems(current, totalPages).map((p, i) =>
          p === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their position
            <li key={`gap-${i}`} className={cn(item, 'text-slate-600')} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === current ? (
                <Link
                  to={href(p)}
                  aria-current="page"
                  aria-label={`Page ${p}`}
                  className={cn(link, 'border-slate-900 bg-slate-900 text-white hover:bg-slate-800')}
                >
                  {p}
                </Link>
              ) : (
                <Link to={href(p)} aria-label={`Page ${p}`} className={link}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        {current < totalPages ? (
          <li>
            <Link to={href(current + 1)} className={link} rel="next">
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
