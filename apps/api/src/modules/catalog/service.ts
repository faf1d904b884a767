import type { BrandFacetQuery, Category, Product, ProductList, ProductListQuery } from '@shop/contracts/catalog';
import { categoryIdOf } from '@shop/contracts/categories';
import { PAGE } from '@shop/contracts/constants';
import { fromCents, toCents } from '@shop/contracts/money';
import { and, arrayContains, asc, count, desc, eq, gt, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, categories, featuredCards, products, subcategories } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import { searchWords } from './search.ts';

/** The columns a product answer needs (no search vector, no featured tags): select only these. */
export const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  categoryId: products.categoryId,
  subcategorySlug: subcategories.slug,
  brandId: products.brandId,
  regularPriceCents: products.regularPriceCents,
  salePriceCents: products.salePriceCents,
  percentageDiscount: products.percentageDiscount,
  images: products.images,
  colors: products.colors,
  availableSizes: products.availableSizes,
  features: products.features,
  available: products.available,
  published: products.published,
  ratingAverage: products.ratingAverage,
  ratingCount: products.ratingCount,
  dateAdded: products.dateAdded,
  modifiedDate: products.modifiedDate,
};

/** A product row as selected with `productColumns` (products left-joined to subcategories). */
export interface ProductRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  categoryId: string;
  subcategorySlug: string | null;
  brandId: string | null;
  regularPriceCents: number;
  salePriceCents: number;
  percentageDiscount: number;
  images: string[];
  colors: string[];
  availableSizes: string[];
  features: string[];
  available: number;
  published: boolean;
  ratingAverage: number;
  ratingCount: number;
  dateAdded: Date;
  modifiedDate: Date;
}

/**
 * The wire shape of a product (contracts `product`): prices as decimals (DESIGN §6), `in_stock`
 * derived from `available`, `category`/`subcategory`/`brand` as the ids the filters take. The cart
 * and wishlist modules may reuse it for their lines.
 *
 * `modified_by` is a field of spec §3's product, but who edited a product is the staff's business:
 * public answers never name them (issue 10 point 6); the admin answer fills it in.
 */
export function toProductWire(row: ProductRow): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.categoryId,
    subcategory: row.subcategorySlug,
    brand: row.brandId,
    sale_price: fromCents(row.salePriceCents),
    regular_price: fromCents(row.regularPriceCents),
    percentage_discount: row.percentageDiscount,
    images: row.images,
    colors: row.colors,
    available_sizes: row.availableSizes,
    features: row.features,
    available: row.available,
    in_stock: row.available > 0,
    published: row.published,
    rating: Number(row.ratingAverage),
    rating_count: row.ratingCount,
    date_added: row.dateAdded.toISOString(),
    modified_by: null,
    modified_date: row.modifiedDate.toISOString(),
  };
}

/** What the media module needs to draw a product's picture. */
export interface ProductArt {
  name: string;
  categoryId: string;
  subcategorySlug: string | null;
  brandName: string | null;
}

export interface CatalogServiceOptions {
  /** How long counts (category menu, brands, listing totals) are reused; they stay "live enough". */
  listCacheMs?: number;
  /** How long a whole listing page is shared; 0 turns it off. */
  answerCacheMs?: number;
}

/** A value loaded at most once per `ttlMs`; concurrent callers share one load. */
function cached<T>(ttlMs: number, load: () => Promise<T>) {
  let entry: { promise: Promise<T>; expires: number } | undefined;
  return {
    get(): Promise<T> {
      const now = performance.now();
      if (entry && now < entry.expires) return entry.promise;
      const promise = load();
      const current = { promise, expires: now + ttlMs };
      entry = current;
      // A failed load is not kept: the next caller tries again.
      promise.catch(() => {
        if (entry === current) entry = undefined;
      });
      return promise;
    },
    clear() {
      entry = undefined;
    },
  };
}

