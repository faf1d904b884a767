// Support: contact messages as tickets, the error reports shoppers sent, and the mail outbox.
export { errorReportsQuery } from './api/get-error-reports.ts';
export { outboxQuery } from './api/get-outbox.ts';
export { ticketQuery } from './api/get-ticket.ts';
export { FIRST_TICKETS, ticketsQuery } from './api/get-tickets.ts';
export { ErrorReportsTab } from './components/error-reports-tab.tsx';
export { OutboxTab } from './components/outbox-tab.tsx';
export { TicketView } from './components/ticket-view.tsx';
export { TicketsTab } from './components/tickets-tab.tsx';
export { sender } from './sender.ts';
