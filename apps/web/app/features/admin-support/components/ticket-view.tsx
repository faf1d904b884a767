import { ArrowLeft } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, Panel, QueryState } from '../../admin/index.ts';
import { useAddTicketNote } from '../api/add-ticket-note.ts';
import { useTicket } from '../api/get-ticket.ts';
import { useReplyToTicket } from '../api/reply-to-ticket.ts';
import { useSetTicketStatus } from '../api/set-ticket-status.ts';
import { sender } from '../sender.ts';
import { EntryForm } from './entry-form.tsx';
import { StatusBadge } from './status-badge.tsx';

/** One ticket (`?ticket=<id>`): the message, its history, a reply and an internal note. */
export function TicketView({ id, onBack }: { id: string; onBack: () => void }) {
  const query = useTicket(id);
  const reply = useReplyToTicket(id);
  const note = useAddTicketNote(id);
  const status = useSetTicketStatus(id);
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
