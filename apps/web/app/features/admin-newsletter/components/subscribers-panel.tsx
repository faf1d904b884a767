import type { Subscriber } from '@shop/contracts/admin-newsletter';
import type { ColumnDef } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable, formatDateTime, Pagination, Panel, QueryState, SelectField, TextField } from '../../admin/index.ts';
import { exportSubscribers } from '../api/export-subscribers.ts';
import { FIRST_SUBSCRIBERS, useSubscribers } from '../api/get-subscribers.ts';

/** Admin › Marketing: the newsletter's subscribers, searchable, exported as CSV. */
export function SubscribersPanel() {
  const [q, setQ] = useState(FIRST_SUBSCRIBERS.q);
  const [status, setStatus] = useState(FIRST_SUBSCRIBERS.status);
  const [page, setPage] = useState(FIRST_SUBSCRIBERS.page);
  const query = useSubscribers({ q, status, page, limit: FIRST_SUBSCRIBERS.limit });
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
              await exportSubscribers({ q, status });
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
