import type { BrandFacetQuery, Category, ProductListQuery } from '@shop/contracts/catalog';
import { and, asc, count, eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { brands, categories, featuredCards, products, productVariants, subcategories } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';
import { brandCountStatement, listingStatement } from './listing.ts';
import {
  type ProductDetailRow,
  type ProductRow,
  productDetailColumns,
  type VariantRow,
  type VariantsProductRow,
} from './wire.ts';

/** The catalogue's SQL: listings and brand facets (built in listing.ts), the menu, one product, a picture's facts. */

export async function loadCategories(db: Db): Promise<Category[]> {
  const [cats, subs, catCounts, cards] = await Promise.all([
    // What shoppers see: a category the owner hid is nowhere (its products stay listed).
    db
      .select()
      .from(categories)
      .where(eq(categories.hidden, false))
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({
        categoryId: subcategories.categoryId,
        name: subcategories.name,
        slug: subcategories.slug,
        formerSlugs: subcategories.formerSlugs,
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
        link: featuredCards.link,
      })
      .from(featuredCards)
      .orderBy(asc(featuredCards.position), asc(featuredCards.id)),
  ]);
  const perCategory = new Map(catCounts.map((c) => [c.categoryId, c.count]));
  return cats.map((c) => ({
    id: c.id,
    name: c.name,
    aliases: c.aliases,
    former_ids: c.formerIds,
    icon: c.icon,
    count: perCategory.get(c.id) ?? 0,
    description: c.description,
    offer: c.offerTitle && c.offerText ? { title: c.offerTitle, text: c.offerText, link: c.offerLink } : null,
    badge: c.badge,
    picture: c.picture,
    seo_title: c.seoTitle,
    seo_description: c.seoDescription,
    subcategories: subs
      .filter((s) => s.categoryId === c.id)
      .map((s) => ({ name: s.name, slug: s.slug, former_slugs: s.formerSlugs, icon: s.icon, count: s.count })),
    featured: cards
      .filter((f) => f.categoryId === c.id)
      .map((f) => ({
        name: f.name,
        slug: f.slug,
        image: f.image,
        href: f.link ?? `/products?featured=${encodeURIComponent(f.slug)}`,
      })),
  }));
}

/** A brand, its page's slug and its number of matching published products. */
export interface BrandCount {
  id: string;
  name: string;
  slug: string;
  count: number;
}

/**
 * Every brand with the number of published products matching `filters` (the listing's brand facets;
 * listing.ts `brandCountStatement`).
 */
export async function loadBrandCounts(
  pool: pg.Pool,
  filters: Partial<BrandFacetQuery>,
  digits: number,
): Promise<BrandCount[]> {
  const { rows } = await pool.query<BrandCount>(brandCountStatement(filters, digits));
  return rows;
}

/**
 * One page of published products matching the listing's filters (prices in the base currency, which has
 * `digits`), in its order, and their total, in one round trip (listing.ts `listingStatement`). With `knownTotal` (a recent count of the same filters) the
 * matches are not counted: the total is the page's own when the page tells it, else `knownTotal`.
 */
export async function selectListing(
  pool: pg.Pool,
  query: Partial<ProductListQuery>,
  digits: number,
  knownTotal?: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const result = await pool.query<ProductRow & { total: number | null }>(
    listingStatement(query, knownTotal === undefined, digits),
  );
  const rows = result.rows.filter((r) => r.id !== null);
  const limit = query.limit ?? 20;
  const offset = ((query.page ?? 1) - 1) * limit;
  const told = rows.length > 0 ? rows.length < limit : offset === 0;
  const total = told ? offset + rows.length : (result.rows[0]?.total ?? knownTotal ?? 0);
  return { rows, total };
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
      productTaxClass: products.taxClass,
      id: productVariants.id,
      sku: productVariants.sku,
      option1: productVariants.option1,
      option2: productVariants.option2,
      option3: productVariants.option3,
      priceCents: productVariants.priceCents,
      compareAtCents: productVariants.compareAtCents,
      available: productVariants.available,
      image: productVariants.image,
      taxClass: productVariants.taxClass,
    })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(publishedByKey(key))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const [first] = rows;
  if (!first) return undefined;
  const { options, salePriceCents, regularPriceCents, productTaxClass } = first;
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
      taxClass: r.taxClass,
    });
  }
  return { product: { options, salePriceCents, regularPriceCents, taxClass: productTaxClass }, variants };
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
