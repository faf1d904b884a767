export { adminOrdersRoutes } from './routes.ts';
export { type AdminOrdersService, createAdminOrdersService } from './service.ts';
