import { useSearchParams } from 'react-router';
import { AdminPage, ensureAdminData, revalidateOnPageChange, Tabs } from '../../features/admin/index.ts';
import {
  ErrorReportsTab,
  errorReportsQuery,
  FIRST_TICKETS,
  OutboxTab,
  outboxQuery,
  TicketsTab,
  TicketView,
  ticketQuery,
  ticketsQuery,
} from '../../features/admin-support/index.ts';
import type { Route } from './+types/support';

export const meta = () => [{ title: 'Support · Admin' }];

type Tab = 'tickets' | 'errors' | 'outbox';
const TABS = [
  { value: 'tickets', label: 'Tickets' },
  { value: 'errors', label: 'Error reports' },
  { value: 'outbox', label: 'Mail outbox' },
] as const;

/** What the URL's tab shows first: the open tickets, one ticket, the error reports or the outbox. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab = (params.get('tab') as Tab | null) ?? 'tickets';
  const ticket = params.get('ticket');
  const first =
    tab === 'tickets'
      ? ticket
        ? ticketQuery(ticket)
        : ticketsQuery(FIRST_TICKETS)
      : tab === 'errors'
        ? errorReportsQuery(1)
        : outboxQuery('');
  return ensureAdminData([first]);
}
export const shouldRevalidate = revalidateOnPageChange;

/** Admin › Support: contact messages as tickets (one opens under `?ticket=<id>`), error reports, and the mail outbox. */
export default function Page() {
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
