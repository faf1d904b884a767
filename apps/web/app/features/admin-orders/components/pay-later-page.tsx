import type { PayLaterInvoice } from '@shop/contracts/admin-orders';
import { formatAmountIn } from '@shop/contracts/currency';
import type { ColumnDef } from '@tanstack/react-table';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { plural } from '../../../lib/plural.ts';
import {
  AdminPage,
  DataTable,
  formatDate,
  formatDateTime,
  Pagination,
  Panel,
  QueryState,
  readListParams,
  SearchForm,
  StatCard,
  useListParams,
} from '../../admin/index.ts';
import { type PayLaterParams, usePayLater } from '../api/get-pay-later.ts';
import { useMarkInvoicePaid } from '../api/mark-invoice-paid.ts';
import { useSendReminder } from '../api/send-reminder.ts';
import { StatusBadge } from './status-badge.tsx';

const LIMIT = 20;
const PAY_LATER_KEYS = ['filter', 'q'] as const;

/** The list's query in the URL (outstanding invoices unless told); the route's loader fetches the same. */
export function payLaterParams(search: URLSearchParams): PayLaterParams {
  const { values, page } = readListParams(search, PAY_LATER_KEYS);
  return { filter: values.filter || 'outstanding', q: values.q, page, limit: LIMIT };
}
const FILTERS = [
  { value: 'outstanding', label: 'Outstanding' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'paid', label: 'Paid' },
  { value: 'all', label: 'All' },
] as const;

const message = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');

function InvoiceActions({ invoice }: { invoice: PayLaterInvoice }) {
  const markPaid = useMarkInvoicePaid();
  const remind = useSendReminder();
  if (invoice.status !== 'open' && invoice.status !== 'overdue') return null;
  const busy = markPaid.isPending || remind.isPending;
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        disabled={busy}
        aria-label={`Mark invoice ${invoice.number} paid`}
        onClick={() =>
          markPaid.mutate(invoice.id, {
            onSuccess: () => toast.success(`Invoice ${invoice.number} marked paid`),
            onError: (e) => toast.error(message(e)),
          })
        }
      >
        Mark paid
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={`Send a reminder for invoice ${invoice.number}`}
        onClick={() =>
          remind.mutate(invoice.id, {
            onSuccess: () => toast.success(`Reminder sent to ${invoice.email}`),
            onError: (e) => toast.error(message(e)),
          })
        }
      >
        Send reminder
      </Button>
    </div>
  );
}

const columns: ColumnDef<PayLaterInvoice, unknown>[] = [
  { header: 'Invoice', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.number}</span> },
  {
    header: 'Order',
    cell: ({ row }) => (
      <Link
        to={`/admin/orders?order=${row.original.order_id}`}
        className="whitespace-nowrap font-medium text-slate-900 underline underline-offset-2"
      >
        {row.original.order_number}
      </Link>
    ),
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
  { header: 'Amount', cell: ({ row }) => formatAmountIn(row.original.amount, row.original.currency) },
  {
    header: 'Issued',
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.issued_at)}</span>,
  },
  {
    header: 'Due',
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.due_at)}</span>,
  },
  { header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  {
    header: 'Last reminder',
    cell: ({ row }) => (row.original.last_reminder_at ? formatDateTime(row.original.last_reminder_at) : 'Never'),
  },
  { header: 'Actions', cell: ({ row }) => <InvoiceActions invoice={row.original} /> },
];

/** Admin › Pay later: outstanding and overdue invoices, mark paid, send reminders. */
export function PayLaterPage() {
  const { values, page, set } = useListParams(PAY_LATER_KEYS);
  const filter = values.filter || 'outstanding';
  const query = usePayLater({ filter, q: values.q, page, limit: LIMIT });

  return (
    <AdminPage title="Pay later" description="Invoices of pay-later orders: who owes what, and since when.">
      <QueryState query={query}>
        {(data) => (
          <div className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <StatCard
                label={`Outstanding (${plural(data.totals.outstanding_count, 'invoice', 'invoices')})`}
                value={formatAmountIn(data.totals.outstanding, data.totals.currency)}
              />
              <StatCard
                label={`Overdue (${plural(data.totals.overdue_count, 'invoice', 'invoices')})`}
                value={formatAmountIn(data.totals.overdue, data.totals.currency)}
              />
            </div>
            <Panel>
              <div className="flex flex-wrap items-end justify-between gap-4">
                <fieldset>
                  <legend className="mb-2 font-medium text-slate-800 text-sm">Show</legend>
                  <div className="flex flex-wrap gap-2">
                    {FILTERS.map((f) => (
                      <button
                        key={f.value}
                        type="button"
                        aria-pressed={filter === f.value}
                        onClick={() => set({ filter: f.value === 'outstanding' ? '' : f.value })}
                        className={cn(
                          'rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-slate-900',
                          filter === f.value
                            ? 'border-slate-900 bg-slate-900 text-white'
                            : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                        )}
                      >
                        {f.label}
                      </button>
                    ))}
                  </div>
                </fieldset>
                <SearchForm
                  id="pay-later-search"
                  label="Search"
                  placeholder="Invoice, order, e-mail or name"
                  initial={values.q}
                  onSearch={(q) => set({ q })}
                />
              </div>
            </Panel>
            <DataTable
              columns={columns}
              data={data.items}
              caption={`Pay-later invoices: ${filter}`}
              getRowId={(i) => i.id}
              emptyText="No invoices here."
            />
            <Pagination page={data.page} limit={data.limit} total={data.total} onPage={(p) => set({ page: p })} />
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
