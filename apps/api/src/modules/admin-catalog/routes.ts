import type { AdminRoutesPlugin } from '../admin/types.ts';

/** Admin catalog routes (issue 5). */
export const adminCatalogRoutes: AdminRoutesPlugin = async (_app, _opts) => {};
