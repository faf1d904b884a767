/** Product import and export's public face: services.ts and admin/routes.ts import only this. */
export { adminCatalogIoRoutes } from './routes.ts';
export { type CatalogIoFailure, type CatalogIoService, createCatalogIoService } from './service.ts';
