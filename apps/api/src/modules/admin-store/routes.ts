import type { AdminRoutesPlugin } from '../admin/types.ts';

/** Admin store routes (issue 5). */
export const adminStoreRoutes: AdminRoutesPlugin = async (_app, _opts) => {};
