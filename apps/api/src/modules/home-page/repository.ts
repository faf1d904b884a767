import type { Product } from '@shop/contracts/catalog';
import type { CurrencyUnit } from '@shop/contracts/currency';
import type { HomeSection } from '@shop/contracts/home-page';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { homePage, products, subcategories } from '../../db/schema.ts';
import { productColumns, toProductWire } from '../catalog/index.ts';

/** The home page's SQL: its one row, and the two rails the catalogue's listing has no filter for. */

export interface HomePageRow {
  sections: HomeSection[];
  updatedAt: Date;
}

/** The saved sections, or undefined when none were ever saved. */
export async function selectHomePage(db: Db | Tx): Promise<HomePageRow | undefined> {
  const [row] = await db
    .select({ sections: homePage.sections, updatedAt: homePage.updatedAt })
    .from(homePage)
    .where(eq(homePage.id, 1));
  return row;
}

/** The row, locked for the rest of the transaction (its "before" for the audit log); undefined when none. */
export async function lockHomePage(tx: Tx): Promise<HomePageRow | undefined> {
  const [row] = await tx
    .select({ sections: homePage.sections, updatedAt: homePage.updatedAt })
    .from(homePage)
    .where(eq(homePage.id, 1))
    .for('update');
  return row;
}

/** Replaces the whole list in one statement: a reader sees the old list or the new one, never a mix. */
export async function upsertHomePage(
  db: Db | Tx,
  sections: HomeSection[],
  updatedBy: string | null,
  now: Date,
): Promise<HomePageRow> {
  const [row] = await db
    .insert(homePage)
    .values({ id: 1, sections, updatedBy, updatedAt: now })
    .onConflictDoUpdate({ target: homePage.id, set: { sections, updatedBy, updatedAt: now } })
    .returning({ sections: homePage.sections, updatedAt: homePage.updatedAt });
  if (!row) throw new Error('home page not written');
  return row;
}

/** Published products sold below their regular price, the largest discount first; prices in `base`. */
export async function selectOnSale(db: Db, limit: number, base: CurrencyUnit): Promise<Product[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(and(eq(products.published, true), lt(products.salePriceCents, products.regularPriceCents)))
    .orderBy(desc(products.percentageDiscount), desc(products.dateAdded), desc(products.id))
    .limit(limit);
  return rows.map((row) => toProductWire(row, base));
}

/** The published ones among the products with these slugs, in the order given; prices in `base`. */
export async function selectBySlugs(db: Db, slugs: string[], base: CurrencyUnit): Promise<Product[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select(productColumns)
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(and(eq(products.published, true), inArray(products.slug, slugs)))
    .orderBy(sql`array_position(${sql.param(slugs)}::text[], ${products.slug})`);
  return rows.map((row) => toProductWire(row, base));
}

/** Forgets the saved list: the home is the neutral one again. */
export async function deleteHomePage(tx: Tx): Promise<void> {
  await tx.delete(homePage).where(eq(homePage.id, 1));
}
