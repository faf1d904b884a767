import { and, arrayContains, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, featuredCards, products, subcategories } from '../../db/schema.ts';

/** Admin Categories' SQL. */

type Executor = Db | Tx;
export type CategoryRow = typeof categories.$inferSelect & { productCount: number };
export type SubcategoryRow = Pick<typeof subcategories.$inferSelect, 'id' | 'categoryId' | 'name' | 'slug' | 'icon'> & {
  productCount: number;
};

// Drizzle writes columns unqualified in a select from one table: the outer row's id is named in full.
const categoryProducts = sql<number>`(select count(*)::int from ${products} where ${products.categoryId} = "categories"."id")`;
const subcategoryProducts = sql<number>`(select count(*)::int from ${products} where ${products.subcategoryId} = "subcategories"."id")`;

/** Every category in menu order, with how many products (drafts included) are in it. */
export function selectCategories(ex: Executor, id?: string): Promise<CategoryRow[]> {
  const query = ex
    .select({
      id: categories.id,
      name: categories.name,
      icon: categories.icon,
      position: categories.position,
      aliases: categories.aliases,
      formerIds: categories.formerIds,
      description: categories.description,
      offerTitle: categories.offerTitle,
      offerText: categories.offerText,
      offerLink: categories.offerLink,
      badge: categories.badge,
      hidden: categories.hidden,
      picture: categories.picture,
      seoTitle: categories.seoTitle,
      seoDescription: categories.seoDescription,
      productCount: categoryProducts,
    })
    .from(categories);
  return (id === undefined ? query : query.where(eq(categories.id, id))).orderBy(
    asc(categories.position),
    asc(categories.id),
  );
}

/** The subcategories of `categoryIds`, in menu order, with their numbers of products. */
export function selectSubcategories(ex: Executor, categoryIds: string[]): Promise<SubcategoryRow[]> {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return ex
    .select({
      id: subcategories.id,
      categoryId: subcategories.categoryId,
      name: subcategories.name,
      slug: subcategories.slug,
      icon: subcategories.icon,
      productCount: subcategoryProducts,
    })
    .from(subcategories)
    .where(inArray(subcategories.categoryId, categoryIds))
    .orderBy(asc(subcategories.position), asc(subcategories.id));
}

/**
 * The category locked for a change. A product saved into it at the same moment holds a key-share lock on
 * it (the foreign key), so a delete waits for that product and then counts it.
 */
export async function lockCategory(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.id, id))
    .for('update');
  return row;
}

/** Every category locked, in id order (one order for every reorder, so two never wait on each other). */
export function lockAllCategories(tx: Tx) {
  return tx.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)).for('update');
}

export async function lockSubcategory(tx: Tx, categoryId: string, subId: number) {
  const [row] = await tx
    .select({
      id: subcategories.id,
      name: subcategories.name,
      slug: subcategories.slug,
      formerSlugs: subcategories.formerSlugs,
    })
    .from(subcategories)
    .where(and(eq(subcategories.id, subId), eq(subcategories.categoryId, categoryId)))
    .for('update');
  return row;
}

export async function countCategoryProducts(tx: Tx, id: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
  return row?.n ?? 0;
}

/** Inserts a category at the end of the menu; false when the id is taken. */
export async function insertCategory(
  tx: Tx,
  values: Omit<typeof categories.$inferInsert, 'position'>,
): Promise<boolean> {
  const rows = await tx
    .insert(categories)
    .values({
      ...values,
      position: sql`(select coalesce(max(${categories.position}), -1) + 1 from ${categories})`,
    })
    .onConflictDoNothing()
    .returning({ id: categories.id });
  return rows.length === 1;
}

export async function updateCategory(tx: Tx, id: string, values: Partial<typeof categories.$inferInsert>) {
  if (Object.keys(values).length > 0) await tx.update(categories).set(values).where(eq(categories.id, id));
}

/**
 * One change of categories' names (ids, aliases) at a time, until this transaction ends: two changes that
 * each check a name is free and then take it cannot both take the same one.
 */
export async function serializeCategoryNames(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop:category-names'))`);
}

/** The category other than `except` whose id or one of whose other names is `name`. */
export async function categoryNamed(tx: Tx, name: string, except: string) {
  const [row] = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(ne(categories.id, except), or(eq(categories.id, name), sql`${name} = any(${categories.aliases})`)))
    .limit(1);
  return row;
}

/** `id` is a category's address from now on: no other category keeps it as an address it had. */
export async function forgetFormerId(tx: Tx, id: string) {
  await tx
    .update(categories)
    .set({ formerIds: sql`array_remove(${categories.formerIds}, ${id})` })
    .where(sql`${id} = any(${categories.formerIds})`);
}

/**
 * Gives category `from` the id `to`. Its products, subcategories and featured cards follow (their foreign
 * keys cascade the update); `from` joins the addresses it had, which lead to it with a 301.
 */
export async function changeCategoryId(tx: Tx, from: string, to: string) {
  await forgetFormerId(tx, to);
  await tx
    .update(categories)
    .set({ id: to, formerIds: sql`array_append(${categories.formerIds}, ${from})` })
    .where(eq(categories.id, from));
}

/** Moves every product of `from` into `to`, out of any subcategory (those belong to `from`). */
export async function moveProducts(tx: Tx, from: string, to: string) {
  await tx
    .update(products)
    .set({ categoryId: to, subcategoryId: null, modifiedDate: sql`now()` })
    .where(eq(products.categoryId, from));
}

