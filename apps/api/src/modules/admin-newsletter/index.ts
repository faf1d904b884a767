export { adminNewsletterRoutes } from './routes.ts';
export { type AdminNewsletterService, createAdminNewsletterService } from './service.ts';
