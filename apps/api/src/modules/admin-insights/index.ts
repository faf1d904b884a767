export { adminInsightsRoutes } from './routes.ts';
export { createInsightsService, type InsightsFailure, type InsightsService } from './service.ts';
