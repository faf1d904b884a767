import {
  type CategoriesReport,
  type Group,
  MAX_SKU_ROWS,
  optionsText,
  type SalesPeriod,
  type SkuSales,
  type TaxReport,
  type TopProductsReport,
} from '@shop/contracts/admin-insights';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { plural } from '../../../lib/plural.ts';
import {
  AdminPage,
  Amount,
  DataTable,
  downloadCsv,
  formatBase,
  Panel,
  QueryState,
  useBaseCurrency,
} from '../../admin/index.ts';
import { categoriesReportQuery } from '../api/get-categories-report.ts';
import { salesReportQuery } from '../api/get-sales-report.ts';
import { skuReportQuery } from '../api/get-sku-report.ts';
import { taxReportQuery } from '../api/get-tax-report.ts';
import { topProductsQuery } from '../api/get-top-products.ts';
import type { DayRange } from '../day-range.ts';
import { CategoryChart, describeSeries, RevenueChart } from './charts.tsx';
import { RangePicker, useDayRange } from './range-picker.tsx';

const GROUP_OPTIONS = [
  { value: 'day', label: 'By day' },
  { value: 'week', label: 'By week (Monday first)' },
  { value: 'month', label: 'By month' },
] as const;

function CsvButton({ path, params, filename }: { path: string; params: Record<string, string>; filename: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadCsv(`admin/${path}`, params, filename);
        } catch (error) {
          toast.error(error instanceof Error ? error.message : 'The export failed');
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download className="size-4" aria-hidden="true" /> Export CSV
    </Button>
  );
}

type CategoryRow = CategoriesReport['items'][number];
type TaxRow = TaxReport['rows'][number];
type TopRow = TopProductsReport['items'][number];

const salesColumns = (group: Group): ColumnDef<SalesPeriod, unknown>[] => [
  { header: periodHeader(group), cell: ({ row }) => periodText(group, row.original.period) },
  { header: 'Orders', cell: ({ row }) => row.original.orders },
  { header: 'Gross', cell: ({ row }) => <Amount value={row.original.gross} /> },
  { header: 'Refunds', cell: ({ row }) => <Amount value={row.original.refunds} /> },
  { header: 'Revenue', cell: ({ row }) => <Amount value={row.original.revenue} /> },
];

const periodHeader = (group: Group) => (group === 'day' ? 'Day' : group === 'week' ? 'Week of' : 'Month');
const periodText = (group: Group, period: string) => (group === 'month' ? period.slice(0, 7) : period);

const taxColumns = (r: TaxReport): ColumnDef<TaxRow, unknown>[] => [
  { header: periodHeader(r.group), cell: ({ row }) => periodText(r.group, row.original.period), footer: 'Total' },
  { header: 'Zone', cell: ({ row }) => row.original.zone, footer: '' },
  { header: 'Tax', cell: ({ row }) => row.original.name, footer: '' },
  { header: 'Rate', cell: ({ row }) => `${row.original.rate}%`, footer: '' },
  { header: 'Orders', cell: ({ row }) => row.original.orders, footer: '' },
  {
    header: 'Taxable',
    cell: ({ row }) => <Amount value={row.original.taxable} />,
    footer: () => <Amount value={r.totals.taxable} />,
  },
  {
    header: 'Tax',
    cell: ({ row }) => <Amount value={row.original.tax} />,
    footer: () => <Amount value={r.totals.tax} />,
  },
];

const categoryColumns = (total: number): ColumnDef<CategoryRow, unknown>[] => [
  { header: 'Category', cell: ({ row }) => row.original.category, footer: 'Total' },
  { header: 'Orders', cell: ({ row }) => row.original.orders, footer: '' },
  { header: 'Units', cell: ({ row }) => row.original.units, footer: '' },
  { header: 'Sales', cell: ({ row }) => <Amount value={row.original.sales} />, footer: () => <Amount value={total} /> },
];

