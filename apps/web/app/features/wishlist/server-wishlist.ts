import type { Wishlist } from '@shop/contracts/engagement';
import { createSerialQueue } from '../../lib/serial-queue.ts';
import { sessionStore } from '../auth/index.ts';
import { replaceWishlist, type WishlistProduct } from './wishlist-store.ts';

/** The signed-in user's wishlist calls run one after another, the sign-in merge first. */
export const wishlistQueue = createSerialQueue();

export function signedInUserId(): string | null {
  const { isAuthenticated, user } = sessionStore.getState();
  return isAuthenticated && user ? user.id : null;
}

export function toWishlistProducts(list: Wishlist): WishlistProduct[] {
  return list.map((p) => ({
    id: p.id,
    name: p.name,
    sale_price: p.sale_price,
    regular_price: p.regular_price,
    image: p.images[0] ?? null,
    slug: p.slug,
    in_stock: p.in_stock,
    colors: p.colors,
    sizes: p.available_sizes,
  }));
}

/** The server's list replaces the local one when no later call is still queued (those bring their own). */
export function adoptServerWishlist(list: Wishlist, userId: string) {
  if (signedInUserId() !== userId || wishlistQueue.pending() > 0) return;
  replaceWishlist(toWishlistProducts(list), userId);
}
