import { z } from 'zod';
import { unknownPlaceholderMessage, unknownPlaceholders } from './placeholders.ts';
import { richText } from './rich-text-field.ts';
import { stopAt } from './text.ts';

// Admin footer content pages: title and description are text, the body is rich text.

/** A page may only use the placeholders the shop knows (they would vanish otherwise). */
function knownPlaceholders(value: string, ctx: z.RefinementCtx) {
  const unknown = unknownPlaceholders(value);
  if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown) });
}

export const adminContentPage = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  updated_at: z.string().nullable(),
});
export const adminContentPageList = z.object({ items: z.array(adminContentPage) });
export const contentPageUpdateBody = z.strictObject({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(120, stopAt('Title must be at most 120 characters'))
    .superRefine(knownPlaceholders),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(300, stopAt('Description must be at most 300 characters'))
    .superRefine(knownPlaceholders),
  /** Rich text (docs/adr/044-rich-text.md): the server sanitizes it, or makes paragraphs of text without a `<`. */
  body: richText('Body').min(1, 'Body is required').superRefine(knownPlaceholders),
});
export type ContentPageUpdateBody = z.infer<typeof contentPageUpdateBody>;
