export { adminSettingsRoutes } from './routes.ts';
export { type AdminSettingsService, createAdminSettingsService } from './service.ts';
