import type { HomeSection } from '@shop/contracts/home-page';
import type { Tx } from '../client.ts';
import { homePage } from '../schema.ts';
import { CATEGORIES } from './catalog-data.ts';

/**
 * The demo's home page as sections (docs/adr/043-home-page-sections.md): the hero with its two
 * buttons, the category tiles, a featured collection of each category, the newest products and the
 * best sellers. The lead line names the demo's categories as they are seeded.
 */
export function demoHomeSections(): HomeSection[] {
  const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(CATEGORIES.map((c) => c.name));
  return [
    {
      type: 'hero',
      title: 'Everything you need, in one shop',
      text: `${list}: picked with care and delivered to your door.`,
      image: null,
      buttons: [
        { label: 'Shop all products', href: '/products' },
        { label: 'Browse categories', href: '/categories' },
      ],
    },
    { type: 'category_tiles', title: 'Shop by category' },
    { type: 'featured', title: 'Featured' },
    { type: 'product_rail', title: 'New arrivals', source: 'new', limit: 8 },
    { type: 'product_rail', title: 'Best sellers', source: 'best_sellers', limit: 8 },
  ];
}

/**
 * The demo's home page, with `SEED=demo`. A shop of its own (`SEED=none`) starts without a saved list:
 * until its owner saves one, its home is the neutral one, which names the store as it is named now.
 */
export async function seedHomePage(tx: Tx, mode: 'demo' | 'none'): Promise<void> {
  if (mode === 'none') {
    await tx.delete(homePage);
    return;
  }
  const sections = demoHomeSections();
  await tx
    .insert(homePage)
    .values({ id: 1, sections })
    .onConflictDoUpdate({ target: homePage.id, set: { sections, updatedBy: null, updatedAt: new Date() } });
}
