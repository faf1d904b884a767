/** Admin Products' public face: services.ts and admin/routes.ts import only this. */
export { adminCatalogRoutes } from './routes.ts';
export { type AdminCatalogFailure, type AdminCatalogService, createAdminCatalogService } from './service.ts';
