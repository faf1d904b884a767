export { adminSupportRoutes } from './routes.ts';
export { type AdminSupportFailure, type AdminSupportService, createAdminSupportService } from './service.ts';
