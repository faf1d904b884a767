/** The cart's public face: other modules, services.ts and app.ts import only this. */
export { cartRoutes } from './routes.ts';
export { type CartFailure, type CartService, createCartService, type StockFailure } from './service.ts';
