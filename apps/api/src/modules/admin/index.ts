export { adminRoutes } from './routes.ts';
export { type AdminOptions, type AdminRoutesPlugin, actorOf, adminDoc } from './types.ts';
