export { adminPagesRoutes } from './routes.ts';
export { type AdminPagesService, createAdminPagesService } from './service.ts';
