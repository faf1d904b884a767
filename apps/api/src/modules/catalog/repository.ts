import type { BrandFacetQuery, Category, ProductListQuery } from '@shop/contracts/catalog';
import { categoryIdOf } from '@shop/contracts/categories';
import { toCents } from '@shop/contracts/money';
import { and, arrayContains, asc, count, desc, eq, gt, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, categories, featuredCards, products, productVariants, subcategories } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';
import { searchWords } from './search.ts';
import {
  type ProductDetailRow,
  productColumns,
  productDetailColumns,
  type VariantRow,
  type VariantsProductRow,
} from './wire.ts';

/** The catalogue's SQL: listing filters and order, the menu, brand facets, one product, a picture's facts. */

export function orderFor(sort: ProductListQuery['sort'], rank: SQL | undefined): SQL[] {
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

export async function loadCategories(db: Db): Promise<Category[]> {
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
export function filterOf(query: Partial<BrandFacetQuery>): { where: SQL[]; rank: SQL | undefined } {
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

/** A brand, its page's slug and its number of matching published products. */
export interface BrandCount {
  id: string;
  name: string;
  slug: string;
  count: number;
}

/**
 * Every brand with the number of published products matching `filters` (issue 11 point 11: the
 * listing's brand list is the facets of its current result). One grouped count over the filtered
 * products, joined to the brands table so brands without a match are listed with 0.
 */
export async function loadBrandCounts(db: Db, filters: Partial<BrandFacetQuery>): Promise<BrandCount[]> {
  const { where } = filterOf(filters);
  const counts = db
    .select({ brandId: products.brandId, n: count().as('n') })
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(and(...where))
    .groupBy(products.brandId)
    .as('counts');
  return db
    .select({
      id: brands.id,
      name: brands.name,
      slug: brands.slug,
      count: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number),
    })
    .from(brands)
    .leftJoin(counts, eq(counts.brandId, brands.id))
    .orderBy(asc(brands.name), asc(brands.id));
}

/** One page of published products matching `filter`, in `order`. */
export function selectProductPage(db: Db, filter: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db
    .select(productColumns)
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(filter)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/** How many products match `filter` (the listing's total). */
export async function countProducts(db: Db, filter: SQL | undefined): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(filter);
  return counted?.n ?? 0;
}

/** The condition "the published product with this UUID or slug". */
const publishedByKey = (key: string) =>
  and(isUuid(key) ? eq(products.id, key) : eq(products.slug, key), eq(products.published, true));

/** A published product by UUID or slug, with its SEO fields and its brand. */
export async function findPublishedProduct(db: Db, key: string): Promise<ProductDetailRow | undefined> {
  const [row] = await db
    .select(productDetailColumns)
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(publishedByKey(key))
    .limit(1);
  return row;
}

/**
 * A published product's options and prices with its variants in position order, in one round trip
 * (a left join, so a product without variants still answers); undefined for an unknown or draft product.
 */
export async function findPublishedVariants(
  db: Db,
  key: string,
): Promise<{ product: VariantsProductRow; variants: VariantRow[] } | undefined> {
  const rows = await db
    .select({
      options: products.options,
      salePriceCents: products.salePriceCents,
      regularPriceCents: products.regularPriceCents,
      id: productVariants.id,
      sku: productVariants.sku,
      option1: productVariants.option1,
      option2: productVariants.option2,
      option3: productVariants.option3,
      priceCents: productVariants.priceCents,
      compareAtCents: productVariants.compareAtCents,
      available: productVariants.available,
      image: productVariants.image,
    })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(publishedByKey(key))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const [first] = rows;
  if (!first) return undefined;
  const { options, salePriceCents, regularPriceCents } = first;
  const variants: VariantRow[] = [];
  for (const r of rows) {
    if (r.id === null || r.sku === null || r.available === null) continue;
    const { option1, option2, option3, priceCents, compareAtCents, image } = r;
    variants.push({
      id: r.id,
      sku: r.sku,
      option1,
      option2,
      option3,
      priceCents,
      compareAtCents,
      available: r.available,
      image,
    });
  }
  return { product: { options, salePriceCents, regularPriceCents }, variants };
}

/** A brand's record by its page slug. */
export async function findBrandBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: brands.id,
      name: brands.name,
      slug: brands.slug,
      logo: brands.logo,
      description: brands.description,
    })
    .from(brands)
    .where(eq(brands.slug, slug))
    .limit(1);
  return row;
}

/** What the media module needs to draw a product's picture. */
export interface ProductArt {
  name: string;
  categoryId: string;
  subcategorySlug: string | null;
  brandName: string | null;
}

/** Name and kind of a product by slug; drafts only with `drafts`. */
export async function findProductArt(db: Db, slug: string, drafts: boolean): Promise<ProductArt | undefined> {
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
    .where(and(eq(products.slug, slug), drafts ? undefined : eq(products.published, true)))
    .limit(1);
  return row;
}
