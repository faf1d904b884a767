import type { Subscriber, SubscriberQuery } from '@shop/contracts/admin-newsletter';
import type { Deps } from '../../services.ts';
import { subscribersRepository as repo } from './repository.ts';
import { subscriberToWire } from './wire.ts';

/** Newsletter subscribers for admin Marketing: a page, or every match for the CSV export. */
export function createAdminNewsletterService({ db }: Pick<Deps, 'db'>) {
  return {
    async list(q: SubscriberQuery) {
      const { rows, total } = await repo.page(db, q);
      return { items: rows.map(subscriberToWire), total, page: q.page, limit: q.limit };
    },

    async all(q: Pick<SubscriberQuery, 'q' | 'status'>): Promise<Subscriber[]> {
      return (await repo.all(db, q)).map(subscriberToWire);
    },
  };
}
export type AdminNewsletterService = ReturnType<typeof createAdminNewsletterService>;
