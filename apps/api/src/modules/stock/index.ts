/**
 * Stock (docs/architecture.md §6, per variant): which variant a line buys, reserving, recording and
 * restocking, always in (product id, variant id) lock order.
 */
export { aggregate, type StockLine } from './lines.ts';
export { AS_V_AND_P, compareAtSql, type PriceTables, priceSql } from './price-sql.ts';
export { effectivePrices, type ProductPrices, type VariantPrices } from './prices.ts';
export { readSellable } from './repository.ts';
export {
  createStockService,
  type ReservedVariant,
  type Restocked,
  type ShortVariant,
  type StockReason,
  type StockService,
} from './service.ts';
export {
  type ChoiceFailure,
  type ChosenVariant,
  chooseVariant,
  optionsOf,
  type SellableProduct,
  type SellableVariant,
  specValue,
  VARIANT_MSG,
  type VariantWish,
} from './variants.ts';
