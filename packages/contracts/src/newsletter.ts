import { z } from 'zod';
import { email } from './auth.ts';

/** Answers of the newsletter form and its confirmation link (docs/product.md §10: stored, with a confirmation mail). */
export const NEWSLETTER_MSG = {
  subscribed: 'Thanks for subscribing! Please check your inbox to confirm.',
  confirmed: 'Your subscription is confirmed. Thank you!',
  confirmInvalid: 'This confirmation link is invalid or has already been used',
} as const;

export const newsletterBody = z.strictObject({ email });
export type NewsletterBody = z.infer<typeof newsletterBody>;

export const newsletterConfirmBody = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is invalid'),
});