export async function deleteCategory(tx: Tx, id: string) {
  await tx.delete(categories).where(eq(categories.id, id));
}

export async function setCategoryPositions(tx: Tx, ids: string[]) {
  for (const [position, id] of ids.entries()) {
    await tx.update(categories).set({ position }).where(eq(categories.id, id));
  }
}

/** Inserts a subcategory at the end of its category; undefined when the name is taken there. */
export async function insertSubcategory(
  tx: Tx,
  values: { categoryId: string; name: string; slug: string; icon: string },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(subcategories)
    .values({
      ...values,
      position: sql`(select coalesce(max(${subcategories.position}), -1) + 1 from ${subcategories} where ${subcategories.categoryId} = ${values.categoryId})`,
    })
    .onConflictDoNothing()
    .returning({ id: subcategories.id });
  return row?.id;
}

export async function updateSubcategory(
  tx: Tx,
  subId: number,
  values: Partial<
    Pick<typeof subcategories.$inferInsert, 'name' | 'slug' | 'formerSlugs' | 'icon' | 'categoryId' | 'position'>
  >,
) {
  if (Object.keys(values).length > 0) await tx.update(subcategories).set(values).where(eq(subcategories.id, subId));
}

/** Products of a subcategory that moves follow it into its new category. */
export async function moveSubcategoryProducts(tx: Tx, subId: number, to: string) {
  await tx.update(products).set({ categoryId: to, modifiedDate: sql`now()` }).where(eq(products.subcategoryId, subId));
}

/** Deletes a subcategory; its products stay in the category, in no subcategory (the foreign key's `set null`). */
export async function deleteSubcategory(tx: Tx, subId: number) {
  await tx.delete(subcategories).where(eq(subcategories.id, subId));
}

export async function subcategoryIdsOf(tx: Tx, categoryId: string): Promise<number[]> {
  const rows = await tx
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(eq(subcategories.categoryId, categoryId))
    .orderBy(asc(subcategories.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setSubcategoryPositions(tx: Tx, ids: number[]) {
  for (const [position, id] of ids.entries()) {
    await tx.update(subcategories).set({ position }).where(eq(subcategories.id, id));
  }
}

export type FeaturedCardRow = Pick<
  typeof featuredCards.$inferSelect,
  'id' | 'categoryId' | 'name' | 'slug' | 'image' | 'link'
>;

/** The featured cards of `categoryIds`, in panel order. */
export function selectFeaturedCards(ex: Executor, categoryIds: string[]): Promise<FeaturedCardRow[]> {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return ex
    .select({
      id: featuredCards.id,
      categoryId: featuredCards.categoryId,
      name: featuredCards.name,
      slug: featuredCards.slug,
      image: featuredCards.image,
      link: featuredCards.link,
    })
    .from(featuredCards)
    .where(inArray(featuredCards.categoryId, categoryIds))
    .orderBy(asc(featuredCards.position), asc(featuredCards.id));
}

/** Inserts a card at the end of its category's panel; undefined when another card has its slug. */
export async function insertFeaturedCard(
  tx: Tx,
  values: { categoryId: string; name: string; slug: string; image: string; link: string | null },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(featuredCards)
    .values({
      ...values,
      position: sql`(select coalesce(max(${featuredCards.position}), -1) + 1 from ${featuredCards} where ${featuredCards.categoryId} = ${values.categoryId})`,
    })
    .onConflictDoNothing()
    .returning({ id: featuredCards.id });
  return row?.id;
}

/** The category that has a card with this slug, if any. */
export async function featuredSlugHolder(tx: Tx, slug: string) {
  const [row] = await tx
    .select({ category: categories.name })
    .from(featuredCards)
    .innerJoin(categories, eq(categories.id, featuredCards.categoryId))
    .where(eq(featuredCards.slug, slug));
  return row;
}

export async function lockFeaturedCard(tx: Tx, categoryId: string, cardId: number) {
  const [row] = await tx
    .select({ id: featuredCards.id, slug: featuredCards.slug })
    .from(featuredCards)
    .where(and(eq(featuredCards.id, cardId), eq(featuredCards.categoryId, categoryId)))
    .for('update');
  return row;
}

export async function updateFeaturedCard(
  tx: Tx,
  cardId: number,
  values: Partial<Pick<typeof featuredCards.$inferInsert, 'name' | 'image' | 'link'>>,
) {
  if (Object.keys(values).length > 0) await tx.update(featuredCards).set(values).where(eq(featuredCards.id, cardId));
}

/** Deletes a card, and its slug from every product that carried it: no product keeps a tag nothing shows. */
export async function deleteFeaturedCard(tx: Tx, cardId: number, slug: string) {
  await tx.delete(featuredCards).where(eq(featuredCards.id, cardId));
  await tx
    .update(products)
    .set({ featured: sql`array_remove(${products.featured}, ${slug})`, modifiedDate: sql`now()` })
    .where(arrayContains(products.featured, [slug]));
}

export async function featuredCardIdsOf(tx: Tx, categoryId: string): Promise<number[]> {
  const rows = await tx
    .select({ id: featuredCards.id })
    .from(featuredCards)
    .where(eq(featuredCards.categoryId, categoryId))
    .orderBy(asc(featuredCards.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setFeaturedPositions(tx: Tx, ids: number[]) {
  for (const [position, id] of ids.entries()) {
    await tx.update(featuredCards).set({ position }).where(eq(featuredCards.id, id));
  }
}
