import type { AdminProduct } from '@shop/contracts/admin-catalog';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { Plus, Search } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import {
  AdminPage,
  Amount,
  DataTable,
  formatDate,
  Pagination,
  QueryState,
  readListParams,
  useListParams,
} from '../../admin/index.ts';
import { type CatalogNames, useCatalogNames, useProductOptions } from '../api/get-product-options.ts';
import { type ProductListParams, useProducts } from '../api/get-products.ts';
import { thumbOf } from '../images.ts';
import { BulkEditBar } from './bulk-edit-bar.tsx';
import { StaffImage } from './staff-image.tsx';

const ALL = 'all';
const LIMIT = 20;
const SORTS = [
  { value: 'date_added:desc', label: 'Newest first' },
  { value: 'date_added:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'price:asc', label: 'Price: low to high' },
  { value: 'price:desc', label: 'Price: high to low' },
  { value: 'stock:asc', label: 'Stock: low to high' },
  { value: 'stock:desc', label: 'Stock: high to low' },
  { value: 'sold:desc', label: 'Best selling' },
  { value: 'sold:asc', label: 'Least sold' },
] as const;

/** The list's columns; categories by their display names. */
const columnsWith = (names: CatalogNames): ColumnDef<AdminProduct, unknown>[] => [
  {
    id: 'image',
    header: () => <span className="sr-only">Picture</span>,
    cell: ({ row }) => {
      const src = row.original.images[0];
      return src ? (
        <StaffImage
          src={thumbOf(src)}
          alt=""
          width={40}
          height={40}
          className="size-10 max-w-none shrink-0 rounded bg-slate-100 object-cover"
        />
      ) : (
        <div className="size-10 shrink-0 rounded bg-slate-100" />
      );
    },
  },
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <div>
        <Link
          to={`/admin/products/view-product/${row.original.id}`}
          className="font-medium underline-offset-2 hover:underline"
        >
          {row.original.name}
        </Link>
        <div className="text-slate-600 text-xs">{row.original.slug}</div>
      </div>
    ),
  },
  { id: 'category', header: 'Category', cell: ({ row }) => names.category(row.original.category) },
  {
    id: 'price',
    header: 'Price',
    cell: ({ row }) => (
      <span>
        <Amount value={row.original.sale_price} />
        {row.original.percentage_discount > 0 ? (
          <span className="ml-1 text-slate-600 text-xs line-through">
            <Amount value={row.original.regular_price} />
          </span>
        ) : null}
      </span>
    ),
  },
  {
    id: 'stock',
    header: 'Stock',
    cell: ({ row }) => (
      <span className={row.original.available === 0 ? 'font-medium text-red-700' : undefined}>
        {row.original.available === 0 ? 'Out of stock' : row.original.available}
      </span>
    ),
  },
  { id: 'sold', header: 'Sold', cell: ({ row }) => row.original.sold_count },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) =>
      row.original.published ? (
        <span className="rounded bg-green-100 px-2 py-0.5 text-green-800 text-xs">Published</span>
      ) : (
        <span className="rounded bg-slate-200 px-2 py-0.5 text-slate-800 text-xs">Draft</span>
      ),
  },
  { id: 'added', header: 'Added', cell: ({ row }) => formatDate(row.original.date_added) },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => (
      <div className="flex gap-3 text-sm">
        <Link to={`/admin/products/view-product/${row.original.id}`} className="underline underline-offset-2">
          View<span className="sr-only"> {row.original.name}</span>
        </Link>
        <Link to={`/admin/products/edit-product/${row.original.id}`} className="underline underline-offset-2">
          Edit<span className="sr-only"> {row.original.name}</span>
        </Link>
      </div>
    ),
  },
];

const PRODUCT_LIST_KEYS = ['q', 'category', 'published', 'stock', 'sort'] as const;

