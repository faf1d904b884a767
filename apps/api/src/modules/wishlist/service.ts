import type { Wishlist } from '@shop/contracts/wishlist';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import type { SettingsService } from '../settings/index.ts';
import { deleteItem, insertItem, isPublishedProduct, selectWishlist } from './repository.ts';

/** What adding or removing can end in besides success: the product is not there to save or to remove. */
export type WishlistFailure = Failure<'product_not_found'> | Failure<'not_saved'>;

/** The signed-in user's wishlist (docs/product.md §2 /wishlist; docs/product.md §10). Always the token's own user. */
export function createWishlistService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { settings }: { settings: Pick<SettingsService, 'get'> },
) {
  const list = async (userId: string): Promise<Wishlist> =>
    selectWishlist(db, userId, (await settings.get()).currencies.base);

  return {
    list,

    /** Saves a published product; saving it again changes nothing. `created` is false then. */
    async add(
      userId: string,
      productId: string,
    ): Promise<Result<{ created: boolean; wishlist: Wishlist }, WishlistFailure>> {
      if (!isUuid(productId) || !(await isPublishedProduct(db, productId))) return fail('product_not_found');
      const created = await insertItem(db, userId, productId, clock.now());
      return ok({ created, wishlist: await list(userId) });
    },

    /** Removes a product from the wishlist; `not_saved` when it was not there. */
    async remove(userId: string, productId: string): Promise<Result<Wishlist, WishlistFailure>> {
      if (!isUuid(productId) || !(await deleteItem(db, userId, productId))) return fail('not_saved');
      return ok(await list(userId));
    },
  };
}
export type WishlistService = ReturnType<typeof createWishlistService>;
