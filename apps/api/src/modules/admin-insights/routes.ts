import type { AdminRoutesPlugin } from '../admin/types.ts';

/** Admin insights routes (issue 5). */
export const adminInsightsRoutes: AdminRoutesPlugin = async (_app, _opts) => {};
