export { adminOutboxRoutes } from './routes.ts';
export { createOutboxService, type OutboxService, type RetryFailure } from './service.ts';
