import { addressOneLine } from '@shop/contracts/address-format';
import type { CustomerDetail, CustomerRow } from '@shop/contracts/admin-insights';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { plural } from '../../../lib/plural.ts';
import {
  AdminPage,
  Amount,
  DataTable,
  formatDate,
  formatDateTime,
  Pagination,
  Panel,
  QueryState,
  readListParams,
  useListParams,
} from '../../admin/index.ts';
import { customerQuery } from '../api/get-customer.ts';
import { customersQuery } from '../api/get-customers.ts';
import { useSetCustomerDisabled } from '../api/set-customer-disabled.ts';
import { orderLinkColumn, statusLabel } from './dashboard.tsx';

const LIMIT = 20;
const CUSTOMER_KEYS = ['q', 'status', 'sort', 'customer'] as const;

/** What the URL shows: one customer (`?customer=<id>`, first page of orders) or the list. */
export function customersPageQuery(search: URLSearchParams) {
  const { values, page } = readListParams(search, CUSTOMER_KEYS);
  return values.customer
    ? customerQuery(values.customer, 1)
    : customersQuery({ q: values.q, status: values.status, sort: values.sort || 'newest', page, limit: LIMIT });
}
const STATUS_OPTIONS = [
  { value: 'all', label: 'All customers' },
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];
const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'Name' },
  { value: 'orders', label: 'Most orders' },
  { value: 'value', label: 'Highest lifetime value' },
];

const customerOrderColumns: ColumnDef<CustomerDetail['orders']['items'][number], unknown>[] = [
  orderLinkColumn(),
  { header: 'Placed', cell: ({ row }) => formatDateTime(row.original.created_at) },
  { header: 'Status', cell: ({ row }) => statusLabel(row.original.status) },
  { header: 'Total', cell: ({ row }) => <Amount value={row.original.total} /> },
  {
    header: 'Refunded',
    cell: ({ row }) => (row.original.refunded > 0 ? <Amount value={row.original.refunded} /> : '—'),
  },
];

/** Customers: the list, or one customer when `?customer=<id>` is set (one route). */
export function CustomersPage() {
  const list = useListParams(CUSTOMER_KEYS);
  const selected = list.values.customer;
  return selected ? (
    <CustomerDetailView id={selected} onBack={() => list.set({ customer: '' })} />
  ) : (
    <CustomerList list={list} />
  );
}

