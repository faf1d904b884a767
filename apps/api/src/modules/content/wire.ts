import type { ContentPage } from '@shop/contracts/content';
import { expandPlaceholders, type PlaceholderValues } from '@shop/contracts/placeholders';
import type { ContentRow } from './repository.ts';

/** A page as stored, placeholders unexpanded. */
export const toContentPageWire = (row: ContentRow): ContentPage => ({
  slug: row.slug,
  title: row.title,
  description: row.description,
  body: row.body,
  updated_at: row.updatedAt?.toISOString() ?? null,
});

/** The page as shoppers read it: every placeholder replaced by the current settings (issue 11 point 5). */
export const rendered = (page: ContentPage, values: PlaceholderValues): ContentPage => ({
  ...page,
  title: expandPlaceholders(page.title, values),
  description: expandPlaceholders(page.description, values),
  body: expandPlaceholders(page.body, values),
});
