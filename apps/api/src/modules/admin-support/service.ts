import type { TicketDetail, TicketQuery, TicketSummary } from '@shop/contracts/admin-support';
import type { Db, Tx } from '../../db/client.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { ErrorReportService } from '../error-reports/index.ts';
import { ticketsRepository as repo } from './repository.ts';
import { ticketDetail, ticketSummary } from './wire.ts';

/** What a ticket look-up or change can end in besides success. */
export type AdminSupportFailure = Failure<'not_found'>;

/**
 * Admin Support: the storefront's contact messages as tickets, with replies (mailed to the
 * ticket's e-mail) and internal notes, and the reports sent from the storefront's error page
 * (docs/product.md §10). Every change is audited in its transaction; a reply is mailed after the commit.
 */
export function createAdminSupportService(
  { db, clock, mailer }: Pick<Deps, 'db' | 'clock' | 'mailer'>,
  { audit, errorReports }: { audit: AuditService; errorReports: ErrorReportService },
) {
  async function detail(ex: Db | Tx, id: string): Promise<Result<TicketDetail, AdminSupportFailure>> {
    const row = await repo.find(ex, id);
    if (!row) return fail('not_found');
    return ok(ticketDetail(row, await repo.history(ex, id)));
  }

  return {
    /** Tickets, recently changed first. */
    async list(q: TicketQuery): Promise<{ items: TicketSummary[]; total: number; page: number; limit: number }> {
      const { rows, total } = await repo.page(db, q);
      const entries = await repo.entryCounts(
        db,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => ticketSummary(r, entries.get(r.id) ?? 0)), total, page: q.page, limit: q.limit };
    },

    /** A ticket: the message, its replies and notes. */
    get: (id: string) => detail(db, id),

    /** Mails a reply to the ticket's e-mail and keeps it in the history. */
    async reply(actor: Actor, id: string, body: string): Promise<Result<TicketDetail, AdminSupportFailure>> {
      const added = await db.transaction(async (tx) => {
        const ticket = await repo.lock(tx, id);
        if (!ticket) return undefined;
        const entry = await repo.addEntry(tx, id, { kind: 'reply', body, authorId: actor.userId, now: clock.now() });
        await audit.record(tx, actor, {
          action: 'ticket.reply',
          entityType: 'ticket',
          entityId: id,
          after: { body: entry.body, to: ticket.email },
        });
        // The mail is queued with the reply that causes it (lib/mailer.ts).
        await mailer.send(
          {
            to: ticket.email,
            subject: `Re: ${ticket.subject}`,
            text: `${entry.body}\n\n---\nYou wrote:\n${ticket.message
              .split('\n')
              .map((line) => `> ${line}`)
              .join('\n')}`,
          },
          { tx },
        );
        return true;
      });
      if (!added) return fail('not_found');
      return detail(db, id);
    },

    /** Adds an internal note (never mailed). */
    async note(actor: Actor, id: string, body: string): Promise<Result<TicketDetail, AdminSupportFailure>> {
      const added = await db.transaction(async (tx) => {
        if (!(await repo.lock(tx, id))) return false;
        const entry = await repo.addEntry(tx, id, { kind: 'note', body, authorId: actor.userId, now: clock.now() });
        await audit.record(tx, actor, {
          action: 'ticket.note',
          entityType: 'ticket',
          entityId: id,
          after: { body: entry.body },
        });
        return true;
      });
      if (!added) return fail('not_found');
      return detail(db, id);
    },

    /** Closes or reopens a ticket; the same status again changes (and audits) nothing. */
    async setStatus(
      actor: Actor,
      id: string,
      status: 'open' | 'closed',
    ): Promise<Result<TicketDetail, AdminSupportFailure>> {
      const found = await db.transaction(async (tx) => {
        const row = await repo.lock(tx, id);
        if (!row) return false;
        if (row.status === status) return true;
        await repo.setStatus(tx, id, status, clock.now());
        await audit.record(tx, actor, {
          action: status === 'closed' ? 'ticket.close' : 'ticket.reopen',
          entityType: 'ticket',
          entityId: id,
          before: { status: row.status },
          after: { status },
        });
        return true;
      });
      if (!found) return fail('not_found');
      return detail(db, id);
    },

    /** Reports sent from the storefront's error page, newest first. */
    errorReports: (q: { page: number; limit: number }) => errorReports.list(q),
  };
}
export type AdminSupportService = ReturnType<typeof createAdminSupportService>;
