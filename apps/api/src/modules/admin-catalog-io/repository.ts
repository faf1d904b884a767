import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  brands,
  catalogImports,
  categories,
  featuredCards,
  products,
  productVariants,
  stockMovements,
  subcategories,
  users,
} from '../../db/schema.ts';
import type { CatalogRefs, ExistingProduct, ExistingVariant, ProductValues, VariantValues } from './plan.ts';

/** Import and export's SQL. Lists of keys go in chunks: a statement takes at most 65,535 parameters. */

type Executor = Db | Tx;
const CHUNK = 5_000;
/** Rows per INSERT (products have ~20 columns). */
const BATCH = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Categories with their subcategories, featured tags and brands: what a file's names resolve against. */
export async function selectRefs(ex: Executor): Promise<CatalogRefs> {
  // One after another: inside a transaction they share one connection.
  const cats = await ex
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.position));
  const subs = await ex
    .select({
      id: subcategories.id,
      categoryId: subcategories.categoryId,
      slug: subcategories.slug,
      name: subcategories.name,
    })
    .from(subcategories)
    .orderBy(asc(subcategories.position), asc(subcategories.id));
  const cards = await ex.select({ slug: featuredCards.slug, name: featuredCards.name }).from(featuredCards);
  const brandRows = await ex
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .orderBy(asc(brands.id));
  return {
    categories: cats.map((c) => ({ ...c, subcategories: subs.filter((s) => s.categoryId === c.id) })),
    featured: cards,
    brands: brandRows,
  };
}

const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  productType: products.productType,
  taxClass: products.taxClass,
  categoryId: products.categoryId,
  subcategoryId: products.subcategoryId,
  brandId: products.brandId,
  published: products.published,
  featured: products.featured,
  features: products.features,
  tags: products.tags,
  images: products.images,
  missingImages: products.missingImages,
  metaTitle: products.metaTitle,
  metaDescription: products.metaDescription,
  options: products.options,
  regularPriceCents: products.regularPriceCents,
  salePriceCents: products.salePriceCents,
  percentageDiscount: products.percentageDiscount,
};

const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  sku: productVariants.sku,
  option1: productVariants.option1,
  option2: productVariants.option2,
  option3: productVariants.option3,
  priceCents: productVariants.priceCents,
  compareAtCents: productVariants.compareAtCents,
  available: productVariants.available,
  image: productVariants.image,
  barcode: productVariants.barcode,
  weightGrams: productVariants.weightGrams,
  position: productVariants.position,
};

/**
 * The products with these slugs and their variants; `lock` takes their rows for update (the apply's
 * transaction), so checkout and staff wait while the import writes them.
 */
export async function selectExisting(
  ex: Executor,
  handles: readonly string[],
  { lock }: { lock: boolean },
): Promise<Map<string, ExistingProduct>> {
  const out = new Map<string, ExistingProduct>();
  const byId = new Map<string, ExistingProduct>();
  for (const part of chunks(handles, CHUNK)) {
    const query = ex
      .select(productColumns)
      .from(products)
      .where(inArray(products.slug, part))
      .orderBy(asc(products.id));
    for (const row of lock ? await query.for('update') : await query) {
      const product = { ...row, variants: [] as ExistingVariant[] };
      out.set(row.slug, product);
      byId.set(row.id, product);
    }
  }
  for (const part of chunks([...byId.keys()], CHUNK)) {
    const query = ex
      .select(variantColumns)
      .from(productVariants)
      .where(inArray(productVariants.productId, part))
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.sku));
    for (const { productId, ...variant } of lock ? await query.for('update') : await query) {
      byId.get(productId)?.variants.push(variant);
    }
  }
  return out;
}

/** The slug of the product owning each of these SKUs. */
export async function selectSkuOwners(ex: Executor, skus: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks(skus, CHUNK)) {
    const rows = await ex
      .select({ sku: productVariants.sku, slug: products.slug })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.sku, part));
    for (const r of rows) out.set(r.sku, r.slug);
  }
  return out;
}

/**
 * The owners (product slugs) of the SKUs that start with one of these prefixes followed by a dash: the
 * suffixes a duplicate SKU could take (`PIN-SMA-2`). LIKE's wildcards in a prefix are escaped.
 */
export async function selectSuffixedSkus(ex: Executor, prefixes: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks(prefixes, 500)) {
    const patterns = part.map((p) => `${p.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`);
    const rows = await ex
      .select({ sku: productVariants.sku, slug: products.slug })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(sql`${productVariants.sku} like any(${sql.param(patterns)}::text[])`);
    for (const r of rows) out.set(r.sku, r.slug);
  }
  return out;
}

/** The addresses of a product's pictures an import could not fetch; undefined when there is no such product. */
export async function selectMissingImages(ex: Executor, id: string) {
  const [row] = await ex
    .select({ missingImages: products.missingImages })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

/** A product's pictures and the addresses an import could not fetch, its row locked for update. */
export async function selectPictures(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: products.id, images: products.images, missingImages: products.missingImages })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row;
}

