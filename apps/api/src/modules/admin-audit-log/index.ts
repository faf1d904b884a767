export { adminAuditLogRoutes } from './routes.ts';
export { type AdminAuditLogService, createAdminAuditLogService } from './service.ts';
