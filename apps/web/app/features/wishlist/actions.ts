import type { Wishlist } from '@shop/contracts/engagement';
import toast from 'react-hot-toast';
import { statusOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { adoptServerWishlist, signedInUserId, wishlistQueue } from './server-wishlist.ts';
import {
  addWishlistItem,
  isInWishlist,
  removeWishlistItem,
  setWishlistItems,
  type WishlistProduct,
  wishlistStore,
} from './wishlist-store.ts';
import { ensureWishlistSync, refreshWishlistFromServer } from './wishlist-sync.ts';

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
  ensureWishlistSync();
  if (isInWishlist(wishlistStore.getState().items, product.id)) {
    return !(await removeFromWishlist(product.id));
  }
  return addToWishlist(product);
}

/** Saves a product: at once in this browser, then on the server when signed in. Resolves true on success. */
export async function addToWishlist(product: WishlistProduct): Promise<boolean> {
  ensureWishlistSync();
  addWishlistItem(product);
  const userId = signedInUserId();
  if (!userId) {
    toast.success(WISHLIST_MESSAGES.added);
    return true;
  }
  try {
    const list = await wishlistQueue.run(() =>
      api.post('wishlist', { json: { product_id: product.id } }).json<Wishlist>(),
    );
    adoptServerWishlist(list, userId);
    toast.success(WISHLIST_MESSAGES.added);
    return true;
  } catch {
    removeWishlistItem(product.id);
    toast.error(WISHLIST_MESSAGES.failed);
    void refreshWishlistFromServer(userId);
    return false;
  }
}

/** Removes a product: at once in this browser, then on the server when signed in. Resolves true on success. */
export async function removeFromWishlist(productId: string): Promise<boolean> {
  ensureWishlistSync();
  const before = wishlistStore.getState().items;
  const index = before.findIndex((p) => p.id === productId);
  if (index < 0) return true;
  const removed = before[index]!;
  removeWishlistItem(productId);
  const userId = signedInUserId();
  if (!userId) {
    toast.success(WISHLIST_MESSAGES.removed);
    return true;
  }
  try {
    const list = await wishlistQueue.run(async () => {
      try {
        return await api.delete(`wishlist/${encodeURIComponent(productId)}`).json<Wishlist>();
      } catch (error) {
        // Already gone from the server list: what the shopper asked for is true.
        if (statusOf(error) === 404) return null;
        throw error;
      }
    });
    if (list) adoptServerWishlist(list, userId);
    toast.success(WISHLIST_MESSAGES.removed);
    return true;
  } catch {
    const items = [...wishlistStore.getState().items];
    if (!isInWishlist(items, productId)) {
      items.splice(Math.min(index, items.length), 0, removed);
      setWishlistItems(items);
    }
    toast.error(WISHLIST_MESSAGES.failed);
    void refreshWishlistFromServer(userId);
    return false;
  }
}