/** One import at a time: a second waits for the first to commit, then finds its work done. */
export async function lockImports(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop:catalog-import'))`);
}

export async function insertBrands(tx: Tx, rows: { id: string; name: string; slug: string }[]): Promise<void> {
  if (rows.length > 0) await tx.insert(brands).values(rows);
}

/** Inserts products (stock 0: their variants' trigger adds it up); answers their ids by slug. */
export async function insertProducts(
  tx: Tx,
  rows: (ProductValues & { slug: string })[],
  meta: { now: Date; modifiedBy: string },
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const part of chunks(rows, BATCH)) {
    const inserted = await tx
      .insert(products)
      .values(
        part.map((r) => ({
          ...r,
          available: 0,
          dateAdded: meta.now,
          modifiedDate: meta.now,
          modifiedBy: meta.modifiedBy,
        })),
      )
      .returning({ id: products.id, slug: products.slug });
    for (const r of inserted) ids.set(r.slug, r.id);
  }
  return ids;
}

/** Writes a product's imported values, or only its pictures (those fetched and those still missing). */
export async function updateProduct(
  tx: Tx,
  id: string,
  values: ProductValues | Pick<ProductValues, 'images' | 'missingImages'>,
  meta: { now: Date; modifiedBy: string },
): Promise<void> {
  await tx
    .update(products)
    .set({ ...values, modifiedDate: meta.now, modifiedBy: meta.modifiedBy })
    .where(eq(products.id, id));
}

/** Inserts variants; answers their ids by SKU. */
export async function insertVariants(
  tx: Tx,
  rows: (VariantValues & { productId: string })[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const part of chunks(rows, BATCH * 2)) {
    const inserted = await tx
      .insert(productVariants)
      .values(part)
      .returning({ id: productVariants.id, sku: productVariants.sku });
    for (const r of inserted) ids.set(r.sku, r.id);
  }
  return ids;
}

export async function updateVariant(tx: Tx, id: string, values: VariantValues): Promise<void> {
  await tx.update(productVariants).set(values).where(eq(productVariants.id, id));
}

export async function insertMovements(
  tx: Tx,
  rows: { productId: string; variantId: string; delta: number; note: string; actorId: string; createdAt: Date }[],
): Promise<void> {
  for (const part of chunks(rows, BATCH * 2)) {
    await tx.insert(stockMovements).values(part.map((r) => ({ ...r, reason: 'adjustment' as const })));
  }
}

/** The staff member's e-mail, for `modified_by`. */
export async function emailOf(ex: Executor, userId: string): Promise<string> {
  const [row] = await ex.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? 'unknown';
}

// --- The progress record (written on the pool, outside the import's transaction) ---

export type ImportRow = typeof catalogImports.$inferSelect;

export async function insertImport(
  db: Db,
  row: { id: string; format: string; fileName: string | null; totalRows: number; createdBy: string; createdAt: Date },
): Promise<ImportRow | undefined> {
  const [created] = await db.insert(catalogImports).values(row).onConflictDoNothing().returning();
  return created;
}

export async function setProgress(db: Db, id: string, doneRows: number): Promise<void> {
  await db.update(catalogImports).set({ doneRows }).where(eq(catalogImports.id, id));
}

export async function finishImport(
  db: Db,
  id: string,
  outcome: {
    state: 'done' | 'failed';
    doneRows?: number;
    summary: Record<string, unknown> | null;
    error: string | null;
    at: Date;
  },
): Promise<void> {
  await db
    .update(catalogImports)
    .set({
      state: outcome.state,
      summary: outcome.summary,
      error: outcome.error,
      finishedAt: outcome.at,
      ...(outcome.doneRows === undefined ? {} : { doneRows: outcome.doneRows }),
    })
    .where(eq(catalogImports.id, id));
}

export async function selectImport(db: Db, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(catalogImports).where(eq(catalogImports.id, id)).limit(1);
  return row;
}

// --- Export ---

/** Every product with its names and variants, in a stable order: by slug, variants by position then SKU. */
export async function selectCatalog(db: Db) {
  const [rows, variants] = await Promise.all([
    db
      .select({
        ...productColumns,
        categoryName: categories.name,
        subcategorySlug: subcategories.slug,
        subcategoryName: subcategories.name,
        brandName: brands.name,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .orderBy(asc(products.slug)),
    db
      .select(variantColumns)
      .from(productVariants)
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.sku)),
  ]);
  const byProduct = new Map<string, ExistingVariant[]>();
  for (const { productId, ...v } of variants) {
    const list = byProduct.get(productId);
    if (list) list.push(v);
    else byProduct.set(productId, [v]);
  }
  return rows.map((r) => ({ ...r, variants: byProduct.get(r.id) ?? [] }));
}
export type CatalogRow = Awaited<ReturnType<typeof selectCatalog>>[number];
