import type { AdminOrderSummary } from '@shop/contracts/admin-orders';
import { formatAmountIn } from '@shop/contracts/currency';
import { ORDER_STATUSES } from '@shop/contracts/orders';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  AdminPage,
  DataTable,
  DayRangeFields,
  FilterSelect,
  formatDateTime,
  Pagination,
  Panel,
  QueryState,
  readListParams,
  SearchForm,
  useListParams,
} from '../../admin/index.ts';
import { type OrderListParams, useAdminOrders } from '../api/get-orders.ts';
import { OrderDetail } from './order-detail.tsx';
import { humanize, StatusBadge } from './status-badge.tsx';

const LIMIT = 20;
const ORDER_LIST_KEYS = ['status', 'method', 'q', 'from', 'to', 'attempts'] as const;

/** The list's query in the URL; the route's loader fetches the same. */
export function orderListParams(search: URLSearchParams): OrderListParams {
  const { values, page } = readListParams(search, ORDER_LIST_KEYS);
  return { ...values, page, limit: LIMIT };
}
const METHODS = [
  { value: 'all', label: 'All payment methods' },
  { value: 'card', label: 'Card' },
  { value: 'pay_later', label: 'Pay later' },
];

/** Card attempts whose money never arrived are not orders to act on, so hidden by default. */
const ATTEMPTS = [
  { value: 'all', label: 'Hidden' },
  { value: 'include', label: 'Shown with orders' },
  { value: 'only', label: 'Only these' },
];

/** A link that opens one order in this page (`?order=<id>`), keeping the list's filters for Back. */
function OrderLink({ id, children }: { id: string; children: string }) {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.set('order', id);
  return (
    <Link
      to={{ search: `?${next}` }}
      className="whitespace-nowrap font-medium text-slate-900 underline underline-offset-2"
    >
      {children}
    </Link>
  );
}

const columns: ColumnDef<AdminOrderSummary, unknown>[] = [
  { header: 'Order', cell: ({ row }) => <OrderLink id={row.original.id}>{row.original.number}</OrderLink> },
  // One line a row: on a phone the table scrolls sideways in its card rather than wrapping into a column.
  {
    header: 'Date',
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.created_at)}</span>,
  },
  {
    header: 'Customer',
    cell: ({ row }) => (
      <div>
        <div>{row.original.customer_name ?? '—'}</div>
        <div className="text-slate-600 text-xs">{row.original.email}</div>
      </div>
    ),
  },
  { header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  {
    header: 'Payment',
    cell: ({ row }) => `${humanize(row.original.payment_method)} · ${humanize(row.original.payment_status)}`,
  },
  { header: 'Items', cell: ({ row }) => row.original.item_count },
  { header: 'Total', cell: ({ row }) => formatAmountIn(row.original.total, row.original.currency) },
];

/** Admin › Orders: the filtered list, and one order's detail and actions under `?order=`. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order');
  const closeOrder = () =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('order');
      return next;
    });

  return (
    <AdminPage title="Orders" description="Find orders, move them along, cancel or refund them.">
      {orderId ? (
        <div className="space-y-4">
          <Button variant="outline" size="sm" onClick={closeOrder}>
            <ArrowLeft className="size-4" aria-hidden="true" /> All orders
          </Button>
          <OrderDetail id={orderId} />
        </div>
      ) : (
        <OrderList />
      )}
    </AdminPage>
  );
}

function OrderList() {
  const { values, page, set } = useListParams(ORDER_LIST_KEYS);
  const query = useAdminOrders({ ...values, page, limit: LIMIT });
  const chosen = new Set(values.status.split(',').filter(Boolean));

  const toggle = (status: string) => {
    const next = new Set(chosen);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    set({ status: [...next].join(',') });
  };

  return (
    <div className="space-y-4">
      <Panel>
        <div className="space-y-4">
          <fieldset>
            <legend className="mb-2 font-medium text-slate-800 text-sm">Status</legend>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                aria-pressed={chosen.size === 0}
                onClick={() => set({ status: '' })}
                className={chip(chosen.size === 0)}
              >
                All
              </button>
              {ORDER_STATUSES.map((s) => (
                <button
                  key={s}
                  type="button"
                  aria-pressed={chosen.has(s)}
                  onClick={() => toggle(s)}
                  className={chip(chosen.has(s))}
                >
                  {humanize(s)}
                </button>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-3 md:grid-cols-[2fr_1fr_1fr_1fr_1fr]">
            <SearchForm
              id="orders-search"
              label="Search"
              placeholder="Order number, e-mail or name"
              initial={values.q}
              onSearch={(q) => set({ q })}
            />
            <FilterSelect
              id="orders-method"
              label="Payment method"
              value={values.method}
              options={METHODS}
              onChange={(method) => set({ method })}
            />
            <FilterSelect
              id="orders-attempts"
              label="Unpaid card attempts"
              value={values.attempts}
              options={ATTEMPTS}
              onChange={(attempts) => set({ attempts })}
            />
            <DayRangeFields idPrefix="orders" from={values.from} to={values.to} onChange={set} />
          </div>
        </div>
      </Panel>
      <QueryState query={query}>
        {(data) => (
          <div className="space-y-3">
            {values.attempts === '' && data.unpaid_attempts > 0 ? (
              <p className="text-slate-700 text-sm" data-testid="hidden-attempts">
                {data.unpaid_attempts === 1
                  ? '1 card attempt whose payment never arrived is not listed.'
                  : `${data.unpaid_attempts} card attempts whose payment never arrived are not listed.`}{' '}
                <button
                  type="button"
                  className="font-medium text-slate-900 underline underline-offset-2"
                  onClick={() => set({ attempts: 'only' })}
                >
                  Show them
                </button>
              </p>
            ) : null}
            <DataTable
              columns={columns}
              data={data.items}
              caption="Orders, newest first"
              getRowId={(o) => o.id}
              emptyText="No orders match these filters."
            />
            <Pagination page={data.page} limit={data.limit} total={data.total} onPage={(p) => set({ page: p })} />
          </div>
        )}
      </QueryState>
    </div>
  );
}

function chip(active: boolean) {
  return cn(
    'rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-slate-900',
    active ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  );
}
