import type { AdminProductListQuery } from '@shop/contracts/admin-catalog';
import { statesWhere } from '@shop/contracts/order-lifecycle';
import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { statusNotIn } from '../../db/order-status.ts';
import {
  brands,
  categories,
  featuredCards,
  orderLines,
  orders,
  products,
  productVariants,
  stockMovements,
  storeSettings,
  subcategories,
  users,
} from '../../db/schema.ts';
import type { Actor } from '../audit/index.ts';
import { type AdminRow, adminColumns } from './wire.ts';

/** Admin Products' SQL: every product, drafts included. */

type Executor = Db | Tx;
export type ProductValues = PgUpdateSetSource<typeof products>;

/** Orders whose lines count as sold: paid for or promised (pay later), not cancelled or abandoned. */
const UNSOLD_STATUSES = statesWhere((s) => !s.sold);

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listOrder(sort: AdminProductListQuery['sort'], order: AdminProductListQuery['order']): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  const column = {
    name: products.name,
    price: products.salePriceCents,
    stock: products.available,
    date_added: products.dateAdded,
    sold: products.soldCount,
  }[sort];
  return [dir(column), dir(products.id)];
}

/** The e-mail of the staff member, for `modified_by` (a subquery, written with the change). */
export const actorEmail = (actor: Actor) =>
  sql`(select ${users.email} from ${users} where ${users.id} = ${actor.userId})`;

export async function readRow(ex: Executor, id: string): Promise<AdminRow | undefined> {
  const [row] = await ex
    .select(adminColumns)
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

export async function productExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return row !== undefined;
}

/** One page of the admin list: searched, filtered, sorted, with the total. */
export async function selectProductPage(db: Db, query: AdminProductListQuery) {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(or(ilike(products.name, pattern), ilike(products.slug, pattern)) as SQL);
  }
  if (query.category) where.push(eq(products.categoryId, query.category));
  if (query.published !== undefined) where.push(eq(products.published, query.published));
  if (query.stock === 'out') where.push(eq(products.available, 0));
  else if (query.stock === 'in_stock') where.push(gt(products.available, 0));
  else if (query.stock === 'low') {
    const [settings] = await db.select({ threshold: storeSettings.lowStockThreshold }).from(storeSettings);
    where.push(gt(products.available, 0), lte(products.available, settings?.threshold ?? 5));
  }
  const filter = where.length > 0 ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(adminColumns)
      .from(products)
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(filter)
      .orderBy(...listOrder(query.sort, query.order))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(products).where(filter),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Everything the product form offers: categories, subcategories, featured cards, brands, in order. */
export function selectFormOptions(db: Db) {
  return Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db.select().from(subcategories).orderBy(asc(subcategories.position), asc(subcategories.id)),
    db.select().from(featuredCards).orderBy(asc(featuredCards.position), asc(featuredCards.id)),
    db.select().from(brands).orderBy(asc(brands.name)),
  ]);
}

/**
 * The id of the category `id` names: its own, else the one that had it as its address before (a form or a
 * script holding the old one). Key-share locked, so the category cannot move to another address or go
 * before the product that names it is written.
 */
export async function findCategoryId(ex: Executor, id: string): Promise<string | undefined> {
  const [category] = await ex
    .select({ id: categories.id })
    .from(categories)
    .where(or(eq(categories.id, id), sql`${id} = any(${categories.formerIds})`))
    .orderBy(sql`${categories.id} = ${id} desc`)
    .limit(1)
    .for('key share');
  return category?.id;
}

/** The id of the subcategory `slug` of the category; undefined when it is not one of its. */
export async function findSubcategoryId(ex: Executor, categoryId: string, slug: string): Promise<number | undefined> {
  const [sub] = await ex
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(and(eq(subcategories.categoryId, categoryId), eq(subcategories.slug, slug.toLowerCase())))
    .limit(1);
  return sub?.id;
}

export async function brandExists(ex: Executor, id: string): Promise<boolean> {
  const [brand] = await ex.select({ id: brands.id }).from(brands).where(eq(brands.id, id)).limit(1);
  return brand !== undefined;
}

/** Which of the featured tags exist. */
export async function knownFeaturedTags(ex: Executor, slugs: string[]): Promise<Set<string>> {
  const found = await ex
    .select({ slug: featuredCards.slug })
    .from(featuredCards)
    .where(inArray(featuredCards.slug, slugs));
  return new Set(found.map((f) => f.slug));
}

export async function insertProduct(tx: Tx, values: PgInsertValue<typeof products>): Promise<string> {
  const [created] = await tx.insert(products).values(values).returning({ id: products.id });
  if (!created) throw new Error('product not created');
  return created.id;
}

/** The product's pricing, its row locked for the change. */
export async function lockForUpdate(tx: Tx, id: string) {
  const [locked] = await tx
    .select({
      slug: products.slug,
      options: products.options,
      categoryId: products.categoryId,
      regularPriceCents: products.regularPriceCents,
      salePriceCents: products.salePriceCents,
      percentageDiscount: products.percentageDiscount,
    })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return locked;
}

export async function updateProduct(tx: Tx, id: string, values: ProductValues): Promise<void> {
  await tx.update(products).set(values).where(eq(products.id, id));
}

/** The products with these ids, locked in id order (no deadlocks between bulk changes). */
export function lockPublishState(tx: Tx, ids: string[]) {
  return tx
    .select({ id: products.id, published: products.published })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
}

