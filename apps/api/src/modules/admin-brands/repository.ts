import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { brands, products } from '../../db/schema.ts';

/** Admin Brands' SQL. */

type Executor = Db | Tx;
export type BrandRow = typeof brands.$inferSelect & { productCount: number };

// Drizzle writes columns unqualified in a select from one table: the outer brand's id is named in full.
const productCount = sql<number>`(select count(*)::int from ${products} where ${products.brandId} = "brands"."id")`;

/** Every brand by name, with how many products (drafts included) name it. */
export function selectBrands(ex: Executor): Promise<BrandRow[]> {
  return ex
    .select({
      id: brands.id,
      name: brands.name,
      slug: brands.slug,
      logo: brands.logo,
      description: brands.description,
      productCount,
    })
    .from(brands)
    .orderBy(asc(brands.name), asc(brands.id));
}

export async function selectBrand(ex: Executor, id: string): Promise<BrandRow | undefined> {
  const [row] = await ex
    .select({
      id: brands.id,
      name: brands.name,
      slug: brands.slug,
      logo: brands.logo,
      description: brands.description,
      productCount,
    })
    .from(brands)
    .where(eq(brands.id, id));
  return row;
}

/**
 * The brand locked for a change. A product being saved with this brand holds a key-share lock on it (the
 * foreign key), so a delete waits for it and then sees it: no product is left pointing at nothing.
 */
export async function lockBrand(tx: Tx, id: string) {
  const [row] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, id)).for('update');
  return row;
}

export async function countProducts(tx: Tx, id: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(products).where(eq(products.brandId, id));
  return row?.n ?? 0;
}

export async function insertBrand(tx: Tx, values: typeof brands.$inferInsert) {
  await tx.insert(brands).values(values);
}

export async function updateBrand(tx: Tx, id: string, values: Partial<typeof brands.$inferInsert>) {
  if (Object.keys(values).length > 0) await tx.update(brands).set(values).where(eq(brands.id, id));
}

export async function deleteBrand(tx: Tx, id: string) {
  await tx.delete(brands).where(eq(brands.id, id));
}
