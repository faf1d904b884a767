import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { CardProduct } from '../card.ts';
import { type ListingParams, listingSearch } from '../listing-url.ts';
import { showingText } from '../showing.ts';
import { type FilterOptions, Filters, type FixedKey } from './filters.tsx';
import { Pagination } from './pagination.tsx';
import { EAGER_CARDS, ProductGrid } from './product-grid.tsx';

/** What a listing loader hands the page (products.tsx, category.tsx). */
export interface ListingData {
  params: ListingParams;
  /** The API's message for a query value that was ignored. */
  problem?: string;
  products: CardProduct[];
  total: number;
  totalPages: number;
  pageSize: number;
  options: FilterOptions;
  /** Display names of the active category / subcategory / featured filters, when known. */
  names: { category?: string; subcategory?: string; featured?: string };
}

/**
 * A product listing: filters, the count, active filters as removable chips, the grid, pagination, and
 * an empty state with a way back. Server-rendered, so names and prices are in the HTML.
 */
export function ProductListing({
  path,
  data,
  fixed = [],
}: {
  path: string;
  data: ListingData;
  /** Filters the page's path carries (a category or brand page's own): no control, not in links. */
  fixed?: readonly FixedKey[];
}) {
  const { params, products, total, totalPages } = data;
  const omit = fixed;
  const first = (params.page - 1) * data.pageSize + 1;
  const without = (key: keyof ListingParams) => {
    const rest: ListingParams = { ...params, page: 1 };
    delete rest[key];
    return `${path}${listingSearch(rest, omit)}`;
  };
  const chips: { key: keyof ListingParams; label: string }[] = [];
  if (params.subcategory) chips.push({ key: 'subcategory', label: data.names.subcategory ?? params.subcategory });
  if (params.featured) chips.push({ key: 'featured', label: data.names.featured ?? params.featured });
  if (params.tag) chips.push({ key: 'tag', label: params.tag });
  if (params.q) chips.push({ key: 'q', label: `“${params.q}”` });
  // Below the two-column layout the filters fold behind a button, so a phone's first screen shows
  // products; from `lg` up they stand beside the grid as they always did.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
      <aside aria-label="Filters">
        <button
          type="button"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
          className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 px-4 font-medium text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-slate-900 lg:hidden"
        >
          Filters
          <span aria-hidden="true" className={filtersOpen ? 'rotate-180' : undefined}>
            ▾
          </span>
        </button>
        <div id={filtersId} data-testid="filters-panel" className={filtersOpen ? 'mt-4 lg:mt-0' : 'hidden lg:block'}>
          {/* Not keyed by the URL: a navigation must not re-create the form under the shopper's typing. */}
          <Filters path={path} params={params} options={data.options} fixed={fixed} />
        </div>
      </aside>
      <section aria-labelledby="results-heading">
        <h2 id="results-heading" className="sr-only">
          Results
        </h2>
        {data.problem ? (
          <p
            role="status"
            className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 text-sm"
          >
            Some filters were ignored: {data.problem}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <p aria-live="polite" className="text-slate-700 text-sm">
            {showingText(first, products.length, total)}
          </p>
          {chips.length > 0 ? (
            <ul aria-label="Active filters" className="flex flex-wrap gap-2">
              {chips.map((chip) => (
                <li key={chip.key}>
                  <Link
                    to={without(chip.key)}
                    className="inline-flex items-center gap-1 rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100"
                  >
                    {chip.label}
                    <span aria-hidden="true">×</span>
                    <span className="sr-only">(remove filter)</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {products.length === 0 ? (
          <div className="mt-6 rounded-lg border border-slate-300 border-dashed px-6 py-12 text-center">
            <h3 className="font-semibold text-lg">No products found</h3>
            <p className="mt-2 text-slate-600">
              {params.page > 1 && total > 0
                ? 'This page is past the last page of results.'
                : 'No products match these filters. Try fewer filters or another search.'}
            </p>
            <Link
              to={path}
              className="mt-6 inline-block rounded-md bg-slate-900 px-5 py-2.5 font-medium text-sm text-white hover:bg-slate-700"
            >
              Reset filters
            </Link>
          </div>
        ) : (
          <div className="mt-6">
            <ProductGrid products={products} eager={EAGER_CARDS} />
          </div>
        )}
        <Pagination path={path} params={params} totalPages={totalPages} omit={omit} />
      </section>
    </div>
  );
}
