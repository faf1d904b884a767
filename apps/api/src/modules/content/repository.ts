import type { ContentPageUpdateBody } from '@shop/contracts/admin-pages';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contentPages } from '../../db/schema.ts';

export type ContentRow = typeof contentPages.$inferSelect;

/** The SQL of the content pages. */
export function createContentRepository(db: Db) {
  return {
    async bySlug(slug: string): Promise<ContentRow | undefined> {
      const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1);
      return row;
    },

    all(): Promise<ContentRow[]> {
      return db.select().from(contentPages).orderBy(asc(contentPages.slug));
    },

    summaries() {
      return db
        .select({ slug: contentPages.slug, title: contentPages.title, updatedAt: contentPages.updatedAt })
        .from(contentPages)
        .orderBy(asc(contentPages.slug));
    },

    /** The page, its row locked for the caller's transaction. */
    async lock(ex: Db | Tx, slug: string): Promise<ContentRow | undefined> {
      const [row] = await ex.select().from(contentPages).where(eq(contentPages.slug, slug)).for('update');
      return row;
    },

    async update(ex: Db | Tx, slug: string, body: ContentPageUpdateBody, now: Date): Promise<ContentRow | undefined> {
      const [updated] = await ex
        .update(contentPages)
        .set({ title: body.title, description: body.description, body: body.body, updatedAt: now })
        .where(eq(contentPages.slug, slug))
        .returning();
      return updated;
    },
  };
}
