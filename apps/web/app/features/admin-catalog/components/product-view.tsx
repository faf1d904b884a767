import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminProduct,
  type AdminVariant,
  type ProductSales,
  type StockAdjustmentBody,
  type StockMovement,
  stockAdjustmentBody,
} from '@shop/contracts/admin-catalog';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import {
  AdminPage,
  Amount,
  DataTable,
  formatBase,
  formatDateTime,
  Pagination,
  Panel,
  QueryState,
  StatCard,
  useBaseCurrency,
} from '../../admin/index.ts';
import { useAdjustStock } from '../api/adjust-stock.ts';
import { useProduct } from '../api/get-product.ts';
import { useCatalogNames } from '../api/get-product-options.ts';
import { useProductSales } from '../api/get-product-sales.ts';
import { useStockMovements } from '../api/get-stock-movements.ts';
import { useRefetchImages } from '../api/refetch-images.ts';
import { thumbOf } from '../images.ts';
import { StaffImage } from './staff-image.tsx';

const REASONS: Record<string, string> = {
  order: 'Order',
  order_cancelled: 'Order cancelled',
  payment_declined: 'Payment declined',
  payment_expired: 'Payment expired',
  adjustment: 'Adjustment',
};

/** The order number, finding that order in Admin › Orders. */
const orderSearchLink = (number: string | null) => (
  <Link to={`/admin/orders?q=${encodeURIComponent(number ?? '')}`} className="underline underline-offset-2">
    {number ?? 'Order'}
  </Link>
);

const movementColumns: ColumnDef<StockMovement, unknown>[] = [
  { header: 'When', cell: ({ row }) => formatDateTime(row.original.created_at) },
  {
    header: 'Change',
    cell: ({ row }) => {
      const { delta } = row.original;
      return <span className={delta < 0 ? 'text-red-700' : 'text-green-800'}>{delta > 0 ? `+${delta}` : delta}</span>;
    },
  },
  { header: 'Variant', cell: ({ row }) => row.original.sku ?? '—' },
  { header: 'Reason', cell: ({ row }) => REASONS[row.original.reason] ?? row.original.reason },
  {
    header: 'Note / order',
    cell: ({ row }) =>
      row.original.order_id ? orderSearchLink(row.original.order_number) : (row.original.note ?? '—'),
  },
  { header: 'By', cell: ({ row }) => row.original.actor_email ?? '—' },
];

const saleColumns: ColumnDef<ProductSales['recent'][number], unknown>[] = [
  { header: 'Order', cell: ({ row }) => orderSearchLink(row.original.order_number) },
  { header: 'Date', cell: ({ row }) => formatDateTime(row.original.created_at) },
  { header: 'Status', cell: ({ row }) => row.original.status },
  { header: 'Units', cell: ({ row }) => row.original.quantity },
  { header: 'Total', cell: ({ row }) => <Amount value={row.original.total} /> },
];

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600 text-sm">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

const list = (values: string[]) => (values.length > 0 ? values.join(', ') : '—');

