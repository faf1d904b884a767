import { z } from 'zod';
import { unknownPlaceholderMessage, unknownPlaceholders } from './placeholders.ts';
import { stopAt } from './text.ts';

// Admin footer content pages (issue 5, issue 11 point 5).

/** Issue 11 point 5: a page may only use the placeholders the shop knows (they would vanish otherwise). */
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
  body: z
    .string({ error: 'Body is required' })
    .trim()
    .min(1, 'Body is required')
    .max(20_000, stopAt('Body must be at most 20000 characters'))
    .superRefine(knownPlaceholders),
});
export type ContentPageUpdateBody = z.infer<typeof contentPageUpdateBody>;
