import { z } from 'zod';
import { stopAt } from './text.ts';

/**
 * Content pages: the footer's pages and the help centre, real pages stored in the database and edited in
 * admin Settings. `title` and `description` are text; `body` is rich text, sanitized HTML of the
 * descriptions' allow-list (docs/adr/044-rich-text.md, "Content pages"). The help centre reads its `h2`s
 * as sections and its `h3`s as questions, each answered by the blocks up to the next heading.
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

/** Slugs are lowercase words joined by dashes, like the footer's paths (docs/product.md §2). */
export const contentSlugParam = z.object({
  slug: z
    .string()
    .max(64, stopAt('slug must be at most 64 characters'))
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lowercase letters, digits and dashes'),
});

/** One line of the sitemap: a page and when it last changed. */
export const contentPageSummary = contentPage.pick({ slug: true, title: true, updated_at: true });
export type ContentPageSummary = z.infer<typeof contentPageSummary>;
