import type { ContentPageUpdateBody } from '@shop/contracts/admin-pages';
import type { ContentPage } from '@shop/contracts/content';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { richTextFromInput } from '../../lib/rich-text.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { ContentFailure, ContentService } from '../content/index.ts';

/** A page's edit: the content service's failures, or a body with no text left once sanitized. */
export type AdminPagesFailure = ContentFailure | Failure<'body_empty'>;

/**
 * The footer's content pages in admin Settings (admins only); an edit is audited in its transaction,
 * then announced (the page cache of every process drops the content pages).
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

    /**
     * Edits an existing page; its body is stored as sanitized rich text (`richTextFromInput`: HTML is
     * sanitized, text without a `<` becomes paragraphs). `not_found` for an unknown slug, `body_empty` when
     * nothing of the body is left (say, only a script).
     */
    async update(
      actor: Actor,
      slug: string,
      input: ContentPageUpdateBody,
    ): Promise<Result<ContentPage, AdminPagesFailure>> {
      const body = { ...input, body: richTextFromInput(input.body) };
      if (body.body === '') return fail('body_empty');
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
