/**
 * The product page's public face: how a variant choice reads. The page's route imports the gallery,
 * the purchase panel and the JSON-LD and SEO rules itself, so its chunk carries only what the page shows.
 */
export { type ChoiceSummary, choiceStock, type VariantModel } from './variant-choice.ts';
