import type { LedgerRow } from '@shop/contracts/admin-orders';
import { formatAmountIn } from '@shop/contracts/currency';
import type { ColumnDef } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { plural } from '../../../lib/plural.ts';
import {
  AdminPage,
  DataTable,
  DayRangeFields,
  downloadCsv,
  FilterSelect,
  formatDateTime,
  Pagination,
  Panel,
  QueryState,
  readListParams,
  SearchForm,
  StatCard,
  useListParams,
} from '../../admin/index.ts';
import { type TransactionParams, useTransactions } from '../api/get-transactions.ts';
import { humanize, StatusBadge } from './status-badge.tsx';

const LIMIT = 25;
const TRANSACTION_KEYS = ['kind', 'method', 'q', 'from', 'to'] as const;

/** The ledger's query in the URL; the route's loader fetches the same. */
export function transactionParams(search: URLSearchParams): TransactionParams {
  const { values, page } = readListParams(search, TRANSACTION_KEYS);
  return { ...values, page, limit: LIMIT };
}
const KINDS = [
  { value: 'all', label: 'Charges and refunds' },
  { value: 'charge', label: 'Charges' },
  { value: 'refund', label: 'Refunds' },
];
const METHODS = [
  { value: 'all', label: 'All payment methods' },
  { value: 'card', label: 'Card' },
  { value: 'pay_later', label: 'Pay later' },
];

const columns: ColumnDef<LedgerRow, unknown>[] = [
  {
    header: 'Date',
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.created_at)}</span>,
  },
  {
    header: 'Order',
    cell: ({ row }) => (
      <Link
        to={`/admin/orders?order=${row.original.order_id}`}
        className="font-medium text-slate-900 underline underline-offset-2"
      >
        {row.original.order_number}
      </Link>
    ),
  },
  { header: 'Kind', cell: ({ row }) => <StatusBadge status={row.original.kind} /> },
  { header: 'Method', cell: ({ row }) => humanize(row.original.method) },
  {
    header: 'Amount',
    cell: ({ row }) =>
      `${row.original.kind === 'refund' ? '−' : ''}${formatAmountIn(row.original.amount, row.original.currency)}`,
  },
  { header: 'Reference', cell: ({ row }) => <span className="break-all">{row.original.reference ?? '—'}</span> },
  { header: 'Note', cell: ({ row }) => row.original.note ?? '' },
];

/** Admin › Transactions: the ledger of charges and refunds, its totals and the CSV export. */
export function TransactionsPage() {
  const { values, page, set } = useListParams(TRANSACTION_KEYS);
  const query = useTransactions({ ...values, page, limit: LIMIT });
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { kind, method, q, from, to } = values;
      await downloadCsv('admin/transactions', { kind, method, q, from, to }, 'transactions.csv');
      toast.success('Transactions exported');
    } catch {
      toast.error('The export failed. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <AdminPage
      title="Transactions"
      description="Every charge taken and every refund given."
      actions={
        <Button variant="outline" onClick={exportCsv} disabled={exporting}>
          <Download className="size-4" aria-hidden="true" /> Export CSV
        </Button>
      }
    >
      <Panel>
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-6">
          <SearchForm
            id="tx-search"
            label="Order number"
            placeholder="SO-100001"
            initial={values.q}
            onSearch={(q) => set({ q })}
            className="md:col-span-2"
          />
          <FilterSelect
            id="tx-kind"
            label="Kind"
            value={values.kind}
            options={KINDS}
            onChange={(kind) => set({ kind })}
          />
          <FilterSelect
            id="tx-method"
            label="Payment method"
            value={values.method}
            options={METHODS}
            onChange={(method) => set({ method })}
          />
          <DayRangeFields idPrefix="tx" from={values.from} to={values.to} onChange={set} />
        </div>
      </Panel>
      <QueryState query={query}>
        {(data) => (
          <div className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <StatCard label="Charges" value={formatAmountIn(data.totals.charges, data.totals.currency)} />
              <StatCard label="Refunds" value={formatAmountIn(data.totals.refunds, data.totals.currency)} />
              <StatCard
                label={`Net (${plural(data.totals.count, 'transaction', 'transactions')})`}
                value={formatAmountIn(data.totals.net, data.totals.currency)}
              />
            </div>
            <DataTable
              columns={columns}
              data={data.items}
              caption="Ledger, newest first"
              getRowId={(r) => r.id}
              emptyText="No transactions match these filters."
            />
            <Pagination page={data.page} limit={data.limit} total={data.total} onPage={(p) => set({ page: p })} />
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
