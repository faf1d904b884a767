import type { AdminRoutesPlugin } from '../admin/types.ts';

/** Admin orders routes (issue 5). */
export const adminOrdersRoutes: AdminRoutesPlugin = async (_app, _opts) => {};
