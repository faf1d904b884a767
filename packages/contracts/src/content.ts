import { z } from 'zod';
import { stopAt } from './text.ts';

/**
 * Content pages (DESIGN §7: the footer's pages and the help centre are real pages, editable in admin).
 * `body` is plain text in a small markdown-like form, always rendered as text, never as HTML:
 * blocks are separated by blank lines; `## ` starts a section heading, `### ` a question (on the help
 * and FAQ pages), and lines starting with `- ` form a list.
 */
export const contentPage = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  /** When staff last saved the page; null while it is still the text the shop was installed with. */
  updated_at: z.string().nullable(),
});
export type ContentPage = z.infer<typeof contentPage>;

/** Slugs are lowercase words joined by dashes, like the footer's paths (spec §2). */
export const contentSlugParam = z.object({
  slug: z
    .string()
    .max(64, stopAt('slug must be at most 64 characters'))
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lowercase letters, digits and dashes'),
});

/** One line of the sitemap: a page and when it last changed. */
export const contentPageSummary = contentPage.pick({ slug: true, title: true, updated_at: true });
export type ContentPageSummary = z.infer<typeof contentPageSummary>;
