import { wishlistFailure } from '@shop/contracts/failures';
import { apiFailureOf } from '../../lib/api-error.ts';
import { postWishlistItem } from './api/add-to-wishlist.ts';
import { deleteWishlistItem } from './api/remove-from-wishlist.ts';
import { isInWishlist, type WishlistProduct, wishlistStore, withoutProduct, withProduct } from './wishlist-store.ts';
import { toWishlistProducts, wishlistSync } from './wishlist-sync.ts';

export const WISHLIST_MESSAGES = {
  added: 'Added to wishlist!',
  removed: 'Removed from wishlist!',
  failed: 'Failed to update wishlist!',
} as const;

/**
 * Saves the product, or removes it when it is already saved (the product page's heart button).
 * Resolves whether the product is saved afterwards.
 */
export async function toggleWishlist(product: WishlistProduct): Promise<boolean> {
  wishlistSync.ensure();
  if (isInWishlist(wishlistStore.getState().items, product.id)) {
    return !(await removeFromWishlist(product.id));
  }
  return addToWishlist(product);
}

/** Saves a product: at once in this browser, then on the server when signed in. Resolves true on success. */
export function addToWishlist(product: WishlistProduct): Promise<boolean> {
  return wishlistSync.change({
    apply: (items) => withProduct(items, product),
    send: async (userId) => ({
      userId,
      items: toWishlistProducts(await postWishlistItem(product.id)),
    }),
    messages: { success: WISHLIST_MESSAGES.added, failure: WISHLIST_MESSAGES.failed },
  });
}

/** Removes a product: at once in this browser, then on the server when signed in. Resolves true on success. */
export async function removeFromWishlist(productId: string): Promise<boolean> {
  wishlistSync.ensure();
  if (!isInWishlist(wishlistStore.getState().items, productId)) return true;
  return wishlistSync.change({
    apply: (items) => withoutProduct(items, productId),
    send: async (userId) => {
      try {
        const list = await deleteWishlistItem(productId);
        return { userId, items: toWishlistProducts(list) };
      } catch (error) {
        // Already gone from the server list: what the shopper asked for is true.
        const { failure } = await apiFailureOf(error, wishlistFailure);
        if (failure?.reason === 'not_saved' || failure?.reason === 'product_not_found') return null;
        throw error;
      }
    },
    messages: { success: WISHLIST_MESSAGES.removed, failure: WISHLIST_MESSAGES.failed },
  });
}
