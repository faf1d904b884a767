/** Stock (DESIGN §6): reserving, recording and restocking, always in product-id lock order. */
export { aggregate, type StockLine } from './lines.ts';
export {
  createStockService,
  type ReservedProduct,
  type ShortProduct,
  type StockReason,
  type StockService,
} from './service.ts';
