/** Back in stock's public face (issue 12 points 2 and 7; the web calls it back-in-stock too). */
export { backInStockRoutes } from './routes.ts';
export { type BackInStockFailure, type BackInStockService, createBackInStockService } from './service.ts';
