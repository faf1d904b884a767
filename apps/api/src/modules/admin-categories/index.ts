/** Admin Categories' public face: services.ts and admin/routes.ts import only this. */
export { adminCategoriesRoutes } from './routes.ts';
export { type AdminCategoriesFailure, type AdminCategoriesService, createAdminCategoriesService } from './service.ts';
