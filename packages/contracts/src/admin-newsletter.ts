import { z } from 'zod';
import { paged, pageQuery } from './common.ts';

// Admin newsletter subscribers.

export const subscriberQuery = pageQuery.extend({
  q: z.string().trim().max(254, 'q must be at most 254 characters').optional(),
  status: z.enum(['confirmed', 'pending'], { error: 'status must be confirmed or pending' }).optional(),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});
export type SubscriberQuery = z.infer<typeof subscriberQuery>;

export const subscriber = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['confirmed', 'pending']),
  subscribed_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriber>;
export const subscriberList = paged(subscriber);
export type SubscriberList = z.infer<typeof subscriberList>;
