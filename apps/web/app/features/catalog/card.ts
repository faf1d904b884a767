import type { Product } from '@shop/contracts/catalog';

/** What a product card shows: only this travels to the browser for lists (not whole products). */
export interface CardProduct {
  id: string;
  slug: string;
  name: string;
  image: string | null;
  /** The price in the shopper's currency, as shown (docs/adr/050-currencies.md). */
  sale: string;
  /** The regular price, shown struck through, when it is higher than the sale price. */
  regular: string | null;
  discount: number;
  inStock: boolean;
  /** "incl. VAT" where the price holds the shopper's tax. */
  taxNote?: string;
}

/** Pictures staff uploaded have a 400 px variant, the size a card shows; others are used as they are. */
function cardImage(src: string | undefined): string | null {
  if (!src) return null;
  return /^\/media\/uploads\/[0-9a-f-]{36}\/large\.webp$/.test(src) ? src.replace(/large\.webp$/, 'thumb.webp') : src;
}

/** The wire product → a card, with its prices as shown (`card-in.ts`, `to-card.ts`). */
export function cardOf(p: Product, prices: Pick<CardProduct, 'sale' | 'regular' | 'taxNote'>): CardProduct {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    image: cardImage(p.images[0]),
    ...prices,
    discount: p.percentage_discount,
    inStock: p.in_stock,
  };
}

/** A product's own page. Slugs make readable, stable URLs; `/products/{uuid}` works as well (docs/product.md §2). */
export const productPath = (p: { slug: string }) => `/products/${p.slug}`;
