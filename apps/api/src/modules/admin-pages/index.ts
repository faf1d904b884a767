export { adminPagesRoutes } from './routes.ts';
export { type AdminPagesFailure, type AdminPagesService, createAdminPagesService } from './service.ts';
