import type { ResolvedSection } from '@shop/contracts/home-page';
import { type CardProduct, toCard } from '../catalog/index.ts';

type Rail = Extract<ResolvedSection, { type: 'product_rail' }>;

/** A section as the page draws it: a rail's products as cards (only what a card shows travels to the browser). */
export type HomeViewSection = Exclude<ResolvedSection, Rail> | (Omit<Rail, 'products'> & { products: CardProduct[] });

/** The resolved sections (the loader's, or the admin preview's) → what the section components draw. */
export function toHomeView(sections: readonly ResolvedSection[]): HomeViewSection[] {
  return sections.map((section) =>
    section.type === 'product_rail' ? { ...section, products: section.products.map(toCard) } : section,
  );
}
