import type { Subscriber } from '@shop/contracts/admin-newsletter';
import type { SubscriberRow } from './repository.ts';

export const subscriberToWire = (r: SubscriberRow): Subscriber => ({
  id: r.id,
  email: r.email,
  status: r.confirmedAt ? 'confirmed' : 'pending',
  subscribed_at: r.createdAt.toISOString(),
  confirmed_at: r.confirmedAt?.toISOString() ?? null,
});
