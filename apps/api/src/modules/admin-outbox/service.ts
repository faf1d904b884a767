import type { OutboxMail, OutboxQuery } from '@shop/contracts/admin-outbox';
import { and, desc, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema.ts';
import { enqueue } from '../../jobs/index.ts';
import { sendMailJobKey } from '../../lib/mailer.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';

/** Why a mail cannot be retried: no such mail, not failed, or its link is gone (ADR 021). */
export type RetryFailure = Failure<'not_found'> | Failure<'not_failed', { state: string }> | Failure<'link_not_kept'>;

type Row = typeof mailOutbox.$inferSelect;

function toWire(m: Row): OutboxMail {
  return {
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    created_at: m.createdAt.toISOString(),
    sent_at: m.sentAt?.toISOString() ?? null,
    error: m.error,
    state: m.state,
    attempts: m.attempts,
  };
}

/** Reads the mail outbox (docs/architecture.md §2) and retries failed mails. */
export function createOutboxService({ db }: Pick<Deps, 'db'>, { audit }: { audit: AuditService }) {
  return {
    /** The newest mails first; `to` matches the address case-insensitively. */
    async list({ to, limit }: OutboxQuery): Promise<OutboxMail[]> {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}` : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit);
      return rows.map(toWire);
    },

    /**
     * Queues a failed mail again, its attempts counted afresh; the audit entry and the job commit with
     * it. A mail whose link was dropped after its last attempt cannot be sent again (ADR 009, 021).
     */
    async retry(actor: Actor, id: string): Promise<Result<OutboxMail, RetryFailure>> {
      if (!isUuid(id)) return fail('not_found');
      return db.transaction(async (tx): Promise<Result<OutboxMail, RetryFailure>> => {
        const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
        if (!row) return fail('not_found');
        if (row.state !== 'failed') return fail('not_failed', { state: row.state });
        if (row.hasSecrets && !row.sealed) return fail('link_not_kept');
        const [queued] = await tx
          .update(mailOutbox)
          .set({ state: 'queued', attempts: 0, error: null })
          .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'failed')))
          .returning();
        if (!queued) return fail('not_failed', { state: row.state });
        await enqueue(tx, 'send-mail', { id }, { jobKey: sendMailJobKey(id) });
        await audit.record(tx, actor, {
          action: 'mail.retry',
          entityType: 'mail',
          entityId: id,
          before: { state: row.state, attempts: row.attempts, error: row.error },
          after: { state: 'queued', to: row.to, subject: row.subject },
        });
        return ok(toWire(queued));
      });
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