const topColumns: ColumnDef<TopRow, unknown>[] = [
  { header: 'Product', cell: ({ row }) => row.original.name },
  { header: 'Category', cell: ({ row }) => row.original.category ?? '—' },
  { header: 'Orders', cell: ({ row }) => row.original.orders },
  { header: 'Units', cell: ({ row }) => row.original.units },
  { header: 'Sales', cell: ({ row }) => <Amount value={row.original.sales} /> },
];

/** Variants the page lists by sales; the CSV has every variant sold (up to the API's limit). */
export const SKU_ROWS = 50;

const skuColumns: ColumnDef<SkuSales, unknown>[] = [
  {
    header: 'SKU',
    cell: ({ row }) => <span className="font-mono text-xs">{row.original.sku ?? 'No SKU recorded'}</span>,
  },
  { header: 'Product', cell: ({ row }) => row.original.product },
  { header: 'Options', cell: ({ row }) => optionsText(row.original.options) || '—' },
  { header: 'Units', cell: ({ row }) => row.original.units },
  { header: 'Sales', cell: ({ row }) => <Amount value={row.original.sales} /> },
  { header: 'In stock', cell: ({ row }) => row.original.stock ?? '—' },
];

/** A grouping in the URL (`?key=`), `fallback` unless it names one. */
function groupParam(params: URLSearchParams, key: string, fallback: Group): Group {
  const value = params.get(key);
  return GROUP_OPTIONS.find((o) => o.value === value)?.value ?? fallback;
}

/** The sales report's grouping in the URL (`?group=`), by day unless told. */
export const reportGroupOf = (params: URLSearchParams): Group => groupParam(params, 'group', 'day');

/** The tax report's grouping in the URL (`?tax_group=`), by month unless told: tax is filed by the month or more. */
export const taxGroupOf = (params: URLSearchParams): Group => groupParam(params, 'tax_group', 'month');

/** A report's grouping select, kept in the URL under `param`. */
function GroupSelect({ id, param, value }: { id: string; param: string; value: Group }) {
  const [, setParams] = useSearchParams();
  return (
    <div className="w-52 space-y-1">
      <Label htmlFor={id}>Grouping</Label>
      <Select
        id={id}
        value={value}
        options={GROUP_OPTIONS}
        onValueChange={(g) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set(param, g);
              return next;
            },
            { replace: true },
          )
        }
      />
    </div>
  );
}

const fileRange = (r: DayRange) => `${r.from}-to-${r.to}`;

/**
 * Reports: sales by day/week/month, by category, top products, and by variant SKU;
 * each with a chart or table and CSV.
 */
