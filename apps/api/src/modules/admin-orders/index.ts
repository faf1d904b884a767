export { adminOrdersRoutes } from './routes.ts';
export { type AdminOrdersFailure, type AdminOrdersService, createAdminOrdersService } from './service.ts';
