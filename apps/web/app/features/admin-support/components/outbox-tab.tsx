import type { OutboxMail } from '@shop/contracts/admin-outbox';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable, ErrorText, formatDateTime, QueryState, TextField } from '../../admin/index.ts';
import { useOutbox } from '../api/get-outbox.ts';
import { useRetryMail } from '../api/retry-mail.ts';
import { deliveryText } from '../delivery.ts';

/** A failed mail's Retry button, with the refusal beside it when the API refuses. */
function RetryButton({ mail, retry }: { mail: OutboxMail; retry: ReturnType<typeof useRetryMail> }) {
  const mine = retry.variables === mail.id;
  return (
    <div className="mt-1">
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={mine && retry.isPending}
        aria-label={`Retry the mail "${mail.subject}"`}
        onClick={() => retry.mutate(mail.id)}
      >
        Retry
      </Button>
      {mine ? <ErrorText error={retry.error} /> : null}
    </div>
  );
}

/** Every mail the shop sent, or holds without SMTP, by recipient. */
export function OutboxTab() {
  const [to, setTo] = useState('');
  const query = useOutbox(to);
  const [open, setOpen] = useState<string | null>(null);
  // One mutation for the table: its state outlives the rows, which are drawn anew when the list refetches.
  const retry = useRetryMail();
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
      cell: ({ row }) => (
        <div>
          <span>{deliveryText(row.original)}</span>
          {row.original.state === 'failed' ? <RetryButton mail={row.original} retry={retry} /> : null}
        </div>
      ),
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
