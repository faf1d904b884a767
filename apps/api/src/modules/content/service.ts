import type { ContentPage, ContentPageSummary } from '@shop/contracts/content';
import { asc, eq } from 'drizzle-orm';
import { contentPages } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Deps } from '../../services.ts';

/**
 * Content pages: the footer's pages of spec §2 and the help centre. DESIGN §7 makes them real pages
 * stored in the database (editable in admin later) instead of dead links.
 */
export function createContentService({ db }: Pick<Deps, 'db'>) {
  return {
    /** One page by slug; an unknown slug is 404 'Page not found'. */
    async getPage(slug: string): Promise<ContentPage> {
      const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1);
      if (!row) throw notFound('Page not found');
      return {
        slug: row.slug,
        title: row.title,
        description: row.description,
        body: row.body,
        updated_at: row.updatedAt.toISOString(),
      };
    },

    /** Every page's slug, title and last change, by slug (the sitemap lists them). */
    async listPages(): Promise<ContentPageSummary[]> {
      const rows = await db
        .select({ slug: contentPages.slug, title: contentPages.title, updatedAt: contentPages.updatedAt })
        .from(contentPages)
        .orderBy(asc(contentPages.slug));
      return rows.map((r) => ({ slug: r.slug, title: r.title, updated_at: r.updatedAt.toISOString() }));
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
