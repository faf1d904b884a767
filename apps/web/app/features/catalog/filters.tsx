import type { ChangeEvent, FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { BRAND_LABELS, CATEGORY_LABELS, labelOf, SORT_LABELS } from './labels.ts';
import { type ListingParams, searchFromForm } from './listing-url.ts';

export interface FilterOptions {
  categories: readonly string[];
  sorts: readonly string[];
  brands: readonly string[];
}

const selectClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-slate-900';

/** The list, plus a value from the URL that is not in it, so the select shows what is applied. */
function withCurrent(list: readonly string[], current: string | undefined): readonly string[] {
  return current && !list.includes(current) ? [...list, current] : list;
}

/**
 * The listing's filters (spec §2 filter lists, price range, in stock, search) as one GET form: without
 * JavaScript the browser submits it as a URL query; with JavaScript a change navigates in place (no
 * full reload) to the same URL, minus empty fields. `fixedCategory` pages leave the category out.
 */
export function Filters({
  path,
  params,
  options,
  fixedCategory = false,
}: {
  path: string;
  params: ListingParams;
  options: FilterOptions;
  fixedCategory?: boolean;
}) {
  const navigate = useNavigate();
  const omit = fixedCategory ? ['category'] : [];
  // The menu's links use the category id `fashion`; the spec's filter list calls it `clothing`.
  const category = params.category === 'fashion' ? 'clothing' : (params.category ?? 'all');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(`${path}${searchFromForm(new FormData(event.currentTarget), omit)}`, { preventScrollReset: true });
  }

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const field = event.target as unknown as HTMLInputElement | HTMLSelectElement;
    // Typing a price or a search applies on Enter or the button; choices apply at once.
    if (field.tagName !== 'SELECT' && field.type !== 'checkbox') return;
    const form = event.currentTarget;
    // A subcategory belongs to its category: a new category starts without one.
    if (field.name === 'category') {
      const sub = form.elements.namedItem('subcategory');
      if (sub instanceof HTMLInputElement) sub.value = '';
    }
    form.requestSubmit();
  }

  return (
    <form
      method="get"
      action={path}
      onSubmit={onSubmit}
      onChange={onChange}
      aria-label="Filter products"
      className="space-y-4"
    >
      <div className="space-y-1.5">
        <Label htmlFor="filter-q">Search</Label>
        <Input id="filter-q" type="search" name="q" defaultValue={params.q ?? ''} placeholder="Search products" />
      </div>
      {fixedCategory ? null : (
        <div className="space-y-1.5">
          <Label htmlFor="filter-category">Category</Label>
          <select id="filter-category" name="category" defaultValue={category} className={selectClass}>
            {withCurrent(options.categories, category).map((value) => (
              <option key={value} value={value}>
                {labelOf(CATEGORY_LABELS, value)}
              </option>
            ))}
          </select>
        </div>
      )}
      {params.subcategory ? <input type="hidden" name="subcategory" defaultValue={params.subcategory} /> : null}
      {params.featured ? <input type="hidden" name="featured" defaultValue={params.featured} /> : null}
      <div className="space-y-1.5">
        <Label htmlFor="filter-brand">Brand</Label>
        <select id="filter-brand" name="brand" defaultValue={params.brand ?? 'all'} className={selectClass}>
          {withCurrent(options.brands, params.brand).map((value) => (
            <option key={value} value={value}>
              {labelOf(BRAND_LABELS, value)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="filter-sort">Sort by</Label>
        <select id="filter-sort" name="sort" defaultValue={params.sort ?? 'popular'} className={selectClass}>
          {options.sorts.map((value) => (
            <option key={value} value={value}>
              {labelOf(SORT_LABELS, value)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="space-y-1.5">
        <legend className="font-medium text-slate-800 text-sm">Price (USD)</legend>
        <div className="flex items-center gap-2">
          <Label htmlFor="filter-min" className="sr-only">
            Minimum price
          </Label>
          <Input
            id="filter-min"
            type="number"
            name="min_price"
            min={0}
            step="0.01"
            inputMode="decimal"
            placeholder="Min"
            defaultValue={params.min_price ?? ''}
          />
          <span aria-hidden="true">–</span>
          <Label htmlFor="filter-max" className="sr-only">
            Maximum price
          </Label>
          <Input
            id="filter-max"
            type="number"
            name="max_price"
            min={0}
            step="0.01"
            inputMode="decimal"
            placeholder="Max"
            defaultValue={params.max_price ?? ''}
          />
        </div>
      </fieldset>
      <div className="flex items-center gap-2">
        <input
          id="filter-in-stock"
          type="checkbox"
          name="in_stock"
          value="true"
          defaultChecked={params.in_stock === true}
          className="size-4 accent-slate-900"
        />
        <Label htmlFor="filter-in-stock">In stock only</Label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">Apply filters</Button>
        <Link to={path} className="text-sm underline underline-offset-4 hover:text-slate-700">
          Reset filters
        </Link>
      </div>
    </form>
  );
}
