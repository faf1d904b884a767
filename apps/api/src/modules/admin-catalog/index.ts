/** Admin Products' public face (issue 12 point 2): services.ts and admin/routes.ts import only this. */
export { adminCatalogRoutes } from './routes.ts';
export { type AdminCatalogFailure, type AdminCatalogService, createAdminCatalogService } from './service.ts';
