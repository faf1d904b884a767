import { z } from 'zod';
import { email, newPassword, username } from './auth.ts';
import { address } from './orders.ts';

/** Issue 4: the shopper's own account. */

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const updateProfileBody = z
  .strictObject({
    first_name: name('First name').optional(),
    last_name: name('Last name').optional(),
    username: username.optional(),
    email: email.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const changePasswordBody = z.strictObject({
  current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(256),
  new_password: newPassword,
});

export const savedAddress = address.extend({ id: z.string(), is_default: z.boolean() });
export type SavedAddress = z.infer<typeof savedAddress>;
export const addressBody = address.extend({ is_default: z.boolean().optional() });
export const addressList = z.array(savedAddress);

export const deleteAccountBody = z.strictObject({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});

export const reviewBody = z.strictObject({
  rating: z
    .number({ error: 'Rating is required' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(120, 'Title must be at most 120 characters'),
  body: z
    .string({ error: 'Review text is required' })
    .trim()
    .min(1, 'Review text is required')
    .max(5000, 'Review text must be at most 5000 characters'),
});

export const review = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  author: z.string(),
  created_at: z.string(),
});
export const reviewList = z.object({
  items: z.array(review),
  average: z.number(),
  count: z.number().int(),
  /** Whether the signed-in caller may review (bought it, not reviewed yet); false for guests. */
  can_review: z.boolean(),
});
