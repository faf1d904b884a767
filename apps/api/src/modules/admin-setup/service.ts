import type { SetupChecklist } from '@shop/contracts/admin-setup';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { auditLog, categories, contentPages } from '../../db/schema.ts';
import type { Deps } from '../../services.ts';
import { payLaterOffered, type SettingsService } from '../settings/index.ts';

/** The pages a shop needs before it sells: what it may and may not do with a shopper's data and money. */
const LEGAL_PAGES = ['terms', 'privacy'] as const;

/**
 * The first-start checklist (docs/adr/042-first-start-checklist.md): each step is ticked from what the
 * shop holds, never from a click on the list — a logo stored, contact details given, a category made,
 * a way to be paid, the shipping zones and rates saved once, the legal pages edited.
 */
export function createAdminSetupService(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  { settings }: { settings: SettingsService },
) {
  return {
    async checklist(): Promise<SetupChecklist> {
      const [current, [categoryCount], [shippingSaves], legal] = await Promise.all([
        settings.current(db),
        db.select({ n: count() }).from(categories),
        db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'shipping.update')),
        db
          .select({ slug: contentPages.slug })
          .from(contentPages)
          .where(and(inArray(contentPages.slug, [...LEGAL_PAGES]), isNotNull(contentPages.updatedAt))),
      ]);
      const card = settings.cardProvider();
      const categoriesMade = categoryCount?.n ?? 0;
      const legalEdited = new Set(legal.map((p) => p.slug));
      const payments = [card === 'stripe' ? 'cards through Stripe' : '', payLaterOffered(current) ? 'invoices' : '']
        .filter(Boolean)
        .join(' and ');
      const steps: SetupChecklist['steps'] = [
        {
          id: 'identity',
          label: 'Store name and logo',
          detail: current.logo ? `${current.storeName}, with its logo` : `${current.storeName}, no logo yet`,
          done: current.logo !== null,
          href: '/admin/settings',
        },
        {
          id: 'contact',
          label: 'Contact details',
          detail:
            [current.contactEmail, current.contactPhone].filter(Boolean).join(', ') ||
            'No e-mail address or phone number for shoppers yet',
          done: current.contactEmail !== '' || current.contactPhone !== '',
          href: '/admin/settings',
        },
        {
          id: 'categories',
          label: 'Categories',
          detail: categoriesMade > 0 ? `${categoriesMade} made` : 'None yet: shoppers browse by category',
          done: categoriesMade > 0,
          href: '/admin/categories',
        },
        {
          id: 'payments',
          label: 'Payments',
          detail: payments
            ? `Takes ${payments}`
            : 'Set STRIPE_SECRET_KEY for cards, or save bank details for invoices (pay later stays off until then)',
          done: payments !== '',
          href: '/admin/settings',
        },
        {
          id: 'shipping',
          label: 'Shipping rates',
          detail: (shippingSaves?.n ?? 0) > 0 ? 'Reviewed and saved' : 'Still the rates every shop starts with',
          done: (shippingSaves?.n ?? 0) > 0,
          href: '/admin/settings/shipping',
        },
        {
          id: 'legal',
          label: 'Legal pages',
          detail:
            legalEdited.size === LEGAL_PAGES.length
              ? 'Terms of Service and Privacy Policy written'
              : 'Terms of Service and Privacy Policy are still the placeholders',
          done: legalEdited.size === LEGAL_PAGES.length,
          href: '/admin/settings',
        },
      ];
      return { shown: config.SEED === 'none' && steps.some((s) => !s.done), steps };
    },
  };
}
export type AdminSetupService = ReturnType<typeof createAdminSetupService>;
