import { wallTimeIn, zonedTime } from '@shop/contracts/admin-common';
import type { AdminDiscount, Subscriber } from '@shop/contracts/admin-store';
import type { ColumnDef } from '@tanstack/react-table';
import { Download, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { AdminPage, Panel } from '../admin/components/admin-page.tsx';
import { DataTable } from '../admin/components/data-table.tsx';
import { Pagination } from '../admin/components/pagination.tsx';
import { QueryState } from '../admin/components/query-state.tsx';
import { AdminApiError, adminApi } from '../admin/lib/client.ts';
import { downloadCsv } from '../admin/lib/download.ts';
import { adminTimeZone, formatDateTime, money } from '../admin/lib/format.ts';
import { useListParams } from '../admin/lib/list-params.ts';
import { useDiscounts, useStoreMutation, useSubscribers } from './api.ts';
import { ErrorText, SelectField, TextField } from './components/fields.tsx';

/** ISO instant ↔ the value of a datetime-local input, on the store's clock (issue 11 point 13). */
const toLocalInput = (iso: string | null) => (iso ? wallTimeIn(new Date(iso), adminTimeZone()) : '');
const fromLocalInput = (value: string) => (value ? zonedTime(value, adminTimeZone()).toISOString() : null);

export const discountValue = (d: Pick<AdminDiscount, 'kind' | 'value'>) =>
  d.kind === 'percent' ? `${d.value} %` : money(d.value);

function DiscountDialog({ discount, onClose }: { discount: AdminDiscount | null; onClose: () => void }) {
  const [form, setForm] = useState({
    code: discount?.code ?? '',
    kind: discount?.kind ?? 'percent',
    value: discount ? String(discount.value) : '',
    min_subtotal: discount ? String(discount.min_subtotal) : '0',
    starts_at: toLocalInput(discount?.starts_at ?? null),
    expires_at: toLocalInput(discount?.expires_at ?? null),
    usage_limit: discount?.usage_limit == null ? '' : String(discount.usage_limit),
    active: discount?.active ?? true,
  });
  const save = useStoreMutation((body: Record<string, unknown>) =>
    discount
      ? adminApi.patch<AdminDiscount>(`discounts/${discount.id}`, body)
      : adminApi.post<AdminDiscount>('discounts', body),
  );
  const field = (key: keyof typeof form) => ({
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      code: form.code,
      kind: form.kind,
      value: Number(form.value),
      min_subtotal: form.min_subtotal === '' ? 0 : Number(form.min_subtotal),
      starts_at: fromLocalInput(form.starts_at),
      expires_at: fromLocalInput(form.expires_at),
      usage_limit: form.usage_limit === '' ? null : Number(form.usage_limit),
      active: form.active,
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success(discount ? `Saved ${saved.code}` : `Created ${saved.code}`);
        onClose();
      },
    });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={discount ? `Edit ${discount.code}` : 'New discount code'}
      className="max-w-lg"
    >
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate>
        <TextField
          id="discount-code"
          label="Code"
          required
          autoComplete="off"
          className="sm:col-span-2"
          {...field('code')}
          hint="Letters A–Z, digits, - and _; shoppers may type it in any case."
        />
        <SelectField
          id="discount-kind"
          label="Kind"
          options={[
            { value: 'percent', label: 'Percent off' },
            { value: 'fixed', label: 'Fixed amount off' },
          ]}
          {...field('kind')}
        />
        <TextField
          id="discount-value"
          label={form.kind === 'percent' ? 'Percent (1–100)' : 'Amount ($)'}
          type="number"
          step={form.kind === 'percent' ? 1 : 0.01}
          min={0}
          required
          {...field('value')}
        />
        <TextField
          id="discount-min"
          label="Minimum subtotal ($)"
          type="number"
          step={0.01}
          min={0}
          {...field('min_subtotal')}
        />
        <TextField
          id="discount-limit"
          label="Usage limit"
          type="number"
          min={1}
          step={1}
          hint="Empty: unlimited"
          {...field('usage_limit')}
        />
        <TextField
          id="discount-start"
          label="Starts"
          type="datetime-local"
          hint={`Store time (${adminTimeZone()})`}
          {...field('starts_at')}
        />
        <TextField
          id="discount-end"
          label="Ends"
          type="datetime-local"
          hint={`Store time (${adminTimeZone()})`}
          {...field('expires_at')}
        />
        <div className="flex items-center gap-2 sm:col-span-2">
          <Checkbox
            id="discount-active"
            checked={form.active}
            onChange={(e) => setForm((f) => ({ ...f, active: e.target.checked }))}
          />
          <Label htmlFor="discount-active">Active</Label>
        </div>
        <div className="sm:col-span-2">
          <ErrorText error={save.error} />
        </div>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {discount ? 'Save changes' : 'Create code'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DiscountsPanel() {
  const { values, page, set } = useListParams(['q'] as const);
  const query = useDiscounts({ q: values.q, page, limit: 20 });
  const [editing, setEditing] = useState<AdminDiscount | 'new' | null>(null);
  const toggle = useStoreMutation((d: AdminDiscount) =>
    adminApi.patch<AdminDiscount>(`discounts/${d.id}`, { active: !d.active }),
  );
  const remove = useStoreMutation((d: AdminDiscount) => adminApi.delete<{ message: string }>(`discounts/${d.id}`));

  const columns: ColumnDef<AdminDiscount, unknown>[] = [
    { header: 'Code', cell: ({ row }) => <span className="font-mono font-semibold">{row.original.code}</span> },
    { header: 'Discount', cell: ({ row }) => discountValue(row.original) },
    {
      header: 'Minimum',
      cell: ({ row }) => (row.original.min_subtotal > 0 ? money(row.original.min_subtotal) : '—'),
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
                    if (e instanceof AdminApiError && e.status === 409 && d.active) {
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

function SubscribersPanel() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const query = useSubscribers({ q, status, page, limit: 20 });
  const [exporting, setExporting] = useState(false);
  const columns: ColumnDef<Subscriber, unknown>[] = [
    { header: 'E-mail', accessorKey: 'email' },
    {
      header: 'Status',
      cell: ({ row }) => (row.original.status === 'confirmed' ? 'Confirmed' : 'Pending confirmation'),
    },
    { header: 'Subscribed', cell: ({ row }) => formatDateTime(row.original.subscribed_at) },
    {
      header: 'Confirmed',
      cell: ({ row }) => (row.original.confirmed_at ? formatDateTime(row.original.confirmed_at) : '—'),
    },
  ];
  return (
    <Panel
      title="Newsletter subscribers"
      actions={
        <Button
          variant="outline"
          disabled={exporting}
          onClick={async () => {
            setExporting(true);
            try {
              await downloadCsv('admin/newsletter-subscribers', { q, status }, 'newsletter-subscribers.csv');
            } catch {
              toast.error('The export failed. Try again.');
            } finally {
              setExporting(false);
            }
          }}
        >
          <Download className="size-4" aria-hidden="true" /> Export CSV
        </Button>
      }
    >
      <div className="mb-3 grid max-w-xl gap-3 sm:grid-cols-2">
        <TextField
          id="subscriber-search"
          label="Search e-mail"
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <SelectField
          id="subscriber-status"
          label="Status"
          options={[
            { value: '', label: 'All' },
            { value: 'confirmed', label: 'Confirmed' },
            { value: 'pending', label: 'Pending' },
          ]}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        />
      </div>
      <QueryState query={query}>
        {(data) => (
          <div className="space-y-3">
            <DataTable
              caption="Newsletter subscribers"
              columns={columns}
              data={data.items}
              getRowId={(s) => s.id}
              emptyText="No subscribers match."
            />
            <Pagination page={data.page} limit={data.limit} total={data.total} onPage={setPage} />
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

/** Admin › Marketing (issue 5): discount codes and newsletter subscribers. */
export function MarketingPage() {
  return (
    <AdminPage title="Marketing" description="Discount codes that checkout honours, and the newsletter's subscribers.">
      <DiscountsPanel />
      <SubscribersPanel />
    </AdminPage>
  );
}
