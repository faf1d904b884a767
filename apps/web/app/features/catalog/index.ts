/**
 * The catalog feature's public face: a product as a card, its price, stock and path.
 * The listing's server half (listing.server.ts) stays out: routes load it themselves, and a module
 * the browser also loads must not name a server-only one.
 */
export { type CardProduct, productPath, toCard } from './card.ts';
export { Price } from './price.tsx';
export { ProductGrid } from './product-grid.tsx';
export { stockState } from './stock.ts';
