import type { ContentPageUpdateBody } from '@shop/contracts/admin-pages';
import type { ContentPage } from '@shop/contracts/content';
import { ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { ContentFailure, ContentService } from '../content/index.ts';

/**
 * The footer's content pages in admin Settings (issue 5, admins only); an edit is audited in its
 * transaction, then announced (issue 16: the page cache of every process drops the content pages).
 */
export function createAdminPagesService(
  { db, invalidation }: Pick<Deps, 'db' | 'invalidation'>,
  { content, audit }: { content: ContentService; audit: AuditService },
) {
  return {
    /** Every page in full as stored, placeholders unexpanded. */
    async list(): Promise<{ items: ContentPage[] }> {
      return { items: await content.listFull() };
    },

    /** Edits an existing page (plain text); `not_found` for an unknown slug. */
    async update(
      actor: Actor,
      slug: string,
      body: ContentPageUpdateBody,
    ): Promise<Result<ContentPage, ContentFailure>> {
      const result = await db.transaction(async (tx) => {
        const updated = await content.update(tx, slug, body);
        if (!updated.ok) return updated;
        const { before, after } = updated.value;
        await audit.record(tx, actor, {
          action: 'content_page.update',
          entityType: 'content_page',
          entityId: after.slug,
          before,
          after,
        });
        return ok(after);
      });
      if (result.ok) await invalidation.publish('content');
      return result;
    },
  };
}
export type AdminPagesService = ReturnType<typeof createAdminPagesService>;
