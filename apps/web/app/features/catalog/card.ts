import type { Product } from '@shop/contracts/catalog';
import { toCents } from '@shop/contracts/money';

/** What a product card shows: only this travels to the browser for lists (not whole products). */
export interface CardProduct {
  id: string;
  slug: string;
  name: string;
  image: string | null;
  saleCents: number;
  regularCents: number;
  discount: number;
  inStock: boolean;
}

/** Pictures staff uploaded have a 400 px variant, the size a card shows; others are used as they are. */
function cardImage(src: string | undefined): string | null {
  if (!src) return null;
  return /^\/media\/uploads\/[0-9a-f-]{36}\/large\.webp$/.test(src) ? src.replace(/large\.webp$/, 'thumb.webp') : src;
}

/** Used by server loaders: the wire product (decimal prices) → a card (integer cents, docs/architecture.md §6). */
export function toCard(p: Product): CardProduct {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    image: cardImage(p.images[0]),
    saleCents: toCents(p.sale_price),
    regularCents: toCents(p.regular_price),
    discount: p.percentage_discount,
    inStock: p.in_stock,
  };
}

/** A product's own page. Slugs make readable, stable URLs; `/products/{uuid}` works as well (docs/product.md §2). */
export const productPath = (p: { slug: string }) => `/products/${p.slug}`;
