import type { AdminHomePage, HomePage, HomeSection, ResolvedHomePage } from '@shop/contracts/home-page';
import { richTextFromInput } from '../../lib/rich-text.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import {
  deleteHomePage,
  type HomePageService,
  lockHomePage,
  selectHomePage,
  upsertHomePage,
} from '../home-page/index.ts';

/** The sections as they are kept: a rich text section's HTML reduced to the allow-list (docs/adr/044-rich-text.md). */
function sanitized(sections: HomeSection[]): HomeSection[] {
  return sections.map((section) =>
    section.type === 'rich_text' ? { ...section, text: richTextFromInput(section.text) } : section,
  );
}

/**
 * Admin Home page (docs/adr/043-home-page-sections.md): staff read and replace the whole list of
 * sections, and preview a list that is not saved. A save runs in one transaction with its audit entry,
 * the row locked so two saves queue (the last one wins, whole); then every process's copy and the page
 * cache are emptied.
 */
export function createAdminHomePageService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { audit, homePage }: { audit: AuditService; homePage: HomePageService },
) {
  return {
    /** The list shoppers see now (the neutral home when none was saved), and when it was saved. */
    async get(): Promise<AdminHomePage> {
      const row = await selectHomePage(db);
      return {
        sections: row?.sections ?? (await homePage.sections()),
        updated_at: row?.updatedAt.toISOString() ?? null,
      };
    },

    /** Replaces the list; the audit entry keeps the one before. */
    async save(actor: Actor, body: HomePage): Promise<AdminHomePage> {
      const saved = await db.transaction(async (tx) => {
        const before = await lockHomePage(tx);
        const row = await upsertHomePage(tx, sanitized(body.sections), actor.userId, clock.now());
        await audit.record(tx, actor, {
          action: 'home_page.update',
          entityType: 'home_page',
          entityId: null,
          before: before ? { sections: before.sections } : null,
          after: { sections: row.sections },
        });
        return row;
      });
      await homePage.invalidate();
      return { sections: saved.sections, updated_at: saved.updatedAt.toISOString() };
    },

    /** Forgets the saved list (audited): the home is the neutral one again, naming the store as it is named. */
    async reset(actor: Actor): Promise<AdminHomePage> {
      await db.transaction(async (tx) => {
        const before = await lockHomePage(tx);
        if (!before) return;
        await deleteHomePage(tx);
        await audit.record(tx, actor, {
          action: 'home_page.reset',
          entityType: 'home_page',
          entityId: null,
          before: { sections: before.sections },
        });
      });
      await homePage.invalidate();
      return { sections: await homePage.sections(), updated_at: null };
    },

    /** What the page would show with these sections, nothing saved: the admin's live preview, sanitized as a save is. */
    async preview(body: HomePage): Promise<ResolvedHomePage> {
      return { sections: await homePage.resolve(sanitized(body.sections)) };
    },
  };
}
export type AdminHomePageService = ReturnType<typeof createAdminHomePageService>;
