import type { TicketDetail, TicketSummary } from '@shop/contracts/admin-support';
import type { EntryRow, MessageRow } from './repository.ts';

export function ticketSummary(row: MessageRow, entries: number): TicketSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    inquiry_type: row.inquiryType,
    subject: row.subject,
    status: row.status,
    entries,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function ticketDetail(row: MessageRow, history: EntryRow[]): TicketDetail {
  return {
    ...ticketSummary(row, history.length),
    message: row.message,
    user_id: row.userId,
    history: history.map((e) => ({
      id: e.id,
      kind: e.kind,
      body: e.body,
      author_email: e.authorEmail,
      created_at: e.createdAt.toISOString(),
    })),
  };
}