/** Remembers up to `max` values for `ttlMs` each, dropping the least recently used first. */
function lruCache<T>(ttlMs: number, max: number) {
  const entries = new Map<string, { value: T; expires: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (performance.now() >= entry.expires) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key: string, value: T) {
      entries.delete(key);
      entries.set(key, { value, expires: performance.now() + ttlMs });
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
    },
    delete(key: string) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
type LruCache<T> = ReturnType<typeof lruCache<T>>;

function orderFor(sort: ProductListQuery['sort'], rank: SQL | undefined): SQL[] {
  // spec §2 sort list; `id` last so pages never overlap or skip rows with equal keys.
  switch (sort) {
    case 'newest':
      return [desc(products.dateAdded), asc(products.id)];
    case 'price-low':
      return [asc(products.salePriceCents), asc(products.id)];
    case 'price-high':
      return [desc(products.salePriceCents), asc(products.id)];
    case 'rating':
      return [desc(products.ratingAverage), desc(products.ratingCount), asc(products.id)];
    case 'popular':
      return [desc(products.soldCount), asc(products.id)];
    default:
      return rank
        ? [desc(rank), desc(products.soldCount), asc(products.id)]
        : [desc(products.soldCount), asc(products.id)];
  }
}

async function loadCategories(db: Db): Promise<Category[]> {
  const [cats, subs, catCounts, cards] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({
        categoryId: subcategories.categoryId,
        name: subcategories.name,
        slug: subcategories.slug,
        icon: subcategories.icon,
        count: count(products.id),
      })
      .from(subcategories)
      .leftJoin(products, and(eq(products.subcategoryId, subcategories.id), eq(products.published, true)))
      .groupBy(subcategories.id)
      .orderBy(asc(subcategories.position), asc(subcategories.id)),
    db
      .select({ categoryId: products.categoryId, count: count() })
      .from(products)
      .where(eq(products.published, true))
      .groupBy(products.categoryId),
    db
      .select({
        categoryId: featuredCards.categoryId,
        name: featuredCards.name,
        slug: featuredCards.slug,
        image: featuredCards.image,
      })
      .from(featuredCards)
      .orderBy(asc(featuredCards.position), asc(featuredCards.id)),
  ]);
  const perCategory = new Map(catCounts.map((c) => [c.categoryId, c.count]));
  return cats.map((c) => ({
    id: c.id,
    name: c.name,
    icon: c.icon,
    count: perCategory.get(c.id) ?? 0,
    subcategories: subs
      .filter((s) => s.categoryId === c.id)
      .map((s) => ({ name: s.name, slug: s.slug, icon: s.icon, count: s.count })),
    featured: cards.filter((f) => f.categoryId === c.id).map((f) => ({ name: f.name, slug: f.slug, image: f.image })),
  }));
}

/**
 * The WHERE conditions of a listing's filters (spec §2 lists, price, stock, search), brand aside: the
 * listing adds it, the brand facets leave it out. Reads `subcategories`, so queries left-join it.
 * `rank` is the search's relevance, for ordering.
 */
function filterOf(query: Partial<BrandFacetQuery>): { where: SQL[]; rank: SQL | undefined } {
  const where: SQL[] = [eq(products.published, true)];
  if (query.category && query.category !== 'all') {
    // DESIGN §7: `clothing` is the filter name of `fashion`; an unknown id simply matches nothing.
    where.push(eq(products.categoryId, categoryIdOf(query.category)));
  }
  if (query.subcategory) where.push(eq(subcategories.slug, query.subcategory));
  if (query.featured) where.push(arrayContains(products.featured, [query.featured]));
  let rank: SQL | undefined;
  if (query.q) {
    const words = searchWords(query.q);
    if (words === undefined) {
      where.push(sql`false`);
    } else {
      const tsquery = sql`plainto_tsquery('english', ${words})`;
      where.push(sql`${products.search} @@ ${tsquery}`);
      rank = sql`ts_rank(${products.search}, ${tsquery})`;
    }
  }
  if (query.min_price !== undefined) where.push(gte(products.salePriceCents, toCents(query.min_price)));
  if (query.max_price !== undefined) where.push(lte(products.salePriceCents, toCents(query.max_price)));
  if (query.in_stock) where.push(gt(products.available, 0));
  return { where, rank };
}

/** A brand and its number of matching published products. */
export interface BrandCount {
  id: string;
  name: string;
  count: number;
}

/**
 * Every brand with the number of published products matching `filters` (issue 11 point 11: the
 * listing's brand list is the facets of its current result). One grouped count over the filtered
 * products, joined to the brands table so brands without a match are listed with 0.
 */
async function loadBrandCounts(db: Db, filters: Partial<BrandFacetQuery>): Promise<BrandCount[]> {
  const { where } = filterOf(filters);
  const counts = db
    .select({ brandId: products.brandId, n: count().as('n') })
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(and(...where))
    .groupBy(products.brandId)
    .as('counts');
  return db
    .select({ id: brands.id, name: brands.name, count: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number) })
    .from(brands)
    .leftJoin(counts, eq(counts.brandId, brands.id))
    .orderBy(asc(brands.name), asc(brands.id));
}

