import type { Wishlist } from '@shop/contracts/engagement';
import { and, desc, eq } from 'drizzle-orm';
import { products, subcategories, wishlistItems } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Deps } from '../../services.ts';
import { productColumns, toProductWire } from '../catalog/service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in user's wishlist (spec §2 /wishlist; DESIGN §7). Always the token's own user. */
export function createWishlistService({ db, clock }: Deps) {
  async function list(userId: string): Promise<Wishlist> {
    const rows = await db
      // The catalogue's own columns and mapper: a wishlist shows products exactly as the catalogue does.
      .select(productColumns)
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      // An unpublished product drops out of view but stays saved, and comes back when republished.
      .where(and(eq(wishlistItems.userId, userId), eq(products.published, true)))
      .orderBy(desc(wishlistItems.createdAt), desc(products.id));
    return rows.map(toProductWire);
  }

  return {
    list,

    /** Saves a published product; saving it again changes nothing. `created` is false then. */
    async add(userId: string, productId: string): Promise<{ created: boolean; wishlist: Wishlist }> {
      if (!UUID.test(productId)) throw notFound('Product not found');
      const [product] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.published, true)));
      if (!product) throw notFound('Product not found');
      const inserted = await db
        .insert(wishlistItems)
        .values({ userId, productId: product.id, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ productId: wishlistItems.productId });
      return { created: inserted.length > 0, wishlist: await list(userId) };
    },

    /** Removes a product from the wishlist; 404 when it was not there. */
    async remove(userId: string, productId: string): Promise<Wishlist> {
      if (!UUID.test(productId)) throw notFound('This product is not in your wishlist');
      const removed = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
        .returning({ productId: wishlistItems.productId });
      if (removed.length === 0) throw notFound('This product is not in your wishlist');
      return list(userId);
    },
  };
}
