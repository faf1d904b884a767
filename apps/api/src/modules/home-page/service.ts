import type { Category, Product } from '@shop/contracts/catalog';
import {
  type HomeSection,
  neutralHomeSections,
  type RailSource,
  type ResolvedSection,
} from '@shop/contracts/home-page';
import type { Deps } from '../../services.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { selectBySlugs, selectHomePage, selectOnSale } from './repository.ts';

/**
 * How long one process trusts its copy of the sections. A save publishes `settings`, which empties the
 * copy of every process at once (and the page cache); this is only the backstop should a message be lost.
 */
const CACHE_MS = 5_000;

/**
 * The home page's sections (docs/adr/043-home-page-sections.md): the saved list, or the neutral home
 * when none was saved, and the same list resolved to what the page shows — the shop's categories and
 * the products of each rail, read through the catalogue's own caches. The storefront's loader and
 * admin Home page's preview both resolve through `resolve`, so the preview shows what shoppers will see.
 */
export function createHomePageService(
  { db, invalidation }: Pick<Deps, 'db' | 'invalidation'>,
  { catalog, settings }: { catalog: CatalogService; settings: SettingsService },
) {
  let cached: { value: Promise<HomeSection[] | undefined>; at: number } | undefined;
  invalidation.subscribe('settings', () => {
    cached = undefined;
  });

  /** The saved list (at most CACHE_MS old in this process), undefined when none was ever saved. */
  function saved(): Promise<HomeSection[] | undefined> {
    if (cached && performance.now() - cached.at < CACHE_MS) return cached.value;
    const value = selectHomePage(db).then((row) => row?.sections);
    const entry = { value, at: performance.now() };
    cached = entry;
    value.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return value;
  }

  async function railProducts(source: RailSource, limit: number): Promise<Product[]> {
    const page = { page: 1, limit };
    if (source === 'new') return (await catalog.listProducts({ ...page, sort: 'newest' })).items;
    if (source === 'best_sellers') return (await catalog.listProducts({ ...page, sort: 'popular' })).items;
    const base = async () => (await settings.get()).currencies.base;
    if (source === 'on_sale') return selectOnSale(db, limit, await base());
    if ('category' in source) return (await catalog.listProducts({ ...page, category: source.category })).items;
    if ('tag' in source) return (await catalog.listProducts({ ...page, tag: source.tag })).items;
    return (await selectBySlugs(db, source.products, await base())).slice(0, limit);
  }

  async function resolveOne(section: HomeSection, categories: () => Promise<Category[]>): Promise<ResolvedSection> {
    switch (section.type) {
      case 'category_tiles':
        return {
          ...section,
          categories: (await categories()).map((c) => ({ id: c.id, name: c.name, count: c.count })),
        };
      case 'featured':
        // One featured collection per category: a varied first row.
        return { ...section, items: (await categories()).flatMap((c) => c.featured.slice(0, 1)) };
      case 'product_rail': {
        const { source } = section;
        // A hidden or unknown category has no page to lead to; its products still show, as in the listing.
        const ofCategory = typeof source === 'object' && 'category' in source ? source.category : null;
        const [products, visible] = await Promise.all([
          railProducts(source, section.limit),
          ofCategory === null ? true : categories().then((list) => list.some((c) => c.id === ofCategory)),
        ]);
        return { ...section, more: visible ? moreLink(source) : null, products };
      }
      default:
        return section;
    }
  }

  return {
    /** The sections shoppers see: the saved ones, or the neutral home with the store's name. */
    async sections(): Promise<HomeSection[]> {
      const list = await saved();
      return list ?? neutralHomeSections((await settings.profile()).name);
    },

    /** What `sections` shows, in order: every section's categories and products read at once. */
    async resolve(sections: HomeSection[]): Promise<ResolvedSection[]> {
      let categoryList: Promise<Category[]> | undefined;
      const categories = () => {
        categoryList ??= catalog.listCategories();
        return categoryList;
      };
      return Promise.all(sections.map((section) => resolveOne(section, categories)));
    },

    /** Forget the cached list here and in every other process; empties the page cache too (docs/adr/027-page-cache-and-hashed-csp.md). */
    invalidate(): Promise<void> {
      return invalidation.publish('settings');
    },
  };
}
export type HomePageService = ReturnType<typeof createHomePageService>;

/** "View all" of a rail: the listing of the same products, when the listing has such a filter. */
function moreLink(source: RailSource): string | null {
  if (source === 'new') return '/products?sort=newest';
  if (source === 'best_sellers') return '/products?sort=popular';
  if (source === 'on_sale') return null;
  if ('category' in source) return `/products/category/${encodeURIComponent(source.category)}`;
  if ('tag' in source) return `/products?tag=${encodeURIComponent(source.tag)}`;
  return null;
}
