import type { OutboxMail } from '@shop/contracts/admin-outbox';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable, formatDateTime, QueryState, TextField } from '../../admin/index.ts';
import { useOutbox } from '../api/get-outbox.ts';

/** Every mail the shop sent, or holds without SMTP, by recipient. */
export function OutboxTab() {
  const [to, setTo] = useState('');
  const query = useOutbox(to);
  const [open, setOpen] = useState<string | null>(null);
  const columns: ColumnDef<OutboxMail, unknown>[] = [
    { header: 'When', cell: ({ row }) => formatDateTime(row.original.created_at) },
    { header: 'To', accessorKey: 'to' },
    {
      header: 'Subject',
      cell: ({ row }) => (
        <div>
          <button
            type="button"
            aria-expanded={open === row.original.id}
            className="text-left underline-offset-2 hover:underline"
            onClick={() => setOpen(open === row.original.id ? null : row.original.id)}
          >
            {row.original.subject}
          </button>
          {open === row.original.id ? (
            <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-2 font-sans text-xs">
              {row.original.text}
            </pre>
          ) : null}
        </div>
      ),
    },
    {
      header: 'Delivery',
      cell: ({ row }) =>
        row.original.error ? `Not sent: ${row.original.error}` : row.original.sent_at ? 'Sent' : 'In outbox (no SMTP)',
    },
  ];
  return (
    <div className="space-y-3">
      <div className="max-w-xs">
        <TextField id="outbox-to" label="Recipient" type="search" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <QueryState query={query}>
        {(data) => (
          <DataTable
            caption="Mail outbox"
            columns={columns}
            data={data.items}
            getRowId={(m) => m.id}
            emptyText="No mail yet."
          />
        )}
      </QueryState>
    </div>
  );
}
