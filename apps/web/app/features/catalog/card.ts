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

/** Used by server loaders: the wire product (decimal prices) → a card (integer cents, DESIGN §6). */
export function toCard(p: Product): CardProduct {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    image: p.images[0] ?? null,
    saleCents: toCents(p.sale_price),
    regularCents: toCents(p.regular_price),
    discount: p.percentage_discount,
    inStock: p.in_stock,
  };
}

/** A product's own page. Slugs make readable, stable URLs; `/products/{uuid}` works as well (spec §2). */
export const productPath = (p: { slug: string }) => `/products/${p.slug}`;
