export { errorReportRoutes } from './routes.ts';
export { createErrorReportService, type ErrorReportService } from './service.ts';
