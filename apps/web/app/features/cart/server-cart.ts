import type { Cart, Profile } from '@shop/contracts/cart';
import { createSerialQueue } from '../../lib/serial-queue.ts';
import { sessionStore } from '../auth/index.ts';
import { cartStore, itemKey, type LocalCartItem, replaceCart, setItems } from './cart-store.ts';

/**
 * Every call that reads or changes the signed-in user's server cart runs through this one queue, so
 * answers arrive in the order the shopper acted and the merge at sign-in always goes first.
 */
export const cartQueue = createSerialQueue();

/** The signed-in user's id, or null for a guest. */
export function signedInUserId(): string | null {
  const { isAuthenticated, user } = sessionStore.getState();
  return isAuthenticated && user ? user.id : null;
}

/** The server's lines as local cart lines (spec §3: product with id and sale_price, and a quantity). */
export function toLocalItems(cart: Cart): LocalCartItem[] {
  return cart.cart_items.map((line) => ({
    id: line.id,
    product: {
      id: line.product.id,
      name: line.product.name,
      sale_price: line.product.sale_price,
      image: line.product.images[0] ?? null,
      slug: line.product.slug,
    },
    quantity: line.quantity,
    color: line.color,
    size: line.size,
    ...(line.missing_choices.length > 0 ? { missing: line.missing_choices } : {}),
  }));
}

/**
 * Takes in a cart the server answered for `userId`. When nothing else is queued the server's cart is
 * the truth and replaces the local one; while later calls are still queued only the server's line ids
 * are taken over (replacing then would briefly undo the shopper's newer, optimistic changes).
 */
export function adoptServerCart(cart: Cart, userId: string) {
  // Only into a cart already claimed for this user: a guest's lines must reach the server first.
  if (signedInUserId() !== userId || cartStore.getState().ownerId !== userId) return;
  if (cartQueue.pending() === 0) {
    replaceCart(toLocalItems(cart), userId);
    return;
  }
  const ids = new Map(toLocalItems(cart).map((line) => [itemKey(line), line.id]));
  setItems(cartStore.getState().items.map((item) => (item.id ? item : { ...item, id: ids.get(itemKey(item)) })));
}

/** spec §4: whenever profile data with cart items loads, the local cart is cleared and replaced by the server's. */
export function applyProfileCart(profile: Profile) {
  adoptServerCart(profile.cart, profile.id);
}
