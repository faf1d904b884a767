import type { OutboxMail, OutboxQuery } from '@shop/contracts/admin-outbox';
import { desc, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema.ts';
import type { Deps } from '../../services.ts';

/** Reads the mail outbox (DESIGN §2: without SMTP, mail goes to an outbox that staff can read). */
export function createOutboxService({ db }: Pick<Deps, 'db'>) {
  return {
    /** The newest mails first; `to` matches the address case-insensitively. */
    async list({ to, limit }: OutboxQuery): Promise<OutboxMail[]> {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}` : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit);
      return rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        created_at: m.createdAt.toISOString(),
        sent_at: m.sentAt?.toISOString() ?? null,
        error: m.error,
      }));
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
