import { type AdminProduct, stockAdjustmentBody } from '@shop/contracts/admin-catalog';
import { Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-message.tsx';
import { Input } from '../../components/ui/input.tsx';
import { LabelledField } from '../../components/ui/labelled-field.tsx';
import { AdminPage, Panel } from '../admin/components/admin-page.tsx';
import { Pagination } from '../admin/components/pagination.tsx';
import { QueryState } from '../admin/components/query-state.tsx';
import { StatCard } from '../admin/components/stat-card.tsx';
import { formatDateTime, money } from '../admin/lib/format.ts';
import { useAdjustStock, useProduct, useProductSales, useStockMovements } from './api.ts';
import { thumbOf } from './images.ts';

const REASONS: Record<string, string> = {
  order: 'Order',
  order_cancelled: 'Order cancelled',
  payment_declined: 'Payment declined',
  payment_expired: 'Payment expired',
  adjustment: 'Adjustment',
};

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
  return (
    <Panel title="Details">
      {product.images.length > 0 ? (
        <ul className="mb-4 flex flex-wrap gap-3" aria-label="Pictures">
          {product.images.map((src, i) => (
            <li key={src}>
              <img
                src={thumbOf(src)}
                alt={`${product.name}, view ${i + 1}`}
                width={96}
                height={96}
                className="size-24 rounded-md border border-slate-200 bg-slate-100 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="Status">{product.published ? 'Published' : 'Draft'}</Fact>
        <Fact label="Slug">{product.slug}</Fact>
        <Fact label="Category">
          {product.category}
          {product.subcategory ? ` / ${product.subcategory}` : ''}
        </Fact>
        <Fact label="Brand">{product.brand ?? '—'}</Fact>
        <Fact label="Price">
          {money(product.sale_price)}
          {product.percentage_discount > 0
            ? ` (${product.percentage_discount}% off ${money(product.regular_price)})`
            : ''}
        </Fact>
        <Fact label="In stock">{product.available}</Fact>
        <Fact label="Colours">{list(product.colors)}</Fact>
        <Fact label="Sizes">{list(product.available_sizes)}</Fact>
        <Fact label="Featured in">{list(product.featured)}</Fact>
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
        <p className="whitespace-pre-line text-slate-800 text-sm">{product.description || '—'}</p>
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

function StockAdjustment({ product }: { product: AdminProduct }) {
  const adjust = useAdjustStock(product.id);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ delta?: string; reason?: string; form?: string }>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = stockAdjustmentBody.safeParse({ delta: delta.trim() === '' ? undefined : Number(delta), reason });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'reason' ? 'reason' : 'delta';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    if (product.available + parsed.data.delta < 0) {
      setErrors({ delta: `Only ${product.available} in stock: you can remove at most ${product.available}` });
      return;
    }
    try {
      const result = await adjust.mutateAsync(parsed.data);
      toast.success(`Stock is now ${result.available}`);
      setDelta('');
      setReason('');
      setErrors({});
    } catch (error) {
      setErrors({ form: error instanceof Error ? error.message : 'The stock could not be changed' });
    }
  }

  return (
    <Panel title="Adjust stock">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <FormAlert tone="error">{errors.form}</FormAlert>
        <p className="text-slate-700 text-sm">
          {product.available} in stock. Enter a positive number to add stock, a negative one to remove it.
        </p>
        <div className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
          <LabelledField id="stock-delta" label="Change (units)" error={errors.delta}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                step="1"
                value={delta}
                onChange={(e) => setDelta(e.target.value)}
              />
            )}
          </LabelledField>
          <LabelledField id="stock-reason" label="Reason" error={errors.reason}>
            {(control) => (
              <Input
                {...control}
                value={reason}
                placeholder="e.g. Delivery from supplier, stock count, damaged"
                onChange={(e) => setReason(e.target.value)}
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
            <div className="overflow-x-auto">
              <table className="w-full min-w-[560px] text-left text-sm">
                <caption className="sr-only">Stock movements</caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      When
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Change
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Reason
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Note / order
                    </th>
                    <th scope="col" className="px-3 py-2">
                      By
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.length === 0 ? (
                    <tr>
                      <td colSpan={5} className="px-3 py-6 text-center text-slate-600">
                        No stock movements yet.
                      </td>
                    </tr>
                  ) : (
                    data.items.map((m) => (
                      <tr key={m.id} className="border-slate-100 border-t">
                        <td className="px-3 py-2">{formatDateTime(m.created_at)}</td>
                        <td className={m.delta < 0 ? 'px-3 py-2 text-red-700' : 'px-3 py-2 text-green-800'}>
                          {m.delta > 0 ? `+${m.delta}` : m.delta}
                        </td>
                        <td className="px-3 py-2">{REASONS[m.reason] ?? m.reason}</td>
                        <td className="px-3 py-2">
                          {m.order_id ? (
                            <Link
                              to={`/admin/orders?q=${encodeURIComponent(m.order_number ?? '')}`}
                              className="underline underline-offset-2"
                            >
                              {m.order_number ?? 'Order'}
                            </Link>
                          ) : (
                            (m.note ?? '—')
                          )}
                        </td>
                        <td className="px-3 py-2">{m.actor_email ?? '—'}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
            <Pagination page={data.page} limit={data.limit} total={data.total} onPage={setPage} />
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

function Sales({ productId }: { productId: string }) {
  const query = useProductSales(productId);
  return (
    <Panel title="Sales">
      <QueryState query={query}>
        {(sales) => (
          <div className="space-y-4">
            <div className="grid gap-3 sm:grid-cols-3">
              <StatCard label="Units sold" value={String(sales.units_sold)} />
              <StatCard label="Revenue" value={money(sales.revenue)} />
              <StatCard label="Orders" value={String(sales.orders_count)} />
            </div>
            {sales.recent.length > 0 ? (
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Latest orders of this product</caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Order
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Date
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Status
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Units
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sales.recent.map((line) => (
                    <tr key={`${line.order_id}-${line.unit_price}`} className="border-slate-100 border-t">
                      <td className="px-3 py-2">
                        <Link
                          to={`/admin/orders?q=${encodeURIComponent(line.order_number)}`}
                          className="underline underline-offset-2"
                        >
                          {line.order_number}
                        </Link>
                      </td>
                      <td className="px-3 py-2">{formatDateTime(line.created_at)}</td>
                      <td className="px-3 py-2">{line.status}</td>
                      <td className="px-3 py-2">{line.quantity}</td>
                      <td className="px-3 py-2">{money(line.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="text-slate-600 text-sm">No sales yet.</p>
            )}
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

/** view-product/{productId} (issue 5): details, stock adjustments with a reason, movements and sales. */
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
            <StockAdjustment product={product} />
            <Movements productId={product.id} />
            <Sales productId={product.id} />
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
