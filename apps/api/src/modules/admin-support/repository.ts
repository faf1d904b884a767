import type { TicketQuery } from '@shop/contracts/admin-support';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { contactMessages, ticketEntries, users } from '../../db/schema.ts';

export type MessageRow = typeof contactMessages.$inferSelect;
export type EntryRow = typeof ticketEntries.$inferSelect;

/** The SQL of support tickets: the storefront's contact messages, with replies and internal notes. */
export const ticketsRepository = {
  async page(db: Db, q: TicketQuery) {
    const where: SQL[] = [];
    if (q.status) where.push(eq(contactMessages.status, q.status));
    if (q.q) {
      const pattern = containsPattern(q.q);
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
    return { rows, total: total?.n ?? 0 };
  },

  /** How many entries each of these tickets has. */
  async entryCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
    const counts =
      ids.length === 0
        ? []
        : await db
            .select({ id: ticketEntries.messageId, n: count() })
            .from(ticketEntries)
            .where(inArray(ticketEntries.messageId, ids))
            .groupBy(ticketEntries.messageId);
    return new Map(counts.map((c) => [c.id, c.n]));
  },

  async find(ex: Db | Tx, id: string): Promise<MessageRow | undefined> {
    const [row] = await ex.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row;
  },

  async history(ex: Db | Tx, id: string): Promise<EntryRow[]> {
    return ex
      .select()
      .from(ticketEntries)
      .where(eq(ticketEntries.messageId, id))
      .orderBy(asc(ticketEntries.createdAt), asc(ticketEntries.id));
  },

  async lock(tx: Tx, id: string): Promise<MessageRow | undefined> {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    return row;
  },

  /** Adds a reply or a note by this staff member; the ticket counts as changed now. */
  async addEntry(tx: Tx, id: string, entry: { kind: 'reply' | 'note'; body: string; authorId: string; now: Date }) {
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
    return created;
  },

  async setStatus(tx: Tx, id: string, status: 'open' | 'closed', now: Date) {
    await tx.update(contactMessages).set({ status, updatedAt: now }).where(eq(contactMessages.id, id));
  },
};
