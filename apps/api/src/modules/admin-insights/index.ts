export { adminInsightsRoutes } from './routes.ts';
export { createInsightsService, type InsightsService } from './service.ts';
