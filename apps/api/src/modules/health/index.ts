/** The health module's public face: services.ts and app.ts import only from here. */
export { healthRoutes } from './routes.ts';
export { createHealthService, type HealthService } from './service.ts';
