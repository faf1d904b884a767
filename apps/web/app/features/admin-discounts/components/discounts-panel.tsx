import type { AdminDiscount } from '@shop/contracts/admin-discounts';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import {
  AdminApiError,
  Amount,
  DataTable,
  formatDateTime,
  Pagination,
  Panel,
  QueryState,
  TextField,
  useBaseCurrency,
  useListParams,
} from '../../admin/index.ts';
import { useDeleteDiscount } from '../api/delete-discount.ts';
import { DISCOUNTS_PAGE_SIZE, useDiscounts } from '../api/get-discounts.ts';
import { useUpdateDiscount } from '../api/update-discount.ts';
import { discountValue } from '../discount-form.ts';
import { DiscountDialog } from './discount-dialog.tsx';

/** The list's filters in the URL (`?q=&page=`); the route's loader reads the same. */
export const DISCOUNT_LIST_KEYS = ['q'] as const;

/** Admin › Marketing: the discount codes checkout honours. */
export function DiscountsPanel() {
  const { values, page, set } = useListParams(DISCOUNT_LIST_KEYS);
  const query = useDiscounts({ q: values.q, page, limit: DISCOUNTS_PAGE_SIZE });
  const [editing, setEditing] = useState<AdminDiscount | 'new' | null>(null);
  const update = useUpdateDiscount();
  const toggle = {
    mutate: (d: AdminDiscount, options?: Parameters<typeof update.mutate>[1]) =>
      update.mutate({ id: d.id, body: { active: !d.active } }, options),
  };
  const remove = useDeleteDiscount();
  const base = useBaseCurrency();

  const columns: ColumnDef<AdminDiscount, unknown>[] = [
    { header: 'Code', cell: ({ row }) => <span className="font-mono font-semibold">{row.original.code}</span> },
    { header: 'Discount', cell: ({ row }) => discountValue(row.original, base) },
    {
      header: 'Minimum',
      cell: ({ row }) => (row.original.min_subtotal > 0 ? <Amount value={row.original.min_subtotal} /> : '—'),
    },
    {
      header: 'Runs',
      cell: ({ row }) => (
        <span className="text-xs">
          {row.original.starts_at ? formatDateTime(row.original.starts_at) : 'now'} →{' '}
          {row.original.expires_at ? formatDateTime(row.original.expires_at) : 'no end'}
        </span>
      ),
    },
    {
      header: 'Used',
      cell: ({ row }) => `${row.original.used_count} / ${row.original.usage_limit ?? '∞'}`,
    },
    {
      header: 'Status',
      cell: ({ row }) => (
        <span className={row.original.active ? 'text-emerald-800' : 'text-slate-600'}>
          {row.original.active ? 'Active' : 'Inactive'}
        </span>
      ),
    },
    {
      header: 'Actions',
      cell: ({ row }) => {
        const d = row.original;
        return (
          <div className="flex flex-wrap gap-1">
            <Button size="sm" variant="outline" onClick={() => setEditing(d)} aria-label={`Edit ${d.code}`}>
              Edit
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={`${d.active ? 'Deactivate' : 'Activate'} ${d.code}`}
              onClick={() =>
                toggle.mutate(d, {
                  onSuccess: (saved) => toast.success(`${saved.code} is ${saved.active ? 'active' : 'inactive'}`),
                  onError: (e) => toast.error(e.message),
                })
              }
            >
              {d.active ? 'Deactivate' : 'Activate'}
            </Button>
            <Button
              size="sm"
              variant="destructive"
              aria-label={`Delete ${d.code}`}
              onClick={() => {
                if (!window.confirm(`Delete the code ${d.code}?`)) return;
                remove.mutate(d, {
                  onSuccess: (r) => toast.success(r.message),
                  onError: (e) => {
                    // A used code stays (orders point at it): the API says so, and deactivating is offered.
                    if (e instanceof AdminApiError && e.reason === 'used' && d.active) {
                      if (window.confirm(`${e.message}.\n\nDeactivate ${d.code} now?`)) toggle.mutate(d);
                    } else toast.error(e.message);
                  },
                });
              }}
            >
              Delete
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <Panel
      title="Discount codes"
      actions={
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden="true" /> New code
        </Button>
      }
    >
      <div className="mb-3 max-w-xs">
        <TextField
          id="discount-search"
          label="Search codes"
          type="search"
          value={values.q}
          onChange={(e) => set({ q: e.target.value })}
        />
      </div>
      <QueryState query={query}>
        {(data) => (
          <div className="space-y-3">
            <DataTable
              caption="Discount codes"
              columns={columns}
              data={data.items}
              getRowId={(d) => d.id}
              emptyText="No discount codes yet."
            />
            <Pagination page={data.page} limit={data.limit} total={data.total} onPage={(p) => set({ page: p })} />
          </div>
        )}
      </QueryState>
      {editing ? (
        <DiscountDialog discount={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Panel>
  );
}
