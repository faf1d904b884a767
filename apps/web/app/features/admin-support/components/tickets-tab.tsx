import type { TicketSummary } from '@shop/contracts/admin-support';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable, formatDateTime, Pagination, QueryState, SelectField, TextField } from '../../admin/index.ts';
import { FIRST_TICKETS, useTickets } from '../api/get-tickets.ts';
import { StatusBadge } from './status-badge.tsx';

/** The tickets, by status and searched; a subject opens the ticket. */
export function TicketsTab({ onOpen }: { onOpen: (id: string) => void }) {
  const [status, setStatus] = useState(FIRST_TICKETS.status);
  const [q, setQ] = useState(FIRST_TICKETS.q);
  const [page, setPage] = useState(FIRST_TICKETS.page);
  const query = useTickets({ status, q, page, limit: FIRST_TICKETS.limit });
  const columns: ColumnDef<TicketSummary, unknown>[] = [
    {
      header: 'Subject',
      cell: ({ row }) => (
        <button
          type="button"
          className="text-left font-medium underline-offset-2 hover:underline"
          onClick={() => onOpen(row.original.id)}
        >
          {row.original.subject}
        </button>
      ),
    },
    {
      header: 'From',
      cell: ({ row }) =>
        row.original.name?.trim() ? (
          <div>
            <div>{row.original.name.trim()}</div>
            <div className="text-slate-600 text-xs">{row.original.email}</div>
          </div>
        ) : (
          row.original.email
        ),
    },
    { header: 'Type', accessorKey: 'inquiry_type' },
    { header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    { header: 'Entries', accessorKey: 'entries' },
    { header: 'Last change', cell: ({ row }) => formatDateTime(row.original.updated_at) },
  ];
  return (
    <div className="space-y-3">
      <div className="grid max-w-xl gap-3 sm:grid-cols-2">
        <SelectField
          id="ticket-status"
          label="Status"
          options={[
            { value: 'open', label: 'Open' },
            { value: 'closed', label: 'Closed' },
            { value: '', label: 'All' },
          ]}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        />
        <TextField
          id="ticket-search"
          label="Search tickets"
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      <QueryState query={query}>
        {(data) => (
          <>
            <DataTable
              caption="Support tickets"
              columns={columns}
              data={data.items}
              getRowId={(t) => t.id}
              emptyText="No tickets."
            />
            <Pagination page={data.page} limit={data.limit} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryState>
    </div>
  );
}
