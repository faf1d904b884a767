import { adminAuditLogRoutes } from '../admin-audit-log/index.ts';
import { adminBrandsRoutes } from '../admin-brands/index.ts';
import { adminCatalogRoutes } from '../admin-catalog/index.ts';
import { adminCatalogIoRoutes } from '../admin-catalog-io/index.ts';
import { adminCategoriesRoutes } from '../admin-categories/index.ts';
import { adminDiscountsRoutes } from '../admin-discounts/index.ts';
import { adminHomePageRoutes } from '../admin-home-page/index.ts';
import { adminInsightsRoutes } from '../admin-insights/index.ts';
import { adminNewsletterRoutes } from '../admin-newsletter/index.ts';
import { adminOrdersRoutes } from '../admin-orders/index.ts';
import { adminOutboxRoutes } from '../admin-outbox/index.ts';
import { adminPagesRoutes } from '../admin-pages/index.ts';
import { adminSettingsRoutes } from '../admin-settings/index.ts';
import { adminSetupRoutes } from '../admin-setup/index.ts';
import { adminStaffRoutes } from '../admin-staff/index.ts';
import { adminSupportRoutes } from '../admin-support/index.ts';
import { adminInvoiceRoutes } from '../invoices/index.ts';
import { staffMediaRoutes } from '../media/index.ts';
import { storefrontPreviewRoutes } from '../settings/index.ts';
import type { AdminRoutesPlugin } from '../types.ts';

/**
 * Everything under /api/admin. The staff guard is a hook of this scope, so no admin route
 * can be added without it; admin-only routes (settings, staff accounts) add `requireRole('admin')`.
 * The authorization matrix test enumerates these routes from the app's route table.
 */
export const adminRoutes: AdminRoutesPlugin = async (app, opts) => {
  app.addHook('onRequest', opts.guards.requireRole('admin', 'staff'));
  // Only these two: passing `opts` on would pass its `prefix` too and mount areas at /api/admin/admin.
  const area = { services: opts.services, guards: opts.guards };
  await app.register(adminOutboxRoutes, area);
  await app.register(adminCatalogRoutes, area);
  await app.register(adminBrandsRoutes, area);
  await app.register(adminCategoriesRoutes, area);
  await app.register(adminCatalogIoRoutes, area);
  await app.register(adminOrdersRoutes, area);
  // An order's invoice as PDF, for whoever may see orders.
  await app.register(adminInvoiceRoutes, area);
  await app.register(adminInsightsRoutes, area);
  await app.register(adminAuditLogRoutes, area);
  await app.register(adminSettingsRoutes, area);
  await app.register(adminSetupRoutes, area);
  await app.register(adminDiscountsRoutes, area);
  await app.register(adminNewsletterRoutes, area);
  await app.register(adminPagesRoutes, area);
  await app.register(adminHomePageRoutes, area);
  await app.register(adminStaffRoutes, area);
  await app.register(adminSupportRoutes, area);
  await app.register(storefrontPreviewRoutes, area);
  // Product pictures, drafts included: the public /media shows only published products'.
  await app.register(staffMediaRoutes, { ...area, prefix: '/media' });
};
