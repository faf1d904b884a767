import type { Services } from '@shop/api/services';
import { CATEGORY_ALIASES, FILTER_BRANDS, FILTER_CATEGORIES, SORTS } from '@shop/contracts/catalog';
import { toCard } from './card.ts';
import { LISTING_PAGE_SIZE, parseListing } from './list-query.server.ts';
import type { ListingData } from './listing.tsx';

/**
 * Loads one listing page in-process (DESIGN §3): parses the URL query like GET /api/products does,
 * lists the products and names the active subcategory / featured filters for their chips.
 */
export async function loadListing(
  services: Services,
  search: URLSearchParams,
  fixedCategory?: string,
): Promise<ListingData> {
  const { query, params, problem } = parseListing(search, fixedCategory);
  const [list, categories] = await Promise.all([
    services.catalog.listProducts(query),
    services.catalog.listCategories(),
  ]);
  const names: ListingData['names'] = {};
  const categoryId = params.category ? (CATEGORY_ALIASES[params.category] ?? params.category) : undefined;
  for (const category of categories) {
    if (category.id === categoryId) names.category = category.name;
    const sub = category.subcategories.find((s) => s.slug === params.subcategory);
    if (sub && (!params.category || params.category === category.id)) names.subcategory = sub.name;
    const card = category.featured.find((f) => f.slug === params.featured);
    if (card) names.featured = card.name;
  }
  return {
    params,
    ...(problem ? { problem } : {}),
    products: list.items.map(toCard),
    total: list.total,
    totalPages: Math.ceil(list.total / LISTING_PAGE_SIZE),
    pageSize: LISTING_PAGE_SIZE,
    options: { categories: FILTER_CATEGORIES, sorts: SORTS, brands: FILTER_BRANDS },
    names,
  };
}
