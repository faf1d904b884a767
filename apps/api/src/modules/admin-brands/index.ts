/** Admin Brands' public face: services.ts and admin/routes.ts import only this. */
export { adminBrandsRoutes } from './routes.ts';
export { type AdminBrandsFailure, type AdminBrandsService, createAdminBrandsService } from './service.ts';
