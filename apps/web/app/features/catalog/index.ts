/**
 * The catalog feature's public face: a product as a card, its price and path (a variant's stock is
 * the product feature's).
 * The listing's server half (listing.server.ts) stays out: routes load it themselves, and a module
 * the browser also loads must not name a server-only one.
 */
export { type CardProduct, productPath } from './card.ts';
export { Price } from './components/price.tsx';
export { ProductGrid } from './components/product-grid.tsx';
export { toCard } from './to-card.ts';
