/** The account module's public face: services.ts and app.ts import only from here. */
export { accountRoutes } from './routes.ts';
export { type AccountFailure, type AccountService, createAccountService } from './service.ts';