function Details({ product }: { product: AdminProduct }) {
  const names = useCatalogNames();
  return (
    <Panel title="Details">
      {product.images.length > 0 ? (
        <ul className="mb-4 flex flex-wrap gap-3" aria-label="Pictures">
          {product.images.map((src, i) => (
            <li key={src}>
              <StaffImage
                src={thumbOf(src)}
                alt={`${product.name}, view ${i + 1}`}
                width={96}
                height={96}
                className="size-24 max-w-none shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="Status">{product.published ? 'Published' : 'Draft'}</Fact>
        <Fact label="Slug">{product.slug}</Fact>
        <Fact label="Category">
          {names.category(product.category)}
          {product.subcategory ? ` / ${names.subcategory(product.category, product.subcategory)}` : ''}
        </Fact>
        <Fact label="Brand">{product.brand ? names.brand(product.brand) : '—'}</Fact>
        <Fact label="Price">
          <Amount value={product.sale_price} />
          {product.percentage_discount > 0 ? (
            <>
              {` (${product.percentage_discount}% off `}
              <Amount value={product.regular_price} />)
            </>
          ) : null}
        </Fact>
        <Fact label="In stock">{product.available}</Fact>
        <Fact label="Options">
          {product.options.length > 0
            ? product.options.map((o) => `${o.name}: ${o.values.join(', ')}`).join(' · ')
            : '—'}
        </Fact>
        <Fact label="Meta title">{product.meta_title ?? '—'}</Fact>
        <Fact label="Meta description">{product.meta_description ?? '—'}</Fact>
        <Fact label="Featured in">{list(product.featured)}</Fact>
        <Fact label="Product type">{product.product_type || '—'}</Fact>
        <Fact label="Tax class">{product.tax_class}</Fact>
        <Fact label="Tags">{list(product.tags)}</Fact>
        <Fact label="Rating">
          {product.rating.toFixed(1)} ({product.rating_count} ratings)
        </Fact>
        <Fact label="Added">{formatDateTime(product.date_added)}</Fact>
        <Fact label="Last changed">
          {formatDateTime(product.modified_date)}
          {product.modified_by ? ` by ${product.modified_by}` : ''}
        </Fact>
      </dl>
      <div className="mt-4 space-y-2">
        <h3 className="font-medium text-slate-800 text-sm">Description</h3>
        {product.description ? (
          <RichText html={product.description} className="text-slate-800 text-sm" data-testid="admin-description" />
        ) : (
          <p className="text-sm">—</p>
        )}
        <h3 className="font-medium text-slate-800 text-sm">Features</h3>
        {product.features.length > 0 ? (
          <ul className="list-disc pl-5 text-slate-800 text-sm">
            {product.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">—</p>
        )}
      </div>
    </Panel>
  );
}

/**
 * The pictures an import could not fetch (docs/adr/029-imports-that-real-exports-pass.md): listed, with
 * the action that fetches them again; those that come are added to the product's pictures.
 */
function MissingImages({ product }: { product: AdminProduct }) {
  const refetch = useRefetchImages(product.id);
  if (product.missing_images.length === 0) return null;
  function fetchAgain() {
    refetch.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.failed.length === 0) toast.success(`${answer.fetched} picture(s) fetched`);
        else toast.error(`${answer.fetched} picture(s) fetched; ${answer.failed.length} still cannot be`);
      },
      onError: () => toast.error('The pictures could not be fetched'),
    });
  }
  return (
    <Panel title="Pictures the import could not fetch">
      <ul className="mb-3 space-y-1 text-sm">
        {product.missing_images.map((url) => (
          <li key={url} className="break-all">
            {url}
            {refetch.data?.failed.find((f) => f.url === url) ? (
              <span className="text-red-800"> — {refetch.data.failed.find((f) => f.url === url)!.reason}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <Button variant="outline" onClick={fetchAgain} disabled={refetch.isPending}>
        {refetch.isPending ? 'Fetching…' : 'Fetch pictures again'}
      </Button>
    </Panel>
  );
}

/** The variants: each with its SKU, price, stock and sales. */
function Variants({ product }: { product: AdminProduct }) {
  const columns: ColumnDef<AdminVariant, unknown>[] = [
    { header: 'Variant', cell: ({ row }) => variantName(row.original) },
    { header: 'SKU', cell: ({ row }) => row.original.sku },
    { header: 'Price', cell: ({ row }) => <Amount value={row.original.price ?? product.sale_price} /> },
    {
      header: 'Stock',
      cell: ({ row }) => (
        <span className={row.original.available === 0 ? 'font-medium text-red-700' : undefined}>
          {row.original.available === 0 ? 'Out of stock' : row.original.available}
        </span>
      ),
    },
    { header: 'Sold', cell: ({ row }) => row.original.sold_count },
  ];
  return (
    <Panel title="Variants">
      <DataTable bare caption="Variants" columns={columns} data={product.variants} getRowId={(v) => v.id} />
    </Panel>
  );
}

const variantName = (v: AdminVariant) => (v.options.length > 0 ? v.options.join(' / ') : 'Default');

/** The stock form's fields as typed. */
interface StockAdjustmentValues {
  variant_id: string;
  delta: string;
  reason: string;
}

/** The form checked with the API's schema (contracts `stockAdjustmentBody`); a blank change is "required". */
const stockAdjustmentForm = z
  .custom<StockAdjustmentValues>()
  .transform(
    (v) =>
      ({
        variant_id: v.variant_id || undefined,
        delta: v.delta.trim() === '' ? undefined : Number(v.delta),
        reason: v.reason,
      }) as z.input<typeof stockAdjustmentBody>,
  )
  .pipe(stockAdjustmentBody);

function StockAdjustment({ product }: { product: AdminProduct }) {
  const adjust = useAdjustStock(product.id);
  const form = useForm<StockAdjustmentValues, unknown, StockAdjustmentBody>({
    resolver: zodResolver(stockAdjustmentForm),
    defaultValues: { variant_id: product.variants[0]?.id ?? '', delta: '', reason: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const variantId = form.watch('variant_id');
  const variant = product.variants.find((v) => v.id === variantId);

  async function onValid(body: StockAdjustmentBody) {
    const available = variant?.available ?? 0;
    if (available + body.delta < 0) {
      form.setError('delta', { message: `Only ${available} in stock: you can remove at most ${available}` });
      return;
    }
    try {
      const result = await adjust.mutateAsync(body);
      const changed = result.variants[0];
      toast.success(changed ? `Stock of ${changed.sku} is now ${changed.available}` : 'Stock changed');
      form.reset({ variant_id: body.variant_id ?? '', delta: '', reason: '' });
    } catch (error) {
      form.setError('root', { message: error instanceof Error ? error.message : 'The stock could not be changed' });
    }
  }

  return (
    <Panel title="Adjust stock">
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="space-y-3">
        <FormAlert tone="error">{errors.root?.message}</FormAlert>
        <p className="text-slate-700 text-sm">
          {variant ? `${variant.available} of ${variant.sku} in stock. ` : ''}Enter a positive number to add stock, a
          negative one to remove it.
        </p>
        <div className="grid gap-3 sm:grid-cols-[14rem_10rem_1fr_auto] sm:items-start">
          <LabelledField id="stock-variant" label="Variant" error={errors.variant_id?.message}>
            {(control) => (
              <Select
                {...control}
                value={variantId}
                onValueChange={(v) => form.setValue('variant_id', v)}
                options={product.variants.map((v) => ({ value: v.id, label: `${variantName(v)} (${v.sku})` }))}
              />
            )}
          </LabelledField>
          <LabelledField id="stock-delta" label="Change (units)" error={errors.delta?.message}>
            {(control) => <Input {...control} type="number" inputMode="numeric" step="1" {...form.register('delta')} />}
          </LabelledField>
          <LabelledField id="stock-reason" label="Reason" error={errors.reason?.message}>
            {(control) => (
              <Input
                {...control}
                placeholder="e.g. Delivery from supplier, stock count, damaged"
                {...form.register('reason')}
              />
            )}
          </LabelledField>
          <Button type="submit" className="sm:mt-6" disabled={adjust.isPending}>
            {adjust.isPending ? 'Saving…' : 'Adjust stock'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function Movements({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const query = useStockMovements(productId, page);
  return (
    <Panel title="Stock movements">
      <QueryState query={query}>
        {(data) => (
          <div className="space-y-3">
            <DataTable
              bare
              caption="Stock movements"
              columns={movementColumns}
              data={data.items}
              getRowId={(m) => m.id}
              emptyText="No stock movements yet."
              className="min-w-[560px]"
            />
            <Pagination page={data.page} limit={data.limit} total={data.total} onPage={setPage} />
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

function Sales({ productId }: { productId: string }) {
  const query = useProductSales(productId);
  const base = useBaseCurrency();
  return (
    <Panel title="Sales">
      <QueryState query={query}>
        {(sales) => (
          <div className="space-y-4">
            <div className="grid gap-3 sm:grid-cols-3">
              <StatCard label="Units sold" value={String(sales.units_sold)} />
              <StatCard label="Revenue" value={formatBase(sales.revenue, base)} />
              <StatCard label="Orders" value={String(sales.orders_count)} />
            </div>
            {sales.recent.length > 0 ? (
              <DataTable
                bare
                caption="Latest orders of this product"
                columns={saleColumns}
                data={sales.recent}
                getRowId={(line) => `${line.order_id}-${line.unit_price}`}
              />
            ) : (
              <p className="text-slate-600 text-sm">No sales yet.</p>
            )}
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

/** view-product/{productId}: details, stock adjustments with a reason, movements and sales. */
export function ProductViewPage({ productId }: { productId: string }) {
  const query = useProduct(productId);
  return (
    <AdminPage
      title={query.data?.name ?? 'Product'}
      description="Details, stock and sales of this product."
      actions={
        <>
          <Link to="/admin/products" className={buttonVariants({ variant: 'outline' })}>
            All products
          </Link>
          {query.data?.published ? (
            <a href={`/products/${query.data.slug}`} className={buttonVariants({ variant: 'outline' })}>
              See in the shop
            </a>
          ) : null}
          <Link to={`/admin/products/edit-product/${productId}`} className={buttonVariants()}>
            <Pencil className="size-4" aria-hidden="true" /> Edit
          </Link>
        </>
      }
    >
      <QueryState query={query}>
        {(product) => (
          <div className="space-y-6">
            <Details product={product} />
            <MissingImages product={product} />
            <Variants product={product} />
            <StockAdjustment product={product} />
            <Movements productId={product.id} />
            <Sales productId={product.id} />
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
