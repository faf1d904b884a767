import type { TicketDetail, TicketQuery, TicketSummary } from '@shop/contracts/admin-store';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contactMessages, ticketEntries, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { likeEscape } from './audit-log.ts';

type MessageRow = typeof contactMessages.$inferSelect;

function summary(row: MessageRow, entries: number): TicketSummary {
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

/** Support tickets (issue 5): the storefront's contact messages, with replies and internal notes. */
export const tickets = {
  async list(db: Db, q: TicketQuery) {
    const where: SQL[] = [];
    if (q.status) where.push(eq(contactMessages.status, q.status));
    if (q.q) {
      const pattern = `%${likeEscape(q.q)}%`;
      const text = or(
        ilike(contactMessages.email, pattern),
        ilike(contactMessages.subject, pattern),
        ilike(contactMessages.name, pattern),
        ilike(contactMessages.message, pattern),
      );
      if (text) where.push(text);
    }
    const filter = where.length > 0 ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(contactMessages)
        .where(filter)
        .orderBy(desc(contactMessages.updatedAt), desc(contactMessages.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db.select({ n: count() }).from(contactMessages).where(filter),
    ]);
    const ids = rows.map((r) => r.id);
    const counts =
      ids.length === 0
        ? []
        : await db
            .select({ id: ticketEntries.messageId, n: count() })
            .from(ticketEntries)
            .where(inArray(ticketEntries.messageId, ids))
            .groupBy(ticketEntries.messageId);
    const entries = new Map(counts.map((c) => [c.id, c.n]));
    return {
      items: rows.map((r) => summary(r, entries.get(r.id) ?? 0)),
      total: total?.n ?? 0,
      page: q.page,
      limit: q.limit,
    };
  },

  async get(ex: Db | Tx, id: string): Promise<TicketDetail> {
    const [row] = await ex.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!row) throw notFound('Ticket not found');
    const history = await ex
      .select()
      .from(ticketEntries)
      .where(eq(ticketEntries.messageId, id))
      .orderBy(asc(ticketEntries.createdAt), asc(ticketEntries.id));
    return {
      ...summary(row, history.length),
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
  },

  /** Adds a reply or a note by this staff member; the ticket counts as changed now. */
  async addEntry(tx: Tx, id: string, entry: { kind: 'reply' | 'note'; body: string; authorId: string; now: Date }) {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!row) throw notFound('Ticket not found');
    const [author] = await tx.select({ email: users.email }).from(users).where(eq(users.id, entry.authorId));
    const [created] = await tx
      .insert(ticketEntries)
      .values({
        messageId: id,
        kind: entry.kind,
        body: entry.body,
        authorId: entry.authorId,
        authorEmail: author?.email ?? 'unknown',
        createdAt: entry.now,
      })
      .returning();
    await tx.update(contactMessages).set({ updatedAt: entry.now }).where(eq(contactMessages.id, id));
    if (!created) throw new Error('entry not stored');
    return { ticket: row, entry: created };
  },

  async setStatus(tx: Tx, id: string, status: 'open' | 'closed', now: Date) {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!row) throw notFound('Ticket not found');
    if (row.status !== status) {
      await tx.update(contactMessages).set({ status, updatedAt: now }).where(eq(contactMessages.id, id));
    }
    return { before: row.status, changed: row.status !== status };
  },
};
