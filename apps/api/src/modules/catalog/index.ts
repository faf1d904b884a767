/** The catalogue's public face: other modules, services.ts and app.ts import only this. */

export { type AnswerCache, answerCache } from './cache.ts';
export type { BrandCount, ProductArt } from './repository.ts';
export { catalogRoutes } from './routes.ts';
export {
  type BrandNotFound,
  type CatalogService,
  type CatalogServiceOptions,
  createCatalogService,
  type ProductNotFound,
} from './service.ts';
export { type ProductRow, productColumns, toProductWire } from './wire.ts';
