import type { ContentPage } from '@shop/contracts/content';
import { expandPlaceholders, expandPlaceholdersInHtml, type PlaceholderValues } from '@shop/contracts/placeholders';
import type { ContentRow } from './repository.ts';

/** A page as stored, placeholders unexpanded. */
export const toContentPageWire = (row: ContentRow): ContentPage => ({
  slug: row.slug,
  title: row.title,
  description: row.description,
  body: row.body,
  updated_at: row.updatedAt?.toISOString() ?? null,
});

/**
 * The page as shoppers read it: every placeholder replaced by the current settings; in the body, which is
 * HTML, by values escaped for it (contracts/placeholders.ts).
 */
export const rendered = (page: ContentPage, values: PlaceholderValues): ContentPage => ({
  ...page,
  title: expandPlaceholders(page.title, values),
  description: expandPlaceholders(page.description, values),
  body: expandPlaceholdersInHtml(page.body, values),
});
