export { adminOutboxRoutes } from './routes.ts';
export { createOutboxService, type OutboxService } from './service.ts';
