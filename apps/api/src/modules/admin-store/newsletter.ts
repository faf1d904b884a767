import type { Subscriber, SubscriberQuery } from '@shop/contracts/admin-store';
import { and, count, desc, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';
import { likeEscape } from './audit-log.ts';

function filterOf(q: Pick<SubscriberQuery, 'q' | 'status'>) {
  const where: SQL[] = [];
  if (q.q) where.push(ilike(newsletterSubscribers.email, `%${likeEscape(q.q)}%`));
  if (q.status === 'confirmed') where.push(isNotNull(newsletterSubscribers.confirmedAt));
  if (q.status === 'pending') where.push(isNull(newsletterSubscribers.confirmedAt));
  return where.length > 0 ? and(...where) : undefined;
}

const toWire = (r: typeof newsletterSubscribers.$inferSelect): Subscriber => ({
  id: r.id,
  email: r.email,
  status: r.confirmedAt ? 'confirmed' : 'pending',
  subscribed_at: r.createdAt.toISOString(),
  confirmed_at: r.confirmedAt?.toISOString() ?? null,
});

/** Newsletter subscribers for admin Marketing (issue 5): a page, or every match for the CSV export. */
export const subscribers = {
  async list(db: Db, q: SubscriberQuery) {
    const filter = filterOf(q);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(newsletterSubscribers)
        .where(filter)
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db.select({ n: count() }).from(newsletterSubscribers).where(filter),
    ]);
    return { items: rows.map(toWire), total: total?.n ?? 0, page: q.page, limit: q.limit };
  },

  async all(db: Db, q: Pick<SubscriberQuery, 'q' | 'status'>): Promise<Subscriber[]> {
    const rows = await db
      .select()
      .from(newsletterSubscribers)
      .where(filterOf(q))
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
    return rows.map(toWire);
  },
};
