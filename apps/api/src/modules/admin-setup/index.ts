/** The first-start checklist's public face: services.ts and admin/routes.ts import only this. */
export { adminSetupRoutes } from './routes.ts';
export { type AdminSetupService, createAdminSetupService } from './service.ts';
