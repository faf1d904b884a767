import type { Dashboard, SalesPeriod } from '@shop/contracts/admin-insights';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { plural } from '../../../lib/plural.ts';
import {
  AdminPage,
  Amount,
  DataTable,
  formatBase,
  formatDateTime,
  Panel,
  QueryState,
  StatCard,
  useBaseCurrency,
} from '../../admin/index.ts';
import { dashboardQuery } from '../api/get-dashboard.ts';
import { describeSeries, RevenueChart } from './charts.tsx';
import { RangePicker, useDayRange } from './range-picker.tsx';
import { SetupChecklist } from './setup-checklist.tsx';

export const statusLabel = (s: string) => s.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The order number, linking to the order in Admin › Orders. */
export function orderLinkColumn<T extends { id: string; number: string }>(): ColumnDef<T, unknown> {
  return {
    header: 'Order',
    cell: ({ row }) => (
      <Link className="font-medium underline" to={`/admin/orders?order=${row.original.id}`}>
        {row.original.number}
      </Link>
    ),
  };
}

const dayColumns: ColumnDef<SalesPeriod, unknown>[] = [
  { header: 'Day', cell: ({ row }) => row.original.period },
  { header: 'Orders', cell: ({ row }) => row.original.orders },
  { header: 'Revenue', cell: ({ row }) => <Amount value={row.original.revenue} /> },
];

const recentColumns: ColumnDef<Dashboard['recent_orders'][number], unknown>[] = [
  orderLinkColumn(),
  { header: 'Customer', cell: ({ row }) => row.original.customer },
  { header: 'Status', cell: ({ row }) => statusLabel(row.original.status) },
  { header: 'Total', cell: ({ row }) => <Amount value={row.original.total} /> },
  {
    header: 'Placed',
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.created_at)}</span>,
  },
];

/** Admin index: the range's figures against the previous range, revenue, recent orders, low stock. */
export function DashboardPage() {
  const [range, setRange] = useDayRange();
  const query = useQuery(dashboardQuery(range));
  const base = useBaseCurrency();
  return (
    <AdminPage
      title="Dashboard"
      description="Sales for the chosen days, compared with the same number of days before."
      actions={<RangePicker value={range} onChange={setRange} />}
    >
      <SetupChecklist />
      <QueryState query={query}>
        {(d) => (
          <>
            <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatCard label="Revenue" value={formatBase(d.current.revenue, base)} change={d.change.revenue} />
              <StatCard label="Orders" value={String(d.current.orders)} change={d.change.orders} />
              <StatCard label="Average order value" value={formatBase(d.current.aov, base)} change={d.change.aov} />
              <StatCard label="New customers" value={String(d.current.new_customers)} change={d.change.new_customers} />
            </section>
            <p className="text-slate-600 text-sm">
              {d.range.from} to {d.range.to} ({plural(d.range.days, 'day', 'days')}) against {d.previous.from} to{' '}
              {d.previous.to}. Revenue is net of refunds; cancelled orders and unpaid card orders do not count.
            </p>
            <Panel title="Revenue by day">
              <RevenueChart data={d.revenue_by_day} label={describeSeries('Revenue by day', d.revenue_by_day, base)} />
              <details className="mt-3 text-sm">
                <summary className="cursor-pointer text-slate-700">Show the figures as a table</summary>
                <DataTable
                  bare
                  caption="Revenue by day"
                  columns={dayColumns}
                  data={d.revenue_by_day}
                  getRowId={(p) => p.period}
                  className="mt-2"
                />
              </details>
            </Panel>
            <div className="grid gap-6 xl:grid-cols-3">
              <div className="xl:col-span-2">
                <Panel title="Recent orders">
                  <DataTable
                    bare
                    caption="The ten newest orders"
                    columns={recentColumns}
                    data={d.recent_orders}
                    getRowId={(o) => o.id}
                    className="min-w-[520px]"
                  />
                </Panel>
              </div>
              <Panel title="Low stock">
                {d.low_stock.length === 0 ? (
                  <p className="text-slate-600 text-sm">
                    No published product is at or below {plural(d.low_stock_threshold, 'unit', 'units')}.
                  </p>
                ) : (
                  <ul className="divide-y divide-slate-100 text-sm">
                    {d.low_stock.map((p) => (
                      <li key={p.id} className="flex items-center justify-between gap-2 py-2">
                        <Link className="underline" to={`/admin/products/view-product/${p.id}`}>
                          {p.name}
                        </Link>
                        <span className={p.available === 0 ? 'font-semibold text-red-700' : 'text-slate-700'}>
                          {p.available === 0 ? 'Out of stock' : `${p.available} left`}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </Panel>
            </div>
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
