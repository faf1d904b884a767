import type { ContentPageUpdateBody } from '@shop/contracts/admin-store';
import type { ContentPage, ContentPageSummary } from '@shop/contracts/content';
import { expandPlaceholders, type PlaceholderValues } from '@shop/contracts/placeholders';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contentPages } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Deps } from '../../services.ts';
import type { SettingsService } from '../settings/service.ts';
import { placeholderValues } from './placeholders.ts';

/**
 * Content pages: the footer's pages of spec §2 and the help centre. DESIGN §7 makes them real pages
 * stored in the database (editable in admin later) instead of dead links.
 */
type ContentRow = typeof contentPages.$inferSelect;
const toWire = (row: ContentRow): ContentPage => ({
  slug: row.slug,
  title: row.title,
  description: row.description,
  body: row.body,
  updated_at: row.updatedAt?.toISOString() ?? null,
});

/** The page as shoppers read it: every placeholder replaced by the current settings (issue 11 point 5). */
const rendered = (page: ContentPage, values: PlaceholderValues): ContentPage => ({
  ...page,
  title: expandPlaceholders(page.title, values),
  description: expandPlaceholders(page.description, values),
  body: expandPlaceholders(page.body, values),
});

export function createContentService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { settings }: { settings: Pick<SettingsService, 'get'> },
) {
  const values = async () => placeholderValues(await settings.get());

  return {
    /**
     * One page by slug as shoppers read it, its figures taken from the store settings; an unknown slug is
     * 404 'Page not found'.
     */
    async getPage(slug: string): Promise<ContentPage> {
      const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1);
      if (!row) throw notFound('Page not found');
      return rendered(toWire(row), await values());
    },

    /** Every page in full as stored, placeholders unexpanded, by slug (admin Settings' page editor, issue 5). */
    async listFull(): Promise<ContentPage[]> {
      const rows = await db.select().from(contentPages).orderBy(asc(contentPages.slug));
      return rows.map(toWire);
    },

    /**
     * Edits an existing page in the caller's transaction (issue 5); pages are not created or removed
     * here, the footer links them by slug. Returns the page before and after; unknown slug → 404.
     */
    async update(
      ex: Db | Tx,
      slug: string,
      body: ContentPageUpdateBody,
    ): Promise<{ before: ContentPage; after: ContentPage }> {
      const [row] = await ex.select().from(contentPages).where(eq(contentPages.slug, slug)).for('update');
      if (!row) throw notFound('Page not found');
      const [updated] = await ex
        .update(contentPages)
        .set({ title: body.title, description: body.description, body: body.body, updatedAt: clock.now() })
        .where(eq(contentPages.slug, slug))
        .returning();
      if (!updated) throw notFound('Page not found');
      return { before: toWire(row), after: toWire(updated) };
    },

    /** Every page's slug, title and last edit by staff (null: never edited), by slug (the sitemap lists them). */
    async listPages(): Promise<ContentPageSummary[]> {
      const rows = await db
        .select({ slug: contentPages.slug, title: contentPages.title, updatedAt: contentPages.updatedAt })
        .from(contentPages)
        .orderBy(asc(contentPages.slug));
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
