/** The content module's public face: services.ts, app.ts and tests import only from here. */
export { placeholderValues } from './placeholders.ts';
export { contentRoutes } from './routes.ts';
export { type ContentFailure, type ContentService, createContentService } from './service.ts';
