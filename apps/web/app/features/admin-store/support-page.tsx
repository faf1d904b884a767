import type { OutboxMail } from '@shop/contracts/admin-outbox';
import type { TicketDetail, TicketSummary } from '@shop/contracts/admin-store';
import type { ErrorReport } from '@shop/contracts/error-reports';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { AdminPage, Panel } from '../admin/components/admin-page.tsx';
import { DataTable } from '../admin/components/data-table.tsx';
import { Pagination } from '../admin/components/pagination.tsx';
import { QueryState } from '../admin/components/query-state.tsx';
import { adminApi } from '../admin/lib/client.ts';
import { formatDateTime } from '../admin/lib/format.ts';
import { useErrorReports, useOutbox, useStoreMutation, useTicket, useTickets } from './api.ts';
import { ErrorText, SelectField, Tabs, TextAreaField, TextField } from './components/fields.tsx';

type Tab = 'tickets' | 'errors' | 'outbox';
const TABS = [
  { value: 'tickets', label: 'Tickets' },
  { value: 'errors', label: 'Error reports' },
  { value: 'outbox', label: 'Mail outbox' },
] as const;

function StatusBadge({ status }: { status: 'open' | 'closed' }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 font-medium text-xs',
        status === 'open' ? 'bg-amber-100 text-amber-900' : 'bg-slate-200 text-slate-800',
      )}
    >
      {status === 'open' ? 'Open' : 'Closed'}
    </span>
  );
}

function EntryForm({
  id,
  label,
  button,
  onSubmit,
}: {
  id: string;
  label: string;
  button: string;
  onSubmit: (body: string) => Promise<unknown>;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await onSubmit(body);
      setBody('');
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      <TextAreaField id={id} label={label} rows={4} value={body} onChange={(e) => setBody(e.target.value)} />
      <ErrorText error={error} />
      <Button type="submit" disabled={pending}>
        {button}
      </Button>
    </form>
  );
}

function TicketView({ id, onBack }: { id: string; onBack: () => void }) {
  const query = useTicket(id);
  const reply = useStoreMutation((body: string) =>
    adminApi.post<TicketDetail>(`support/tickets/${id}/replies`, { body }),
  );
  const note = useStoreMutation((body: string) => adminApi.post<TicketDetail>(`support/tickets/${id}/notes`, { body }));
  const status = useStoreMutation((next: 'open' | 'closed') =>
    adminApi.post<TicketDetail>(`support/tickets/${id}/status`, { status: next }),
  );
  return (
    <div className="space-y-4">
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden="true" /> All tickets
      </Button>
      <QueryState query={query}>
        {(t) => (
          <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
            <div className="space-y-4">
              <Panel
                title={t.subject}
                actions={
                  <div className="flex items-center gap-2">
                    <StatusBadge status={t.status} />
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={status.isPending}
                      onClick={() =>
                        status.mutate(t.status === 'open' ? 'closed' : 'open', {
                          onSuccess: (r) => toast.success(r.status === 'closed' ? 'Ticket closed' : 'Ticket reopened'),
                          onError: (e) => toast.error(e.message),
                        })
                      }
                    >
                      {t.status === 'open' ? 'Close ticket' : 'Reopen ticket'}
                    </Button>
                  </div>
                }
              >
                <p className="text-slate-600 text-sm">
                  From {sender(t)} · {t.inquiry_type} · {formatDateTime(t.created_at)}
                </p>
                <p className="mt-3 whitespace-pre-wrap text-slate-900">{t.message}</p>
              </Panel>
              <Panel title="History">
                {t.history.length === 0 ? (
                  <p className="text-slate-600 text-sm">No replies or notes yet.</p>
                ) : (
                  <ol className="space-y-3">
                    {t.history.map((e) => (
                      <li
                        key={e.id}
                        className={cn(
                          'rounded-md border p-3 text-sm',
                          e.kind === 'note' ? 'border-amber-200 bg-amber-50' : 'border-slate-200 bg-white',
                        )}
                      >
                        <p className="font-medium text-slate-700 text-xs">
                          {e.kind === 'reply' ? 'Reply mailed' : 'Internal note'} · {e.author_email} ·{' '}
                          {formatDateTime(e.created_at)}
                        </p>
                        <p className="mt-1 whitespace-pre-wrap">{e.body}</p>
                      </li>
                    ))}
                  </ol>
                )}
              </Panel>
            </div>
            <div className="space-y-4">
              <Panel title="Reply to the customer">
                <EntryForm
                  id="ticket-reply"
                  label={`Reply (mailed to ${t.email})`}
                  button="Send reply"
                  onSubmit={(body) => reply.mutateAsync(body).then(() => toast.success('Reply sent'))}
                />
              </Panel>
              <Panel title="Internal note">
                <EntryForm
                  id="ticket-note"
                  label="Note (only staff see it)"
                  button="Add note"
                  onSubmit={(body) => note.mutateAsync(body).then(() => toast.success('Note added'))}
                />
              </Panel>
            </div>
          </div>
        )}
      </QueryState>
    </div>
  );
}