export async function setPublished(tx: Tx, ids: string[], published: boolean, actor: Actor, now: Date) {
  await tx
    .update(products)
    .set({ published, modifiedDate: now, modifiedBy: actorEmail(actor) })
    .where(inArray(products.id, ids));
}

export async function stockOf(ex: Executor, id: string): Promise<number | undefined> {
  const [now] = await ex.select({ available: products.available }).from(products).where(eq(products.id, id));
  return now?.available;
}

export async function touchProduct(tx: Tx, id: string, actor: Actor, now: Date) {
  await tx
    .update(products)
    .set({ modifiedDate: now, modifiedBy: actorEmail(actor) })
    .where(eq(products.id, id));
}

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
  soldCount: productVariants.soldCount,
  image: productVariants.image,
  barcode: productVariants.barcode,
  weightGrams: productVariants.weightGrams,
  taxClass: productVariants.taxClass,
  position: productVariants.position,
};
export type VariantRow = typeof productVariants.$inferSelect;

/** The variants of these products in their order (for the admin answers). */
export function selectVariants(ex: Executor, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return ex
    .select(variantColumns)
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
}

/** The variants of these products, locked for a change (product, then position: a stable lock order). */
export function lockVariants(tx: Tx, productIds: string[]) {
  return tx
    .select(variantColumns)
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))
    .for('update');
}

/** Which of these SKUs other products' variants already use. */
export async function skusUsedElsewhere(tx: Tx, productId: string, skus: string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const rows = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(and(inArray(productVariants.sku, skus), sql`${productVariants.productId} <> ${productId}`));
  return rows.map((r) => r.sku);
}

export async function deleteVariants(tx: Tx, ids: string[]) {
  if (ids.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, ids));
}

/**
 * Gives these variants a SKU and values no other row can have (their id), so that swapping SKUs or
 * values between variants of one product never trips the unique keys halfway through.
 */
export async function parkVariants(tx: Tx, ids: string[]) {
  if (ids.length === 0) return;
  const parked = sql`'~' || ${productVariants.id}::text`;
  await tx
    .update(productVariants)
    .set({ sku: parked, option1: parked, option2: null, option3: null })
    .where(inArray(productVariants.id, ids));
}

export type VariantValues = Omit<typeof productVariants.$inferInsert, 'id' | 'productId' | 'soldCount'>;

export async function updateVariant(tx: Tx, id: string, values: Partial<VariantValues>) {
  await tx.update(productVariants).set(values).where(eq(productVariants.id, id));
}

export async function insertVariant(tx: Tx, productId: string, values: VariantValues): Promise<string> {
  const [row] = await tx
    .insert(productVariants)
    .values({ ...values, productId })
    .returning({ id: productVariants.id });
  if (!row) throw new Error('variant not created');
  return row.id;
}

/** The slugs of a category's featured cards (a product moved there keeps only these tags). */
export async function featuredOf(tx: Tx, categoryId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: featuredCards.slug })
    .from(featuredCards)
    .where(eq(featuredCards.categoryId, categoryId));
  return new Set(rows.map((r) => r.slug));
}

/** The products of a bulk edit, locked in id order (no deadlocks between bulk changes). */
export function lockForBulk(tx: Tx, ids: string[]) {
  return tx
    .select({
      id: products.id,
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      featured: products.featured,
      published: products.published,
      regularPriceCents: products.regularPriceCents,
      salePriceCents: products.salePriceCents,
      percentageDiscount: products.percentageDiscount,
      available: products.available,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
}

export async function insertMovement(tx: Tx, values: typeof stockMovements.$inferInsert) {
  const [movement] = await tx
    .insert(stockMovements)
    .values(values)
    .returning({ id: stockMovements.id, createdAt: stockMovements.createdAt });
  if (!movement) throw new Error('movement not recorded');
  return movement;
}

export async function emailOf(tx: Tx, userId: string): Promise<string | null> {
  const [who] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return who?.email ?? null;
}

/** A page of a product's stock movements, newest first, with the total. */
export async function selectMovements(db: Db, id: string, page: number, limit: number) {
  const where = eq(stockMovements.productId, id);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        delta: stockMovements.delta,
        reason: stockMovements.reason,
        note: stockMovements.note,
        variantId: stockMovements.variantId,
        sku: productVariants.sku,
        orderId: stockMovements.orderId,
        orderNumber: orders.number,
        actorEmail: users.email,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .leftJoin(orders, eq(orders.id, stockMovements.orderId))
      .leftJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .leftJoin(users, eq(users.id, stockMovements.actorId))
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(stockMovements).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Units sold, revenue and orders of a product (cancelled and unpaid-card orders excluded), and its latest lines. */
export async function selectSales(db: Db, id: string) {
  const where = and(eq(orderLines.productId, id), statusNotIn(UNSOLD_STATUSES));
  const [[totals], recent] = await Promise.all([
    db
      .select({
        units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
        revenue: sql<number>`coalesce(sum(${orderLines.quantity} * ${orderLines.unitPriceCents}), 0)::bigint`,
        orders: sql<number>`count(distinct ${orderLines.orderId})::int`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(where),
    db
      .select({
        orderId: orders.id,
        number: orders.number,
        status: orders.status,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
        createdAt: orders.createdAt,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orderLines.id))
      .limit(10),
  ]);
  return { totals, recent };
}
