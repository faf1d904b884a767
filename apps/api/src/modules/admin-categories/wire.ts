import type { AdminCategory } from '@shop/contracts/admin-categories';
import type { CategoryRow, FeaturedCardRow, SubcategoryRow } from './repository.ts';

export function toCategoryWire(
  row: CategoryRow,
  subcategories: SubcategoryRow[],
  cards: FeaturedCardRow[],
): AdminCategory {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon,
    description: row.description,
    offer: row.offerTitle && row.offerText ? { title: row.offerTitle, text: row.offerText, link: row.offerLink } : null,
    badge: row.badge,
    hidden: row.hidden,
    picture: row.picture,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    aliases: row.aliases,
    former_ids: row.formerIds,
    product_count: row.productCount,
    subcategories: subcategories
      .filter((s) => s.categoryId === row.id)
      .map((s) => ({ id: s.id, name: s.name, slug: s.slug, icon: s.icon, product_count: s.productCount })),
    featured: cards
      .filter((c) => c.categoryId === row.id)
      .map((c) => ({ id: c.id, name: c.name, slug: c.slug, image: c.image, link: c.link })),
  };
}
