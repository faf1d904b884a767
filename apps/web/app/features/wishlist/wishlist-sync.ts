import type { Wishlist } from '@shop/contracts/wishlist';
import { createCollectionSync } from '../../lib/synced-collection/sync.ts';
import { sessionSource } from '../auth/index.ts';
import { postGuestWishlistItem } from './api/add-to-wishlist.ts';
import { getWishlist } from './api/get-wishlist.ts';
import { WISHLIST_STORAGE_KEY, type WishlistProduct, wishlistStore } from './wishlist-store.ts';

export function toWishlistProducts(list: Wishlist): WishlistProduct[] {
  return list.map((p) => ({
    id: p.id,
    name: p.name,
    sale_price: p.sale_price,
    regular_price: p.regular_price,
    tax_class: p.tax_class,
    image: p.images[0] ?? null,
    slug: p.slug,
    in_stock: p.in_stock,
    colors: p.colors,
    sizes: p.available_sizes,
  }));
}

/**
 * Keeps the wishlist where it belongs, by the one synced-collection mechanism
 * (lib/synced-collection): in this browser for a guest, on the server when signed in. At sign-in the
 * guest's products are saved to the server, oldest first so the list keeps its order (saving twice is
 * harmless; a withdrawn product is skipped), then the server's list replaces the local one. At sign-out
 * a user's list is cleared from this browser.
 */
export const wishlistSync = createCollectionSync({
  store: wishlistStore,
  storageKey: WISHLIST_STORAGE_KEY,
  scope: 'wishlist',
  session: sessionSource,
  key: (product) => product.id,
  fetch: async (userId) => ({ userId, items: toWishlistProducts(await getWishlist()) }),
  guestLines: (items) => [...items].reverse().map((product) => ({ productId: product.id })),
  sendGuestLine: (line, key) => postGuestWishlistItem(line.productId, key),
});

/** Starts the wishlist sync (the layout after hydration, the wishlist page); later calls change nothing. */
export const startWishlistSync = (): Promise<void> => wishlistSync.start();
