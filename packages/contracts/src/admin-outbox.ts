import { z } from 'zod';

/** GET /api/admin/outbox: the newest mails, optionally only those to one address (docs/architecture.md §2: outbox). */
export const outboxQuery = z.object({
  to: z.string().trim().max(254, 'to must be at most 254 characters').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
});
export type OutboxQuery = z.infer<typeof outboxQuery>;

/**
 * Where a mail stands: waiting for (or between) send attempts, sent, failed after its last
 * attempt, over the hourly cap of its address, or kept without sending (no SMTP server).
 */
export const mailStates = ['queued', 'sent', 'failed', 'suppressed', 'kept'] as const;
export type MailState = (typeof mailStates)[number];

/** A mail as the outbox keeps it: links with tokens are hidden, only the recipient got them. */
export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** The last send error, or why the mail is not sent. */
  error: z.string().nullable(),
  state: z.enum(mailStates),
  /** Send attempts made so far. */
  attempts: z.number().int(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const outboxList = z.object({ items: z.array(outboxMail) });
