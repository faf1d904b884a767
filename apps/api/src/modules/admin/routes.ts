import { adminCatalogRoutes } from '../admin-catalog/index.ts';
import { adminInsightsRoutes } from '../admin-insights/routes.ts';
import { adminOrdersRoutes } from '../admin-orders/routes.ts';
import { adminOutboxRoutes } from '../admin-outbox/routes.ts';
import { adminStoreRoutes } from '../admin-store/routes.ts';
import { staffMediaRoutes } from '../media/index.ts';
import { storefrontPreviewRoutes } from '../settings/preview-routes.ts';
import type { AdminRoutesPlugin } from './types.ts';

/**
 * Everything under /api/admin (issue 5). The staff guard is a hook of this scope, so no admin route
 * can be added without it; admin-only routes (settings, staff accounts) add `requireRole('admin')`.
 * The authorization matrix test enumerates these routes from the app's route table.
 */
export const adminRoutes: AdminRoutesPlugin = async (app, opts) => {
  app.addHook('onRequest', opts.guards.requireRole('admin', 'staff'));
  // Only these three: passing `opts` on would pass its `prefix` too and mount areas at /api/admin/admin.
  const area = { services: opts.services, guards: opts.guards, deps: opts.deps };
  await app.register(adminOutboxRoutes, { db: opts.deps.db, guards: opts.guards });
  await app.register(adminCatalogRoutes, area);
  await app.register(adminOrdersRoutes, area);
  await app.register(adminInsightsRoutes, area);
  await app.register(adminStoreRoutes, area);
  await app.register(storefrontPreviewRoutes, area);
  // Product pictures, drafts included: the public /media shows only published products' (issue 10 point 12).
  await app.register(staffMediaRoutes, { services: opts.services, guards: opts.guards, prefix: '/media' });
};
