/** Admin Home page's public face: services.ts and admin/routes.ts import only this. */
export { adminHomePageRoutes } from './routes.ts';
export { type AdminHomePageService, createAdminHomePageService } from './service.ts';
