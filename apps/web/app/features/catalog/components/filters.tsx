import type { ChangeEvent, FocusEvent, FormEvent, KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { type BrandFacet, brandOptions } from '../brand-options.ts';
import { type FilterKey, isTextKey } from '../filter-model.ts';
import { labelOf, SORT_LABELS } from '../labels.ts';
import type { CategoryChoice, ListingParams } from '../listing-url.ts';
import { useFilterModel } from '../use-filter-model.ts';

/** The filters a listing page can carry in its path instead of its form. */
export type FixedKey = 'category' | 'brand';

export interface FilterOptions {
  /** The category filter's entries, `all` first: the shop's categories, in menu order. */
  categories: readonly CategoryChoice[];
  sorts: readonly string[];
  /** Every brand with its count in the current result, brand filter aside (the brand facets). */
  brands: readonly BrandFacet[];
}

const selectClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-slate-900';

/** The list, plus a value from the URL that is not in it, so the select shows what is applied. */
function withCurrent(list: readonly string[], current: string): readonly string[] {
  return current && !list.includes(current) ? [...list, current] : list;
}

/**
 * The listing's filters (docs/product.md §2 filter lists, price range, in stock, search), one model for all:
 * every control applies as it changes — choices at once, typed text after a
 * short pause — and navigates in place. Typing is never overwritten by a navigation (filter-model.ts).
 * Without JavaScript it is a plain GET form with an Apply button. A category page leaves the category
 * out, a brand page the brand (`fixed`).
 */
export function Filters({
  path,
  params,
  options,
  fixed = [],
}: {
  path: string;
  params: ListingParams;
  options: FilterOptions;
  fixed?: readonly FixedKey[];
}) {
  const { model, values } = useFilterModel(path, params, fixed, options.categories);

  // The controls are controlled by the model; these hand it what the shopper does.
  const choose = (event: ChangeEvent<HTMLSelectElement>) =>
    model.choose(event.target.name as FilterKey, event.target.value);
  const type = (event: ChangeEvent<HTMLInputElement>) => {
    const key = event.target.name as FilterKey;
    if (isTextKey(key)) model.type(key, event.target.value);
  };
  const focus = (event: FocusEvent<HTMLInputElement>) => {
    const key = event.target.name as FilterKey;
    if (isTextKey(key)) model.focus(key);
  };
  const blur = (event: FocusEvent<HTMLInputElement>) => {
    const key = event.target.name as FilterKey;
    if (isTextKey(key)) model.blur(key);
  };
  const enter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') model.flush();
  };
  // Enter submits a form: with JavaScript the model has already applied it.
  const submit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  const text = { onChange: type, onFocus: focus, onBlur: blur, onKeyDown: enter };

  return (
    <form method="get" action={path} onSubmit={submit} aria-label="Filter products" className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor="filter-q">Search</Label>
        <Input id="filter-q" type="search" name="q" value={values.q} placeholder="Search products" {...text} />
      </div>
      {fixed.includes('category') ? null : (
        <div className="space-y-1.5">
          <Label htmlFor="filter-category">Category</Label>
          <select
            id="filter-category"
            name="category"
            value={values.category}
            onChange={choose}
            className={selectClass}
          >
            {withCurrent(
              options.categories.map((c) => c.value),
              values.category,
            ).map((value) => (
              <option key={value} value={value}>
                {options.categories.find((c) => c.value === value)?.label ?? value}
              </option>
            ))}
          </select>
        </div>
      )}
      {values.subcategory ? <input type="hidden" name="subcategory" value={values.subcategory} /> : null}
      {values.featured ? <input type="hidden" name="featured" value={values.featured} /> : null}
      {values.tag ? <input type="hidden" name="tag" value={values.tag} /> : null}
      {fixed.includes('brand') ? null : (
        <div className="space-y-1.5">
          <Label htmlFor="filter-brand">Brand</Label>
          <select id="filter-brand" name="brand" value={values.brand} onChange={choose} className={selectClass}>
            {brandOptions(options.brands, values.brand).map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="space-y-1.5">
        <Label htmlFor="filter-sort">Sort by</Label>
        <select id="filter-sort" name="sort" value={values.sort} onChange={choose} className={selectClass}>
          {withCurrent(options.sorts, values.sort).map((value) => (
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
            value={values.min_price}
            {...text}
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
            value={values.max_price}
            {...text}
          />
        </div>
      </fieldset>
      <div className="flex items-center gap-2">
        <input
          id="filter-in-stock"
          type="checkbox"
          name="in_stock"
          value="true"
          checked={values.in_stock === 'true'}
          onChange={(event) => model.choose('in_stock', event.target.checked ? 'true' : '')}
          className="size-4 accent-slate-900"
        />
        <Label htmlFor="filter-in-stock">In stock only</Label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {/* Without JavaScript nothing applies by itself: the browser submits the form as a GET query. */}
        <noscript>
          <Button type="submit">Apply filters</Button>
        </noscript>
        <Link to={path} className="text-sm underline underline-offset-4 hover:text-slate-700">
          Reset filters
        </Link>
      </div>
    </form>
  );
}
