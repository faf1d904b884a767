/** The contact module's public face: services.ts and app.ts import only from here. */
export { contactRoutes } from './routes.ts';
export { type ContactService, createContactService } from './service.ts';
