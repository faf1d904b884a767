export { adminDiscountsRoutes } from './routes.ts';
export { type AdminDiscountFailure, type AdminDiscountsService, createAdminDiscountsService } from './service.ts';