export function createCatalogService(deps: Deps, opts: CatalogServiceOptions = {}) {
  const { db } = deps;
  const ttl = opts.listCacheMs ?? 5_000;
  const categoryCache = cached(ttl, () => loadCategories(db));
  const totalCache = lruCache<number>(ttl, 1_000);
  const brandCache = cached(ttl, () => loadBrandCounts(db, {}));

  // DESIGN §9: the public listing answers the same to everyone. A page is kept for a moment (one
  // second by default) and shared by concurrent requests, so a burst costs one query. A single
  // product is always read fresh: its page shows the stock a shopper just changed by ordering.
  // Checkout never reads these: it re-reads prices and stock in its own transaction.
  const answerTtl = opts.answerCacheMs ?? 1_000;
  const pageCache = lruCache<Promise<ProductList>>(answerTtl, 2_000);
  const facetCache = lruCache<Promise<BrandCount[]>>(answerTtl, 2_000);
  function shared<T>(cache: LruCache<Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    if (answerTtl <= 0) return load();
    const hit = cache.get(key);
    if (hit) return hit;
    const promise = load();
    cache.set(key, promise);
    // A failure (a 404, a lost connection) is not kept: the next request asks again.
    promise.catch(() => cache.delete(key));
    return promise;
  }

  async function loadPage(filters: Partial<ProductListQuery>): Promise<ProductList> {
    const query = { ...filters, page: filters.page ?? 1, limit: filters.limit ?? PAGE.defaultLimit };
    const { where, rank } = filterOf(query);
    if (query.brand && query.brand !== 'all') where.push(eq(products.brandId, query.brand));

    const offset = (query.page - 1) * query.limit;
    const filter = and(...where);
    const rows = await db
      .select(productColumns)
      .from(products)
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(filter)
      .orderBy(...orderFor(query.sort, rank))
      .limit(query.limit)
      .offset(offset);

    // DESIGN §9: the total costs more than the page (it reads every match; a `count(*) over ()`
    // window was slower still). A short last page tells it exactly; otherwise reuse a recent count
    // of the same filters for a few seconds, like the category counts.
    let total: number;
    if (rows.length > 0 ? rows.length < query.limit : offset === 0) {
      total = offset + rows.length;
    } else {
      const key = JSON.stringify([
        query.category,
        query.subcategory,
        query.brand,
        query.featured,
        query.q,
        query.min_price,
        query.max_price,
        query.in_stock,
      ]);
      const known = totalCache.get(key);
      if (known === undefined) {
        const [counted] = await db
          .select({ n: count() })
          .from(products)
          .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
          .where(filter);
        total = counted?.n ?? 0;
        totalCache.set(key, total);
      } else {
        total = known;
      }
    }
    return { items: rows.map(toProductWire), total, page: query.page, limit: query.limit };
  }

  async function loadProduct(key: string): Promise<Product> {
    const [row] = await db
      .select(productColumns)
      .from(products)
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(and(isUuid(key) ? eq(products.id, key) : eq(products.slug, key), eq(products.published, true)))
      .limit(1);
    if (!row) throw notFound('Product not found');
    return toProductWire(row);
  }

  return {
    /**
     * Published products matching the spec §2 filters: one page plus the total. Takes the query as
     * parsed by contracts `productListQuery` (server-side loaders parse the URL with it too); page
     * and limit default to the first page of PAGE.defaultLimit.
     */
    listProducts(filters: Partial<ProductListQuery> = {}): Promise<ProductList> {
      return shared(pageCache, JSON.stringify(filters), () => loadPage(filters));
    },

    /** A published product by UUID or slug; anything else is 404 'Product not found'. */
    getProduct(idOrSlug: string): Promise<Product> {
      return loadProduct(idOrSlug.trim());
    },

    /** The menu (spec §2 category menu): categories in order with subcategories, featured cards and live counts. */
    listCategories(): Promise<Category[]> {
      return categoryCache.get();
    },

    /**
     * Every brand, by name, with its number of published products; with `filters` (the listing's,
     * brand aside), the number among the products matching them: the listing's brand facets.
     */
    listBrands(filters: Partial<BrandFacetQuery> = {}): Promise<BrandCount[]> {
      const parts = [
        filters.category === 'all' ? undefined : filters.category,
        filters.subcategory,
        filters.featured,
        filters.q,
        filters.min_price,
        filters.max_price,
        filters.in_stock || undefined,
      ];
      if (parts.every((part) => part === undefined)) return brandCache.get();
      return shared(facetCache, JSON.stringify(parts), () => loadBrandCounts(db, filters));
    },

    /** Forget what is cached (pages, products, menu, brands, totals); call after changing the catalogue. */
    invalidate(): void {
      categoryCache.clear();
      brandCache.clear();
      facetCache.clear();
      totalCache.clear();
      pageCache.clear();
    },

    /**
     * Name and kind of a product for its locally drawn picture. Drafts only with `drafts` (the admin
     * area's pictures): to the public a draft does not exist (issue 10 point 12).
     */
    async getProductArt(slug: string, opts: { drafts?: boolean } = {}): Promise<ProductArt | undefined> {
      const [row] = await db
        .select({
          name: products.name,
          categoryId: products.categoryId,
          subcategorySlug: subcategories.slug,
          brandName: brands.name,
        })
        .from(products)
        .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
        .leftJoin(brands, eq(brands.id, products.brandId))
        .where(and(eq(products.slug, slug), opts.drafts ? undefined : eq(products.published, true)))
        .limit(1);
      return row;
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
