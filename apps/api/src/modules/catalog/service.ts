import type {
  BrandFacetQuery,
  BrandRecord,
  Category,
  ProductDetail,
  ProductList,
  ProductListQuery,
} from '@shop/contracts/catalog';
import { PAGE } from '@shop/contracts/constants';
import type { CurrencyUnit } from '@shop/contracts/currency';
import type { ProductVariantsAnswer } from '@shop/contracts/variants';
import { poolOf } from '../../db/client.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { SettingsService } from '../settings/index.ts';
import { answerCache, cached } from './cache.ts';
import {
  type BrandCount,
  findBrandBySlug,
  findProductArt,
  findPublishedProduct,
  findPublishedVariants,
  loadBrandCounts,
  loadCategories,
  type ProductArt,
  selectListing,
} from './repository.ts';
import { toProductDetailWire, toProductWire, toVariantsWire } from './wire.ts';

/** A product that is not there for the public: unknown, or a draft (docs/product.md §2: the 404 page). */
export type ProductNotFound = Failure<'product_not_found'>;
/** No brand has this page slug. */
export type BrandNotFound = Failure<'brand_not_found'>;

export interface CatalogServiceOptions {
  /** How long counts (category menu, brands, listing totals) are reused; they stay "live enough". */
  listCacheMs?: number;
  /** How long a whole listing page is shared; 0 turns it off. */
  answerCacheMs?: number;
}

/**
 * The public catalogue (docs/product.md §2): listings with their filters, the category menu, brand facets and one
 * product. Answers are what the public may see: published products only.
 */
