import { z } from 'zod';
import { paged, pageQuery } from './common.ts';
import { errorReport } from './error-reports.ts';

// Admin support: tickets and the error reports list.

export const TICKET_STATUSES = ['open', 'closed'] as const;
export const ticketQuery = pageQuery.extend({
  status: z.enum(TICKET_STATUSES, { error: 'status must be open or closed' }).optional(),
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
});
export type TicketQuery = z.infer<typeof ticketQuery>;

export const ticketSummary = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  inquiry_type: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  entries: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;
export const ticketList = paged(ticketSummary);

export const ticketEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['reply', 'note']),
  body: z.string(),
  author_email: z.string(),
  created_at: z.string(),
});
export type TicketEntry = z.infer<typeof ticketEntry>;
export const ticketDetail = ticketSummary.extend({
  message: z.string(),
  user_id: z.string().nullable(),
  history: z.array(ticketEntry),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

export const ticketEntryBody = z.strictObject({
  body: z
    .string({ error: 'Write a message first' })
    .trim()
    .min(1, 'Write a message first')
    .max(10_000, 'The message must be at most 10000 characters'),
});
export const ticketStatusBody = z.strictObject({
  status: z.enum(TICKET_STATUSES, { error: 'status must be open or closed' }),
});

/** GET /api/admin/support/error-reports: newest first (docs/architecture.md §5 lists). */
export const errorReportPage = paged(errorReport);
