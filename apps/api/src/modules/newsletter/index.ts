/** The newsletter module's public face: services.ts and app.ts import only from here. */
export { newsletterRoutes } from './routes.ts';
export { createNewsletterService, type NewsletterFailure, type NewsletterService } from './service.ts';
