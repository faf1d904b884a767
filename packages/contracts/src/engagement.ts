import { z } from 'zod';
import { email } from './auth.ts';
import { productId } from './cart.ts';
import { product } from './catalog.ts';

/** Answers of the newsletter and contact forms (DESIGN §7: stored, with a confirmation mail). */
export const ENGAGEMENT_MSG = {
  subscribed: 'Thanks for subscribing! Please check your inbox to confirm.',
  confirmed: 'Your subscription is confirmed. Thank you!',
  confirmInvalid: 'This confirmation link is invalid or has already been used',
  contactSent: 'Thanks for your message! We will get back to you soon.',
} as const;

export const newsletterBody = z.strictObject({ email });
export type NewsletterBody = z.infer<typeof newsletterBody>;

export const newsletterConfirmBody = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is invalid'),
});

export const INQUIRY_TYPES = ['general', 'order', 'returns', 'technical'] as const;
export const INQUIRY_LABELS: Record<(typeof INQUIRY_TYPES)[number], string> = {
  general: 'General Inquiry',
  order: 'Order Support',
  returns: 'Returns & Refunds',
  technical: 'Technical Support',
};

export const contactBody = z.strictObject({
  name: z.string().trim().max(100, 'Name must be at most 100 characters').optional(),
  email,
  inquiry_type: z.enum(INQUIRY_TYPES, { error: 'Choose an inquiry type' }),
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject must be at most 200 characters'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactBody = z.infer<typeof contactBody>;

export const wishlistAddBody = z.strictObject({ product_id: productId });
export type WishlistAddBody = z.infer<typeof wishlistAddBody>;

export const wishlistParams = z.object({
  productId: z.string().max(200, 'productId must be at most 200 characters'),
});

/** The signed-in user's wishlist, newest first. */
export const wishlist = z.array(product);
export type Wishlist = z.infer<typeof wishlist>;
