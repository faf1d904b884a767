import type { CurrencyUnit } from '@shop/contracts/currency';
import type { Wishlist } from '@shop/contracts/wishlist';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, subcategories, wishlistItems } from '../../db/schema.ts';
import { productColumns, toProductWire } from '../catalog/index.ts';

/** The wishlist's SQL: every statement on saved items is scoped by the user. */

/** The user's saved products that are published, newest first; prices in `base`. */
export async function selectWishlist(db: Db, userId: string, base: CurrencyUnit): Promise<Wishlist> {
  const rows = await db
    // The catalogue's own columns and mapper: a wishlist shows products exactly as the catalogue does.
    .select(productColumns)
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    // An unpublished product drops out of view but stays saved, and comes back when republished.
    .where(and(eq(wishlistItems.userId, userId), eq(products.published, true)))
    .orderBy(desc(wishlistItems.createdAt), desc(products.id));
  return rows.map((row) => toProductWire(row, base));
}

/** Whether a published product has this id. */
export async function isPublishedProduct(db: Db, productId: string): Promise<boolean> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.published, true)));
  return product !== undefined;
}

/** Saves a product; false when it was already saved. */
export async function insertItem(db: Db, userId: string, productId: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(wishlistItems)
    .values({ userId, productId, createdAt: now })
    .onConflictDoNothing()
    .returning({ productId: wishlistItems.productId });
  return inserted.length > 0;
}

/** Removes a saved product; false when it was not saved. */
export async function deleteItem(db: Db, userId: string, productId: string): Promise<boolean> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  return removed.length > 0;
}
