import type { Wishlist } from '@shop/contracts/engagement';
import { and, desc, eq } from 'drizzle-orm';
import { products, subcategories, wishlistItems } from '../../db/schema.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import { productColumns, toProductWire } from '../catalog/service.ts';

/** What adding or removing can end in besides success: the product is not there to save or to remove. */
export type WishlistFailure = Failure<'product_not_found'> | Failure<'not_saved'>;

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
    async add(
      userId: string,
      productId: string,
    ): Promise<Result<{ created: boolean; wishlist: Wishlist }, WishlistFailure>> {
      if (!isUuid(productId)) return fail('product_not_found');
      const [product] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.published, true)));
      if (!product) return fail('product_not_found');
      const inserted = await db
        .insert(wishlistItems)
        .values({ userId, productId: product.id, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ productId: wishlistItems.productId });
      return ok({ created: inserted.length > 0, wishlist: await list(userId) });
    },

    /** Removes a product from the wishlist; `not_saved` when it was not there. */
    async remove(userId: string, productId: string): Promise<Result<Wishlist, WishlistFailure>> {
      if (!isUuid(productId)) return fail('not_saved');
      const removed = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
        .returning({ productId: wishlistItems.productId });
      if (removed.length === 0) return fail('not_saved');
      return ok(await list(userId));
    },
  };
}
