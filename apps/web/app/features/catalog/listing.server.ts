import type { Services } from '@shop/api/services';
import { leadsTo } from '@shop/contracts/catalog';
import { SORTS } from '@shop/contracts/categories';
import { shopperCurrency } from '../../lib/presentment.server.ts';
import { cardIn } from './card-in.ts';
import type { ListingData } from './components/listing.tsx';
import { type FixedFilters, LISTING_PAGE_SIZE, parseListing } from './list-query.server.ts';

/**
 * Loads one listing page in-process (docs/architecture.md §3): parses the URL query like GET /api/products does,
 * lists the products (their prices in the shopper's currency), counts the result's brands for the brand select (its facets: the same filters,
 * brand aside) and names the active subcategory / featured filters for their chips.
 */
export async function loadListing(
  services: Services,
  request: Request,
  fixed: FixedFilters = {},
): Promise<ListingData> {
  const search = new URL(request.url).searchParams;
  const { query, params, problem } = parseListing(search, fixed);
  const { brand: _brand, sort: _sort, page: _page, limit: _limit, ...filters } = query;
  const [list, categories, brands, shopper] = await Promise.all([
    services.catalog.listProducts(query),
    services.catalog.listCategories(),
    services.catalog.listBrands(filters),
    shopperCurrency(request, services),
  ]);
  const names: ListingData['names'] = {};
  // A category named by an alias (`clothing`) or a former address is its id from here on: the page, its
  // links, its canonical URL.
  const named =
    categories.find((c) => c.id === params.category) ?? categories.find((c) => leadsTo(c, params.category ?? ''));
  if (named) params.category = named.id;
  const categoryId = params.category;
  // Likewise a subcategory named by a slug it had before a rename, unless another one is called that now.
  const inScope = categories.filter((c) => !categoryId || c.id === categoryId).flatMap((c) => c.subcategories);
  const wanted = params.subcategory;
  if (wanted && !inScope.some((s) => s.slug === wanted)) {
    const renamed = inScope.find((s) => s.former_slugs.includes(wanted));
    if (renamed) params.subcategory = renamed.slug;
  }
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
    products: list.items.map(cardIn(shopper)),
    total: list.total,
    totalPages: Math.ceil(list.total / LISTING_PAGE_SIZE),
    pageSize: LISTING_PAGE_SIZE,
    options: {
      categories: [
        { value: 'all', id: 'all', label: 'All categories' },
        ...categories.map((c) => ({ value: c.aliases[0] ?? c.id, id: c.id, label: c.name })),
      ],
      sorts: SORTS,
      brands,
    },
    names,
  };
}