function CustomerList({ list }: { list: ReturnType<typeof useListParams<'q' | 'status' | 'sort' | 'customer'>> }) {
  const { values, page, set } = list;
  const [search, setSearch] = useState(values.q);
  const query = useQuery(
    customersQuery({
      q: values.q,
      status: values.status,
      sort: values.sort || 'newest',
      page,
      limit: LIMIT,
    }),
  );
  const columns: ColumnDef<CustomerRow, unknown>[] = [
    {
      header: 'Customer',
      cell: ({ row }) => (
        <Link to={`?customer=${row.original.id}`} className="font-medium underline">
          {row.original.name}
        </Link>
      ),
    },
    { header: 'E-mail', accessorKey: 'email' },
    { header: 'Joined', cell: ({ row }) => formatDate(row.original.created_at) },
    { header: 'Orders', accessorKey: 'orders' },
    { header: 'Lifetime value', cell: ({ row }) => <Amount value={row.original.lifetime_value} /> },
    {
      header: 'Status',
      cell: ({ row }) =>
        row.original.disabled ? <span className="font-medium text-red-700">Disabled</span> : <span>Active</span>,
    },
  ];
  return (
    <AdminPage title="Customers" description="Customer accounts, their orders and lifetime value (net of refunds).">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: search.trim() });
        }}
      >
        <div className="w-72 space-y-1">
          <Label htmlFor="customer-search">Search name, e-mail or username</Label>
          <Input id="customer-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <Button type="submit">Search</Button>
        <div className="w-48 space-y-1">
          <Label htmlFor="customer-status">Status</Label>
          <Select
            id="customer-status"
            value={values.status || 'all'}
            options={STATUS_OPTIONS}
            onValueChange={(v) => set({ status: v === 'all' ? '' : v })}
          />
        </div>
        <div className="w-56 space-y-1">
          <Label htmlFor="customer-sort">Sort</Label>
          <Select
            id="customer-sort"
            value={values.sort || 'newest'}
            options={SORT_OPTIONS}
            onValueChange={(v) => set({ sort: v })}
          />
        </div>
      </form>
      <QueryState query={query}>
        {(data) => (
          <div className="space-y-3">
            <DataTable
              caption="Customers"
              columns={columns}
              data={data.items}
              getRowId={(c) => c.id}
              emptyText="No customer matches."
            />
            <Pagination page={data.page} limit={data.limit} total={data.total} onPage={(p) => set({ page: p })} />
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}

function CustomerDetailView({ id, onBack }: { id: string; onBack: () => void }) {
  const [page, setPage] = useState(1);
  const query = useQuery(customerQuery(id, page));
  const [confirming, setConfirming] = useState(false);
  const mutation = useSetCustomerDisabled();
  const name = query.data?.customer.name ?? 'Customer';

  return (
    <AdminPage
      title={name}
      description="Profile, addresses and orders. Lifetime value counts every order that is not cancelled, net of refunds."
      actions={
        <Button variant="outline" size="sm" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden="true" /> All customers
        </Button>
      }
    >
      <QueryState query={query}>
        {(d) => (
          <>
            <div className="grid gap-4 md:grid-cols-3">
              <Panel title="Profile">
                <dl className="space-y-1 text-sm">
                  <div>
                    <dt className="inline text-slate-600">E-mail: </dt>
                    <dd className="inline">{d.customer.email}</dd>
                  </div>
                  <div>
                    <dt className="inline text-slate-600">Username: </dt>
                    <dd className="inline">{d.customer.username}</dd>
                  </div>
                  <div>
                    <dt className="inline text-slate-600">Joined: </dt>
                    <dd className="inline">{formatDate(d.customer.created_at)}</dd>
                  </div>
                  <div>
                    <dt className="inline text-slate-600">Status: </dt>
                    <dd className="inline" data-testid="customer-status">
                      {d.customer.disabled ? 'Disabled' : 'Active'}
                    </dd>
                  </div>
                </dl>
                <Button
                  className="mt-3"
                  variant={d.customer.disabled ? 'default' : 'destructive'}
                  size="sm"
                  onClick={() => setConfirming(true)}
                >
                  {d.customer.disabled ? 'Enable account' : 'Disable account'}
                </Button>
              </Panel>
              <Panel title="Lifetime value">
                <p className="font-bold text-2xl" data-testid="customer-ltv">
                  <Amount value={d.customer.lifetime_value} />
                </p>
                <p className="text-slate-600 text-sm">
                  {plural(d.customer.orders, 'order', 'orders')} · gross <Amount value={d.gross} /> · refunds{' '}
                  <Amount value={d.refunds} />
                </p>
              </Panel>
              <Panel title="Addresses">
                {d.addresses.length === 0 ? (
                  <p className="text-slate-600 text-sm">No saved address.</p>
                ) : (
                  <ul className="space-y-2 text-sm">
                    {d.addresses.map((a) => (
                      <li key={a.id}>
                        {a.name}, {addressOneLine(a)}
                        {a.is_default ? <span className="text-slate-600"> (default)</span> : null}
                      </li>
                    ))}
                  </ul>
                )}
              </Panel>
            </div>
            <Panel title="Orders">
              <DataTable
                bare
                caption={`Orders of ${d.customer.name}`}
                columns={customerOrderColumns}
                data={d.orders.items}
                getRowId={(o) => o.id}
                emptyText="No orders yet."
                className="min-w-[520px]"
              />
              <div className="mt-3">
                <Pagination page={d.orders.page} limit={d.orders.limit} total={d.orders.total} onPage={setPage} />
              </div>
            </Panel>
            {confirming ? (
              <Dialog
                open
                onOpenChange={setConfirming}
                title={d.customer.disabled ? 'Enable this account?' : 'Disable this account?'}
                description={
                  d.customer.disabled
                    ? `${d.customer.name} will be able to sign in again.`
                    : `${d.customer.name} is signed out everywhere at once and cannot sign in until enabled again.`
                }
              >
                <div className="flex justify-end gap-2">
                  <Button variant="outline" onClick={() => setConfirming(false)}>
                    Keep as is
                  </Button>
                  <Button
                    variant={d.customer.disabled ? 'default' : 'destructive'}
                    disabled={mutation.isPending}
                    onClick={() =>
                      mutation.mutate(
                        { id: d.customer.id, disabled: !d.customer.disabled },
                        {
                          onSuccess: (c) => {
                            toast.success(c.disabled ? 'Account disabled' : 'Account enabled');
                            setConfirming(false);
                          },
                          onError: (error) => toast.error(error.message),
                        },
                      )
                    }
                  >
                    {d.customer.disabled ? 'Enable' : 'Disable'}
                  </Button>
                </div>
              </Dialog>
            ) : null}
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
