import { z } from 'zod';
import { email } from './auth.ts';

/** The contact form's answer (docs/product.md §10: stored). */
export const CONTACT_MSG = {
  sent: 'Thanks for your message! We will get back to you soon.',
} as const;

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
