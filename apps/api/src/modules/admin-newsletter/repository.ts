import type { SubscriberQuery } from '@shop/contracts/admin-newsletter';
import { and, count, desc, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

function filterOf(q: Pick<SubscriberQuery, 'q' | 'status'>) {
  const where: SQL[] = [];
  if (q.q) where.push(ilike(newsletterSubscribers.email, containsPattern(q.q)));
  if (q.status === 'confirmed') where.push(isNotNull(newsletterSubscribers.confirmedAt));
  if (q.status === 'pending') where.push(isNull(newsletterSubscribers.confirmedAt));
  return where.length > 0 ? and(...where) : undefined;
}

/** The SQL of the newsletter's subscriber list (admin Marketing). */
export const subscribersRepository = {
  async page(db: Db, q: SubscriberQuery) {
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
    return { rows, total: total?.n ?? 0 };
  },

  async all(db: Db, q: Pick<SubscriberQuery, 'q' | 'status'>): Promise<SubscriberRow[]> {
    return db
      .select()
      .from(newsletterSubscribers)
      .where(filterOf(q))
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  },
};
