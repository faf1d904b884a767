/** Back in stock's public face (the web calls it back-in-stock too). */
export { backInStockRoutes } from './routes.ts';
export { type BackInStockFailure, type BackInStockService, createBackInStockService } from './service.ts';