/** The list's query as the URL keeps it (`?sort=field:order`); the route's loader fetches the same. */
export function productListParams(search: URLSearchParams): ProductListParams {
  const { values, page } = readListParams(search, PRODUCT_LIST_KEYS);
  const [sort = 'date_added', order = 'desc'] = (values.sort || 'date_added:desc').split(':');
  return {
    q: values.q,
    category: values.category,
    published: values.published,
    stock: values.stock,
    sort,
    order,
    page,
    limit: LIMIT,
  };
}

/** Admin Products index: search, filters, sort, pages, and bulk edit of the selected rows. */
export function ProductListPage() {
  const [urlParams] = useSearchParams();
  const { values, set } = useListParams(PRODUCT_LIST_KEYS);
  const params = productListParams(urlParams);
  const query = useProducts(params);
  const options = useProductOptions();
  const names = useCatalogNames();
  const columns = useMemo(() => columnsWith(names), [names]);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [search, setSearch] = useState(values.q);
  const selected = Object.keys(selection).filter((id) => selection[id]);

  const categoryOptions = useMemo(
    () => [
      { value: ALL, label: 'All categories' },
      ...(options.data?.categories.map((c) => ({ value: c.id, label: c.name })) ?? []),
    ],
    [options.data],
  );

  function onSearch(event: FormEvent) {
    event.preventDefault();
    setSelection({});
    set({ q: search.trim() });
  }

  function filter(key: 'category' | 'published' | 'stock' | 'sort', value: string) {
    setSelection({});
    set({ [key]: value === ALL ? '' : value });
  }

  return (
    <AdminPage
      title="Products"
      description="Every product in the catalogue, drafts included."
      actions={
        <>
          <Link to="/admin/products/import-export" className={buttonVariants({ variant: 'outline' })}>
            Import / export
          </Link>
          <Link to="/admin/products/add-product" className={buttonVariants()}>
            <Plus className="size-4" aria-hidden="true" /> Add product
          </Link>
        </>
      }
    >
      <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5">
        <form onSubmit={onSearch} className="space-y-1.5 lg:col-span-2">
          <Label htmlFor="product-search">Search by name or slug</Label>
          <div className="flex gap-2">
            <Input id="product-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            <Button type="submit" variant="outline" aria-label="Search">
              <Search className="size-4" aria-hidden="true" />
            </Button>
          </div>
        </form>
        <div className="space-y-1.5">
          <Label htmlFor="filter-category">Category</Label>
          <Select
            id="filter-category"
            value={values.category || ALL}
            onValueChange={(v) => filter('category', v)}
            options={categoryOptions}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="filter-published">Status</Label>
          <Select
            id="filter-published"
            value={values.published || ALL}
            onValueChange={(v) => filter('published', v)}
            options={[
              { value: ALL, label: 'All' },
              { value: 'true', label: 'Published' },
              { value: 'false', label: 'Drafts' },
            ]}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="filter-stock">Stock</Label>
          <Select
            id="filter-stock"
            value={values.stock || ALL}
            onValueChange={(v) => filter('stock', v)}
            options={[
              { value: ALL, label: 'Any stock' },
              { value: 'in_stock', label: 'In stock' },
              { value: 'low', label: 'Low stock' },
              { value: 'out', label: 'Out of stock' },
            ]}
          />
        </div>
        <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
          <Label htmlFor="sort">Sort by</Label>
          <Select
            id="sort"
            value={`${params.sort}:${params.order}`}
            onValueChange={(v) => filter('sort', v)}
            options={SORTS}
          />
        </div>
      </div>

      <BulkEditBar selected={selected} options={options.data} onDone={() => setSelection({})} />

      <QueryState query={query}>
        {(data) => (
          <div className="space-y-4">
            <DataTable
              columns={columns}
              data={data.items}
              caption="Products"
              getRowId={(p) => p.id}
              rowLabel={(p) => p.name}
              emptyText="No products match these filters."
              selection={selection}
              onSelectionChange={setSelection}
            />
            <Pagination page={data.page} limit={data.limit} total={data.total} onPage={(p) => set({ page: p })} />
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
