import type { ContentPageUpdateBody } from '@shop/contracts/admin-pages';
import type { ContentPage, ContentPageSummary } from '@shop/contracts/content';
import { expandPlaceholders } from '@shop/contracts/placeholders';
import type { Db, Tx } from '../../db/client.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { SettingsService } from '../settings/index.ts';
import { placeholderValues } from './placeholders.ts';
import { createContentRepository } from './repository.ts';
import { rendered, toContentPageWire } from './wire.ts';

/** No page has this slug. */
export type ContentFailure = Failure<'not_found'>;

/**
 * Content pages: the footer's pages of docs/product.md §2 and the help centre. docs/product.md §10 makes them real pages
 * stored in the database (editable in admin later) instead of dead links.
 */
export function createContentService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { settings }: { settings: Pick<SettingsService, 'get'> },
) {
  const repo = createContentRepository(db);
  const values = async () => placeholderValues(await settings.get());

  return {
    /**
     * One page by slug as shoppers read it, its figures taken from the store settings; an unknown slug is
     * `not_found`.
     */
    async getPage(slug: string): Promise<Result<ContentPage, ContentFailure>> {
      const row = await repo.bySlug(slug);
      if (!row) return fail('not_found');
      return ok(rendered(toContentPageWire(row), await values()));
    },

    /** Every page in full as stored, placeholders unexpanded, by slug (admin Settings' page editor). */
    async listFull(): Promise<ContentPage[]> {
      return (await repo.all()).map(toContentPageWire);
    },

    /**
     * Edits an existing page in the caller's transaction; pages are not created or removed
     * here, the footer links them by slug. Returns the page before and after, or `not_found` before
     * anything is written.
     */
    async update(
      ex: Db | Tx,
      slug: string,
      body: ContentPageUpdateBody,
    ): Promise<Result<{ before: ContentPage; after: ContentPage }, ContentFailure>> {
      const row = await repo.lock(ex, slug);
      if (!row) return fail('not_found');
      // The row is locked: it cannot have gone between the two statements.
      const updated = await repo.update(ex, slug, body, clock.now());
      if (!updated) throw new Error(`content page ${slug} vanished under its lock`);
      return ok({ before: toContentPageWire(row), after: toContentPageWire(updated) });
    },

    /** Every page's slug, title and last edit by staff (null: never edited), by slug (the sitemap lists them). */
    async listPages(): Promise<ContentPageSummary[]> {
      const rows = await repo.summaries();
      const v = await values();
      return rows.map((r) => ({
        slug: r.slug,
        title: expandPlaceholders(r.title, v),
        updated_at: r.updatedAt?.toISOString() ?? null,
      }));
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
