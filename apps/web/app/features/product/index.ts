/**
 * The product page's public face: how a variant choice and a stock level read. The page's route imports
 * the gallery, the purchase panel and the JSON-LD and SEO rules itself, so its chunk carries only what
 * the page shows.
 */
export { type StockTone, stockState } from './stock.ts';
export { type ChoiceSummary, choiceStock, type VariantModel } from './variant-choice.ts';