export function createCatalogService(
  deps: Pick<Deps, 'db' | 'invalidation'> & { config: Pick<Deps['config'], 'CACHE_MAX_MB'> },
  { settings }: { settings: Pick<SettingsService, 'get'> },
  opts: CatalogServiceOptions = {},
) {
  const { db, invalidation } = deps;
  /** The base currency: every price is in its minor units (docs/adr/050-currencies.md). */
  const baseUnit = async (): Promise<CurrencyUnit> => (await settings.get()).currencies.base;
  // Listings go to the pool as named prepared statements (listing.ts).
  const pool = poolOf(db);
  const ttl = opts.listCacheMs ?? 5_000;
  const categoryCache = cached(ttl, () => loadCategories(db));
  const brandCache = cached(ttl, async () => loadBrandCounts(pool, {}, (await baseUnit()).digits));

  // docs/architecture.md §9: the public listing answers the same to everyone. A page is kept for a moment (one
  // second by default) and shared by concurrent requests, so a burst costs one query. A single
  // product is always read fresh: its page shows the stock a shopper just changed by ordering.
  // Checkout never reads these: it re-reads prices and stock in its own transaction. Pages, facets and
  // totals share one budget in bytes (CACHE_MAX_MB).
  const answerTtl = opts.answerCacheMs ?? 1_000;
  const answers = answerCache(deps.config.CACHE_MAX_MB * 1024 * 1024);

  // A change in any process (prices, stock, publish flags, reviews) empties them all; so does one of the
  // settings, where the base currency (the digits of every price answered) is.
  function clearAll() {
    categoryCache.clear();
    brandCache.clear();
    answers.clear();
  }
  invalidation.subscribe('catalog', clearAll);
  invalidation.subscribe('settings', clearAll);

  async function loadPage(filters: Partial<ProductListQuery>): Promise<ProductList> {
    const query = { ...filters, page: filters.page ?? 1, limit: filters.limit ?? PAGE.defaultLimit };
    // docs/architecture.md §9: the total costs more than the page (it reads every match). The statement counts only
    // when the page does not tell it (listing.ts), and a count of the same filters is reused for a few
    // seconds, like the category counts; then the statement does not count at all.
    const { page: _page, limit: _limit, sort: _sort, ...narrowing } = query;
    const key = `total:${filterKey(narrowing)}`;
    const known = answers.get<number>(key);
    const since = answers.generation();
    const base = await baseUnit();
    const { rows, total } = await selectListing(pool, query, base.digits, known);
    if (known === undefined) answers.set(key, total, ttl, since);
    return { items: rows.map((row) => toProductWire(row, base)), total, page: query.page, limit: query.limit };
  }

  return {
    /**
     * Published products matching the docs/product.md §2 filters: one page plus the total. Takes the query as
     * parsed by contracts `productListQuery` (server-side loaders parse the URL with it too); page
     * and limit default to the first page of PAGE.defaultLimit.
     */
    listProducts(filters: Partial<ProductListQuery> = {}): Promise<ProductList> {
      return answers.shared(`page:${JSON.stringify(filters)}`, answerTtl, () => loadPage(filters));
    },

    /**
     * A published product by UUID or slug, with its SEO fields and brand (its page's answer); anything
     * else is `product_not_found`.
     */
    async getProduct(idOrSlug: string): Promise<Result<ProductDetail, ProductNotFound>> {
      const [row, base] = await Promise.all([findPublishedProduct(db, idOrSlug.trim()), baseUnit()]);
      return row ? ok(toProductDetailWire(row, base)) : fail('product_not_found');
    },

    /**
     * The options and variants of a published product (by UUID or slug, like `getProduct`), variants in
     * position order with their price, stock and picture. Read fresh like the product itself:
     * the page shows the stock of each choice, which an order may just have changed.
     */
    async getProductVariants(idOrSlug: string): Promise<Result<ProductVariantsAnswer, ProductNotFound>> {
      const [found, base] = await Promise.all([findPublishedVariants(db, idOrSlug.trim()), baseUnit()]);
      return found ? ok(toVariantsWire(found.product, found.variants, base)) : fail('product_not_found');
    },

    /** A brand's record by its page slug (/brands/{slug}); anything else is `brand_not_found`. */
    async getBrand(slug: string): Promise<Result<BrandRecord, BrandNotFound>> {
      const row = await findBrandBySlug(db, slug.trim().toLowerCase());
      return row ? ok(row) : fail('brand_not_found');
    },

    /** The menu (docs/product.md §2 category menu): categories in order with subcategories, featured cards and live counts. */
    listCategories(): Promise<Category[]> {
      return categoryCache.get();
    },

    /**
     * Every brand, by name, with its number of published products; with `filters` (the listing's,
     * brand aside), the number among the products matching them: the listing's brand facets.
     */
    listBrands(filters: Partial<BrandFacetQuery> = {}): Promise<BrandCount[]> {
      const key = filterKey(filters);
      if (key === '[]') return brandCache.get();
      return answers.shared(`facet:${key}`, answerTtl, async () =>
        loadBrandCounts(pool, filters, (await baseUnit()).digits),
      );
    },

    /**
     * Forget what is cached (pages, menu, brands, totals) here and in every other process; call after a
     * change to the catalogue has committed. This process's caches are empty when it returns.
     */
    invalidate(): Promise<void> {
      return invalidation.publish('catalog');
    },

    /** What the listing caches hold now (bench and tests: the CACHE_MAX_MB budget). */
    cacheUse() {
      return { bytes: answers.bytes(), entries: answers.entries(), maxBytes: deps.config.CACHE_MAX_MB * 1024 * 1024 };
    },

    /**
     * Name and kind of a product for its locally drawn picture. Drafts only with `drafts` (the admin
     * area's pictures): to the public a draft does not exist.
     */
    async getProductArt(slug: string, opts: { drafts?: boolean } = {}): Promise<ProductArt | undefined> {
      return findProductArt(db, slug, opts.drafts === true);
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;

/**
 * One key per set of listing filters, whatever their order and however "none" is written (`all`, an
 * unchecked in-stock, a missing field): every filter the query schema has is in it, so a new one cannot
 * be left out and make two different listings share an answer.
 */
function filterKey(filters: Record<string, unknown>): string {
  const set = Object.entries(filters).filter(
    ([name, value]) => value !== undefined && value !== false && !(name === 'category' && value === 'all'),
  );
  return JSON.stringify(set.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
