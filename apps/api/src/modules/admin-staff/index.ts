export { adminStaffRoutes } from './routes.ts';
export { type AdminStaffFailure, type AdminStaffService, createAdminStaffService } from './service.ts';