/**
 * Who wrote a ticket: "Grace Hopper <grace@example.com>" when the form had a name, the e-mail alone
 * when not, never an empty name before the address (issue 11 point 13).
 */
export function sender({ name, email }: { name: string | null; email: string }): string {
  const known = name?.trim();
  return known ? `${known} <${email}>` : email;
}

function TicketsTab({ onOpen }: { onOpen: (id: string) => void }) {
  const [status, setStatus] = useState('open');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useTickets({ status, q, page, limit: 20 });
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

function ErrorReportsTab() {
  const [page, setPage] = useState(1);
  const query = useErrorReports(page);
  const columns: ColumnDef<ErrorReport, unknown>[] = [
    { header: 'When', cell: ({ row }) => formatDateTime(row.original.created_at) },
    { header: 'Error ID', cell: ({ row }) => <span className="font-mono text-xs">{row.original.error_id}</span> },
    { header: 'Message', accessorKey: 'message' },
    { header: 'Status', cell: ({ row }) => row.original.status ?? '—' },
    { header: 'Page', cell: ({ row }) => <span className="font-mono text-xs">{row.original.path}</span> },
  ];
  return (
    <QueryState query={query}>
      {(data) => (
        <div className="space-y-3">
          <DataTable
            caption="Error reports"
            columns={columns}
            data={data.items}
            getRowId={(r) => r.id}
            emptyText="No error reports."
          />
          <Pagination page={data.page} limit={data.limit} total={data.total} onPage={setPage} />
        </div>
      )}
    </QueryState>
  );
}

function OutboxTab() {
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

/** Admin › Support (issue 5): contact messages as tickets, error reports, and the mail outbox. */
export function SupportPage() {
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as Tab | null) ?? 'tickets';
  const ticket = params.get('ticket');
  const go = (next: { tab?: Tab; ticket?: string | null }) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (next.tab) p.set('tab', next.tab);
      if (next.ticket === null) p.delete('ticket');
      else if (next.ticket) p.set('ticket', next.ticket);
      return p;
    });
  return (
    <AdminPage
      title="Support"
      description="Answer customers, read the error reports they sent, and see every mail sent."
    >
      <Tabs label="Support sections" tabs={TABS} value={tab} onChange={(v) => go({ tab: v, ticket: null })} />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'tickets' ? (
          ticket ? (
            <TicketView id={ticket} onBack={() => go({ ticket: null })} />
          ) : (
            <TicketsTab onOpen={(id) => go({ ticket: id })} />
          )
        ) : tab === 'errors' ? (
          <ErrorReportsTab />
        ) : (
          <OutboxTab />
        )}
      </div>
    </AdminPage>
  );
}
