import type { Wishlist } from '@shop/contracts/engagement';
import { statusOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { sessionStore, syncSessionFromStorage } from '../auth/index.ts';
import { adoptServerWishlist, signedInUserId, wishlistQueue } from './server-wishlist.ts';
import { loadWishlistFromStorage, replaceWishlist, WISHLIST_STORAGE_KEY, wishlistStore } from './wishlist-store.ts';

let started = false;
let current: Promise<void> = Promise.resolve();
let lastUserId: string | null | undefined;

/**
 * Keeps the wishlist where it belongs (issue 3): in this browser for a guest, on the server when signed
 * in. At sign-in the guest's products are saved to the server (saving twice is harmless, so a page
 * closed halfway just saves them again), then the server's list replaces the local one. At sign-out a
 * user's list is cleared from this browser. Started by the layout after hydration and by every
 * wishlist action; later calls change nothing.
 */
export function startWishlistSync(): Promise<void> {
  if (started) return current;
  started = true;
  syncSessionFromStorage();
  loadWishlistFromStorage();
  sessionStore.subscribe(() => {
    if (signedInUserId() !== lastUserId) current = runSync();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === WISHLIST_STORAGE_KEY) loadWishlistFromStorage();
  });
  current = runSync();
  return current;
}

/** Called by every wishlist action first: the saved list is loaded and a signed-in user's list claimed. */
export function ensureWishlistSync() {
  if (!started) {
    startWishlistSync();
    return;
  }
  const userId = signedInUserId();
  if (userId && wishlistStore.getState().ownerId !== userId) current = runSync();
}

function runSync(): Promise<void> {
  const userId = signedInUserId();
  lastUserId = userId;
  const { ownerId } = wishlistStore.getState();
  if (!userId) {
    if (ownerId !== null) replaceWishlist([], null);
    return Promise.resolve();
  }
  // Another user's list never shows, not even until the server answers.
  if (ownerId !== null && ownerId !== userId) replaceWishlist([], null);
  return wishlistQueue
    .run(async () => {
      const state = wishlistStore.getState();
      // The guest's products, read when the merge runs; the owner changes only once they are saved.
      if (state.ownerId === null) {
        for (const product of [...state.items].reverse()) {
          try {
            await api.post('wishlist', { json: { product_id: product.id } });
          } catch (error) {
            const status = statusOf(error);
            // A withdrawn product (404) or a bad id is skipped; no answer or a server fault stops here.
            if (status === undefined || status >= 500 || status === 401 || status === 403) throw error;
          }
        }
      }
      return api.get('wishlist').json<Wishlist>();
    })
    .then((list) => adoptServerWishlist(list, userId))
    .catch(() => {
      // Offline or signed out meanwhile: the next run tries again.
    });
}

/** Reloads the server's list (after a failed call, so the screen shows what the server holds). */
export function refreshWishlistFromServer(userId: string): Promise<void> {
  return wishlistQueue
    .run(() => api.get('wishlist').json<Wishlist>())
    .then((list) => adoptServerWishlist(list, userId))
    .catch(() => undefined);
}