export function ReportsPage() {
  const [range, setRange] = useDayRange();
  const [params] = useSearchParams();
  const group = reportGroupOf(params);
  const taxGroup = taxGroupOf(params);
  const sales = useQuery(salesReportQuery(range, group));
  const tax = useQuery(taxReportQuery(range, taxGroup));
  const categories = useQuery(categoriesReportQuery(range));
  const top = useQuery(topProductsQuery(range, 10));
  const skus = useQuery(skuReportQuery(range, SKU_ROWS));
  const base = useBaseCurrency();

  return (
    <AdminPage
      title="Reports"
      description="Sales for a range of days (UTC). Revenue is net of refunds; cancelled orders do not count."
      actions={<RangePicker value={range} onChange={setRange} />}
    >
      <Panel
        title="Sales"
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <GroupSelect id="report-group" param="group" value={group} />
            <CsvButton
              path="reports/sales"
              params={{ ...range, group }}
              filename={`sales-by-${group}-${fileRange(range)}.csv`}
            />
          </div>
        }
      >
        <QueryState query={sales}>
          {(s) => (
            <div className="space-y-4">
              <p className="text-slate-700 text-sm">
                {plural(s.totals.orders, 'order', 'orders')} · gross {formatBase(s.totals.gross, base)} · refunds{' '}
                {formatBase(s.totals.refunds, base)} · revenue <strong>{formatBase(s.totals.revenue, base)}</strong> ·
                average order {formatBase(s.totals.aov, base)}
              </p>
              <RevenueChart data={s.periods} label={describeSeries(`Revenue by ${s.group}`, s.periods, base)} />
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
              <section aria-label="Sales table" className="relative max-h-96 overflow-auto" tabIndex={0}>
                <DataTable
                  bare
                  stickyHeader
                  caption={`Sales by ${s.group}`}
                  columns={salesColumns(s.group)}
                  data={s.periods}
                  getRowId={(p) => p.period}
                />
              </section>
            </div>
          )}
        </QueryState>
      </Panel>

      <Panel
        title="Tax"
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <GroupSelect id="report-tax-group" param="tax_group" value={taxGroup} />
            <CsvButton
              path="reports/tax"
              params={{ ...range, group: taxGroup }}
              filename={`tax-by-${taxGroup}-${fileRange(range)}.csv`}
            />
          </div>
        }
      >
        <QueryState query={tax}>
          {(t) => (
            <div className="space-y-4">
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
              <section aria-label="Tax table" className="relative max-h-96 overflow-auto" tabIndex={0}>
                <DataTable
                  bare
                  stickyHeader
                  caption={`Tax collected by ${t.group}, shipping zone and rate`}
                  columns={taxColumns(t)}
                  data={t.rows}
                  getRowId={(row) => `${row.period}|${row.zone}|${row.name}|${row.rate}`}
                  emptyText="No tax collected in this range."
                />
              </section>
              <p className="text-slate-600 text-xs">
                The tax as charged when the orders were placed; cancelled orders do not count. Taxable is the amount
                taxed, without its tax; a reverse-charged sale shows at 0%.
              </p>
            </div>
          )}
        </QueryState>
      </Panel>

      <Panel
        title="Sales by category"
        actions={
          <CsvButton
            path="reports/categories"
            params={{ ...range }}
            filename={`sales-by-category-${fileRange(range)}.csv`}
          />
        }
      >
        <QueryState query={categories}>
          {(c) => (
            <div className="space-y-4">
              <CategoryChart
                data={c.items}
                label={`Merchandise sales by category, ${formatBase(c.total, base)} in total${
                  c.items[0] ? `; the largest is ${c.items[0].category} with ${formatBase(c.items[0].sales, base)}` : ''
                }. The table lists every category.`}
              />
              <DataTable
                bare
                caption="Sales by category"
                columns={categoryColumns(c.total)}
                data={c.items}
                getRowId={(row) => row.category_id ?? 'none'}
              />
              <p className="text-slate-600 text-xs">
                Merchandise: line prices × quantities, before order discounts, shipping and tax.
              </p>
            </div>
          )}
        </QueryState>
      </Panel>

      <Panel
        title="Top products"
        actions={
          <CsvButton
            path="reports/top-products"
            params={{ ...range, limit: '10' }}
            filename={`top-products-${fileRange(range)}.csv`}
          />
        }
      >
        <QueryState query={top}>
          {(tp) => (
            <DataTable
              bare
              caption="The ten best-selling products"
              columns={topColumns}
              data={tp.items}
              getRowId={(p) => p.product_id ?? p.name}
              emptyText="No sales in this range."
            />
          )}
        </QueryState>
      </Panel>

      <Panel
        title="Sales by SKU"
        actions={
          <CsvButton
            path="reports/skus"
            params={{ ...range, limit: String(MAX_SKU_ROWS) }}
            filename={`sales-by-sku-${fileRange(range)}.csv`}
          />
        }
      >
        <QueryState query={skus}>
          {(s) => (
            <div className="space-y-4">
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
              <section aria-label="Sales by SKU table" className="relative max-h-96 overflow-auto" tabIndex={0}>
                <DataTable
                  bare
                  stickyHeader
                  caption={`The ${SKU_ROWS} best-selling variants by SKU`}
                  columns={skuColumns}
                  data={s.items}
                  getRowId={(v) => v.variant_id ?? v.sku ?? `product-${v.product_id ?? v.product}`}
                  emptyText="No sales in this range."
                />
              </section>
              <p className="text-slate-600 text-xs">
                Merchandise per variant; stock is today’s. The CSV lists every variant sold in the range.
              </p>
            </div>
          )}
        </QueryState>
      </Panel>
    </AdminPage>
  );
}
