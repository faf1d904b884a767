import type { Product } from '@shop/contracts/catalog';
import type { ResolvedSection } from '@shop/contracts/home-page';
import type { CardProduct } from '../catalog/index.ts';

type Rail = Extract<ResolvedSection, { type: 'product_rail' }>;

/** A section as the page draws it: a rail's products as cards (only what a card shows travels to the browser). */
export type HomeViewSection = Exclude<ResolvedSection, Rail> | (Omit<Rail, 'products'> & { products: CardProduct[] });

/**
 * The resolved sections (the loader's) → what the section components draw, each rail's products made
 * cards by `toCard` (the loader's: prices in the shopper's currency).
 */
export function toHomeView(
  sections: readonly ResolvedSection[],
  toCard: (p: Product) => CardProduct,
): HomeViewSection[] {
  return sections.map((section) =>
    section.type === 'product_rail' ? { ...section, products: section.products.map(toCard) } : section,
  );
}
